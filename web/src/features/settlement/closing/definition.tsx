import { Tag } from 'antd';
import type { ResourceDefinition } from '../../../components/resource/definition';
import { formatWon } from '../../../lib/money';
import { CLOSING_STATUS_COLORS, CLOSING_STATUS_LABELS } from './closingStatus';

/** The months with settlement, newest first: open ones computed live, closed ones stored. */
export const closingDefinition: ResourceDefinition = {
  title: '월 마감',
  apiPath: 'settlement/closing',
  routeBase: '/settlement/closing',
  program: 'settlement.closing',
  idField: 'month',
  idType: 'string',
  readOnly: true,
  listNote: '마감하면 그 달의 정산 자료가 저장되고, 그 달에 적용되는 수수료율과 캠페인 금액은 바꿀 수 없습니다. 재오픈하면 저장된 자료를 지우고 이력을 남깁니다.',
  columns: [
    { field: 'month', title: '정산 월', width: 110 },
    {
      field: 'status',
      title: '상태',
      width: 90,
      render: (value, row) =>
        row.closing === true ? (
          <Tag color="processing" className="closing-status">
            마감 중
          </Tag>
        ) : (
          <Tag color={CLOSING_STATUS_COLORS[Number(value)]} className="closing-status">
            {CLOSING_STATUS_LABELS[Number(value)] ?? String(value)}
          </Tag>
        ),
    },
    { field: 'campaigns', title: '캠페인 수', kind: 'number', width: 100 },
    { field: 'revenue', title: '매출', width: 150, render: formatWon },
    { field: 'closedAt', title: '마감일시', kind: 'dateTime', width: 170 },
    { field: 'closedBy', title: '마감자', width: 100 },
  ],
  filters: [
    { field: 'status', label: '상태' },
    { field: 'fromMonth', label: '시작 월', kind: 'month' },
    { field: 'toMonth', label: '종료 월', kind: 'month' },
  ],
  fields: [],
};
