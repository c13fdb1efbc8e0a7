import { salesUserPopup } from '../../../components/searchPopups/userPopups';
import { formatRate, formatWon } from '../../../lib/money';
import { MONTH_FILTER } from '../list/monthFilter';
import { settlementExcelHref, type SettlementListDefinition } from '../list/settlementList';
import { salesCorpPopup } from '../salesCorpPopup';

/** Sales settlement of a month: each sales corp's fee on its campaigns' revenue, and each sales user's. */
export const salesSettlementDefinition: SettlementListDefinition = {
  title: '영업 정산',
  apiPath: 'settlement/sales',
  routeBase: '/settlement/sales',
  program: 'settlement.sales',
  idField: 'cId',
  idType: 'number',
  readOnly: true,
  rowKey: (row) => `${String(row.cId)}-${String(row.uIdx ?? 'corp')}`,
  listNote: '영업사 행은 영업사의 수수료, 영업사원 행은 그 사원이 작성한 캠페인에 대한 수수료입니다.',
  columns: [
    { field: 'cName', title: '영업사', ellipsis: true, name: true },
    { field: 'uName', title: '영업사원', width: 140, render: (value) => (value ? String(value) : '영업사') },
    { field: 'revenue', title: '매출', width: 150, render: formatWon },
    { field: 'rate', title: '수수료율', width: 110, render: formatRate },
    { field: 'fee', title: '수수료', width: 150, render: formatWon },
  ],
  numericFields: ['revenue', 'rate', 'fee'],
  sumFields: ['revenue', 'fee'],
  // The revenue is the corps' (a salesperson's row repeats a part of it); the fee total is made of both.
  sumParts: [
    { field: 'corpFee', label: '영업사 수수료' },
    { field: 'userFee', label: '영업사원 수수료' },
  ],
  managerFilters: ['cId'],
  filters: [MONTH_FILTER, { field: 'cId', label: '영업사', popup: salesCorpPopup }, { field: 'uIdx', label: '영업사원', popup: salesUserPopup }],
  fields: [],
  exportLink: { label: '엑셀 다운로드', permission: 'download', href: (filters) => settlementExcelHref('sales', filters) },
};
