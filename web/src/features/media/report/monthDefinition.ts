import type { ResourceDefinition } from '../../../components/resource/definition';
import { daysOfMonth, monthOf } from '../../../lib/dates';
import { mediaInfoPopup } from '../media/popup';
import { USAGE_COLUMNS, USAGE_REPORT, usageExcelHref } from './reportColumns';

/** Monthly usage: plays per screen in a month, the daily totals as a chart, and the Excel file. */
export const monthReportDefinition: ResourceDefinition = {
  ...USAGE_REPORT,
  title: '월별 사용 현황',
  listAction: 'jsonMonthList',
  columns: [...USAGE_COLUMNS, { field: 'month', title: '월', width: 100 }],
  filters: [
    { field: 'month', label: '월', kind: 'month', required: true, defaultValue: () => monthOf() },
    { field: 'mediaNm', label: '매체', popup: mediaInfoPopup },
  ],
  chart: {
    title: '일자별 재생 추이',
    source: 'call',
    url: '/api/media/report/jsonChart.do',
    body: (filters) => ({ month: filters.month }),
    x: 'date',
    categories: (filters) => daysOfMonth(filters.month),
    series: [
      { field: 'plays', title: '재생 횟수', type: 'bar' },
      { field: 'seconds', title: '재생 시간(초)', type: 'line' },
    ],
  },
  exportLink: { label: '엑셀 다운로드', permission: 'download', href: (filters) => usageExcelHref('month', filters.month, filters.mediaNm ?? '') },
};
