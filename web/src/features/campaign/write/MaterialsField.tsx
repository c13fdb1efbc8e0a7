import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Thumbnail } from '../../../components/common/Thumbnail';
import { removeColumn } from '../../../components/form/removeColumn';
import { usePopupAllowed } from '../../../components/popup/popupApi';
import { SearchPopup } from '../../../components/popup/SearchPopup';
import type { Row } from '../../../components/resource/definition';
import { FieldValue } from '../../../components/resource/FieldValue';
import { materialPopup } from '../../../components/searchPopups/materialPopup';
import { thumbnailOf } from '../view/materialMedia';
import type { MaterialLine } from './campaignForm';

interface MaterialsFieldProps {
  id?: string;
  value?: MaterialLine[];
  onChange?: (value: MaterialLine[]) => void;
  /** The advertiser whose approved materials are offered; none chosen disables the field. */
  advertiserCId?: number | null;
  /** Templates of the target groups: a material fitting none of them is marked. */
  templateTypes?: number[];
  disabled?: boolean;
}

const toLine = (row: Row): MaterialLine => ({
  matId: Number(row.matId),
  matName: row.matName as string | undefined,
  templateType: row.templateType === undefined ? undefined : Number(row.templateType),
  matPlaytime: row.matPlaytime === undefined ? undefined : Number(row.matPlaytime),
  matType: row.matType as string | undefined,
  thumbUrl: (row.thumbUrl as string | null | undefined) ?? null,
});

/** The campaign's materials: the advertiser's approved, encoded ones, picked in the material popup and shown with thumbnails. */
export function MaterialsField({ id, value = [], onChange, advertiserCId, templateTypes = [], disabled }: MaterialsFieldProps) {
  const [picking, setPicking] = useState(false);
  const mayPick = usePopupAllowed(materialPopup);
  const closed = disabled || !advertiserCId;

  const add = (rows: Row[]) => {
    const fresh = rows.map(toLine).filter((line) => !value.some((kept) => kept.matId === line.matId));
    onChange?.([...value, ...fresh]);
  };

  const fits = (line: MaterialLine) => templateTypes.length === 0 || line.templateType === undefined || templateTypes.includes(line.templateType);

  return (
    <div id={id} className="materials-field">
      <Space className="field-toolbar">
        <Button icon={<PlusOutlined />} disabled={closed || !mayPick} onClick={() => setPicking(true)}>
          소재 추가
        </Button>
        {!advertiserCId && <Typography.Text type="secondary">광고주를 먼저 선택해 주세요.</Typography.Text>}
      </Space>
      <Table<MaterialLine>
        size="small"
        rowKey="matId"
        className="materials-table"
        dataSource={value}
        pagination={false}
        locale={{ emptyText: '선택한 소재가 없습니다.' }}
        columns={[
          { key: 'thumb', title: '미리보기', width: 80, render: (_value, line) => <Thumbnail src={thumbnailOf(line)} alt={line.matName} /> },
          { key: 'matName', title: '소재명', ellipsis: true, render: (_value, line) => line.matName ?? `#${line.matId}` },
          {
            key: 'templateType',
            title: '템플릿',
            width: 220,
            render: (_value, line) => (
              <>
                <FieldValue shape={{ cdKey: 'TEMPLATE_TYPE' }} value={line.templateType} />
                {!fits(line) && <Tag color="orange">대상 그룹과 다름</Tag>}
              </>
            ),
          },
          { key: 'matPlaytime', title: '재생 시간', width: 90, render: (_value, line) => <FieldValue shape={{ cdKey: 'MAT_PLAYTIME' }} value={line.matPlaytime} /> },
          removeColumn<MaterialLine>({
            label: (line) => `${line.matName ?? line.matId} 빼기`,
            onRemove: (line) => onChange?.(value.filter((other) => other.matId !== line.matId)),
            disabled,
          }),
        ]}
      />
      <SearchPopup
        definition={materialPopup}
        open={picking}
        conditions={advertiserCId ? { advertiserCId } : undefined}
        onClose={() => setPicking(false)}
        onPickMany={add}
      />
    </div>
  );
}
