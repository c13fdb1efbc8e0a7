import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { removeColumn } from '../form/removeColumn';
import { usePopupAllowed } from '../popup/popupApi';
import { SearchPopup } from '../popup/SearchPopup';
import type { Row } from '../resource/definition';
import { FieldValue } from '../resource/FieldValue';
import { mediaGroupPopup } from '../searchPopups/mediaGroupPopup';
import { availabilityByGroup, slotsNeeded } from './availability';
import { AvailabilityStrip } from './AvailabilityStrip';
import type { TargetLine } from './booking';
import { useAvailability } from './bookingApi';
import './booking.css';

interface TargetsFieldProps {
  id?: string;
  value?: TargetLine[];
  onChange?: (value: TargetLine[]) => void;
  /** The days, slots and rate the availability is judged for. */
  period?: [string, string] | null;
  slotCnt?: number | null;
  schdRate?: number | null;
  /** A stored campaign: its own holds do not count against it. */
  cmpgId?: number | null;
  disabled?: boolean;
}

const RUNNING_GROUPS = { mediaGroupStatus: 0 };

const toLine = (row: Row): TargetLine => ({
  mgId: Number(row.mgId),
  mgNm: row.mgNm as string | undefined,
  poiNm: row.poiNm as string | undefined,
  mediaCnt: row.mediaCnt === undefined ? undefined : Number(row.mediaCnt),
  templateType: row.templateType === undefined ? undefined : Number(row.templateType),
});

/** The target media groups: picked in the group popup, each with its free and sold days over the period. */
export function TargetsField({ id, value = [], onChange, period, slotCnt, schdRate, cmpgId, disabled }: TargetsFieldProps) {
  const [picking, setPicking] = useState(false);
  const mayPick = usePopupAllowed(mediaGroupPopup);
  const availability = useAvailability(value.map((line) => line.mgId), period, cmpgId);
  const byGroup = availabilityByGroup(availability.data ?? []);
  const needed = slotsNeeded(slotCnt, schdRate);

  const add = (rows: Row[]) => {
    const fresh = rows.map(toLine).filter((line) => !value.some((kept) => kept.mgId === line.mgId));
    onChange?.([...value, ...fresh]);
  };

  const availabilityCell = (line: TargetLine) => {
    if (!period) return <Typography.Text type="secondary">기간을 고르면 표시됩니다.</Typography.Text>;
    const days = byGroup.get(line.mgId);
    if (days) return <AvailabilityStrip days={days} needed={needed} name={line.mgNm ?? String(line.mgId)} />;
    return availability.isFetching ? <Spin size="small" /> : null;
  };

  return (
    <div id={id} className="targets-field">
      <Space className="field-toolbar">
        <Button icon={<PlusOutlined />} disabled={disabled || !mayPick} onClick={() => setPicking(true)}>
          매체 그룹 추가
        </Button>
        <Typography.Text type="secondary">
          {value.length}개 그룹 · 매체 {value.reduce((sum, line) => sum + (line.mediaCnt ?? 0), 0).toLocaleString('ko-KR')}대
          {period && ` · 가용 현황 ${period[0]} ~ ${period[1]} (초록 여유, 노랑 일부 판매, 빨강 판매 불가)`}
        </Typography.Text>
      </Space>
      {availability.isError && (
        <Alert type="warning" showIcon title={`가용 현황을 불러오지 못했습니다. ${availability.error.message}`} />
      )}
      {availability.clipped && <Typography.Text type="secondary">가용 현황은 시작일부터 366일까지 표시합니다.</Typography.Text>}
      <Table<TargetLine>
        size="small"
        rowKey="mgId"
        className="targets-table"
        dataSource={value}
        pagination={false}
        locale={{ emptyText: '선택한 매체 그룹이 없습니다.' }}
        columns={[
          { key: 'mgNm', title: '매체 그룹', ellipsis: true, render: (_value, line) => line.mgNm ?? `#${line.mgId}`, width: 130 },
          { key: 'poiNm', dataIndex: 'poiNm', title: '사이트', ellipsis: true, width: 120 },
          { key: 'mediaCnt', dataIndex: 'mediaCnt', title: '매체', width: 60 },
          {
            key: 'templateType',
            title: '템플릿',
            width: 110,
            ellipsis: true,
            render: (_value, line) => <FieldValue shape={{ cdKey: 'TEMPLATE_TYPE' }} value={line.templateType} />,
          },
          { key: 'availability', title: '가용 현황', render: (_value, line) => availabilityCell(line) },
          removeColumn<TargetLine>({
            label: (line) => `${line.mgNm ?? line.mgId} 빼기`,
            onRemove: (line) => onChange?.(value.filter((other) => other.mgId !== line.mgId)),
            disabled,
          }),
        ]}
      />
      <SearchPopup definition={mediaGroupPopup} open={picking} conditions={RUNNING_GROUPS} onClose={() => setPicking(false)} onPickMany={add} />
    </div>
  );
}
