import { mediaCorpPopup } from '../../../components/searchPopups/corpPopups';
import { poiPopup } from '../../../components/searchPopups/poiPopup';
import { formatRate, formatWon } from '../../../lib/money';
import { MONTH_FILTER } from '../list/monthFilter';
import { settlementExcelHref, type SettlementListDefinition } from '../list/settlementList';

/** Media settlement of a month: each site's share of the month's revenue and its owner's fee. */
export const mediaSettlementDefinition: SettlementListDefinition = {
  title: '매체 정산',
  apiPath: 'settlement/media',
  routeBase: '/settlement/media',
  program: 'settlement.media',
  idField: 'poiId',
  idType: 'number',
  readOnly: true,
  rowKey: (row) => `${String(row.cId)}-${String(row.poiId)}`,
  listNote: '사이트별 매출은 캠페인 매출을 스크린 수로 나눈 몫이며, 수수료는 사이트 수수료율(없으면 매체사 수수료율)로 계산합니다.',
  columns: [
    { field: 'cName', title: '매체사', ellipsis: true, name: true },
    { field: 'poiNm', title: '사이트', ellipsis: true },
    { field: 'screens', title: '스크린 수', kind: 'number', width: 100 },
    { field: 'revenue', title: '매출', width: 150, render: formatWon },
    { field: 'rate', title: '수수료율', width: 110, render: formatRate },
    { field: 'fee', title: '수수료', width: 150, render: formatWon },
  ],
  numericFields: ['screens', 'revenue', 'rate', 'fee'],
  sumFields: ['revenue', 'fee'],
  managerFilters: ['cId'],
  filters: [MONTH_FILTER, { field: 'cId', label: '매체사', popup: mediaCorpPopup }, { field: 'poiId', label: '사이트', popup: poiPopup }],
  fields: [],
  exportLink: { label: '엑셀 다운로드', permission: 'download', href: (filters) => settlementExcelHref('media', filters) },
};
