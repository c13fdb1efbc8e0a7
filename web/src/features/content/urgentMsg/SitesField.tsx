import { PlusOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';
import { useState } from 'react';
import { removeColumn } from '../../../components/form/removeColumn';
import { usePopupAllowed } from '../../../components/popup/popupApi';
import { SearchPopup } from '../../../components/popup/SearchPopup';
import type { Row } from '../../../components/resource/definition';
import { poiPopup } from '../../../components/searchPopups/poiPopup';
import type { TargetSite } from './urgentBody';

interface SitesFieldProps {
  id?: string;
  value?: TargetSite[];
  onChange?: (value: TargetSite[]) => void;
  disabled?: boolean;
}

/** Sites picked in the site popup, listed by name, each removable. */
export function SitesField({ id, value = [], onChange, disabled }: SitesFieldProps) {
  const [picking, setPicking] = useState(false);
  const mayPick = usePopupAllowed(poiPopup);

  const add = (rows: Row[]) => {
    const fresh = rows
      .map((row) => ({ poiId: Number(row.poiId), poiNm: row.poiNm as string | undefined }))
      .filter((site) => !value.some((kept) => kept.poiId === site.poiId));
    onChange?.([...value, ...fresh]);
  };

  return (
    <div id={id} className="sites-field">
      <Button icon={<PlusOutlined />} disabled={disabled || !mayPick} onClick={() => setPicking(true)} className="field-toolbar">
        사이트 추가
      </Button>
      <Table<TargetSite>
        size="small"
        rowKey="poiId"
        dataSource={value}
        pagination={false}
        locale={{ emptyText: '선택한 사이트가 없습니다.' }}
        columns={[
          { key: 'poiId', dataIndex: 'poiId', title: 'ID', width: 80 },
          { key: 'poiNm', dataIndex: 'poiNm', title: '사이트명', render: (name: string | undefined, site) => name ?? `사이트 ${site.poiId}` },
          removeColumn<TargetSite>({
            label: (site) => `${site.poiNm ?? site.poiId} 빼기`,
            onRemove: (site) => onChange?.(value.filter((kept) => kept.poiId !== site.poiId)),
            disabled,
            width: 60,
            size: 'small',
          }),
        ]}
      />
      <SearchPopup definition={poiPopup} open={picking} onClose={() => setPicking(false)} onPickMany={add} />
    </div>
  );
}
