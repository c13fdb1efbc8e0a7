import { formatWon } from '../../../lib/money';
import { MONTH_FILTER } from '../list/monthFilter';
import { settlementExcelHref, type SettlementListDefinition } from '../list/settlementList';

/** Campaign settlement of a month: the part of each campaign's supply price its live days earned. */
export const campaignSettlementDefinition: SettlementListDefinition = {
  title: '캠페인 정산',
  apiPath: 'campaign/jungsan',
  routeBase: '/settlement/jungsan',
  // Read by whoever reads the closing of months.
  program: 'settlement.closing',
  idField: 'cmpgId',
  idType: 'number',
  readOnly: true,
  listNote: '월 매출 = 공급가 × 그 달까지 진행일 ÷ 기간 일수 − 지난달까지의 매출 (원 미만 절사). 중지된 날은 매출이 없습니다.',
  columns: [
    { field: 'cmpgId', title: 'ID', width: 80 },
    { field: 'cmpgTitle', title: '캠페인명', ellipsis: true, name: true },
    { field: 'liveDays', title: '진행일', kind: 'number', width: 90 },
    { field: 'periodDays', title: '기간 일수', kind: 'number', width: 100 },
    { field: 'supply', title: '공급가', width: 150, render: formatWon },
    { field: 'revenue', title: '월 매출', width: 150, render: formatWon },
  ],
  numericFields: ['liveDays', 'periodDays', 'supply', 'revenue'],
  sumFields: ['revenue'],
  filters: [MONTH_FILTER, { field: 'cmpgTitle', label: '캠페인명' }],
  fields: [],
  exportLink: { label: '엑셀 다운로드', permission: 'download', href: (filters) => settlementExcelHref('jungsan', filters) },
};
