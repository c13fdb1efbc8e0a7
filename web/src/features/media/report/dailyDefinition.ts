import type { ResourceDefinition } from '../../../components/resource/definition';
import { dayOf } from '../../../lib/dates';
import { mediaInfoPopup } from '../media/popup';
import { USAGE_COLUMNS, USAGE_REPORT, usageExcelHref } from './reportColumns';

/** Daily usage: plays per screen on a day, the page's screens as a chart, and the Excel file. */
export const dailyReportDefinition: ResourceDefinition = {
  ...USAGE_REPORT,
  title: '일별 사용 현황',
  listAction: 'jsonDailyList',
  columns: [...USAGE_COLUMNS, { field: 'date', title: '일자', width: 110 }],
  filters: [
    { field: 'date', label: '일자', kind: 'date', required: true, defaultValue: () => dayOf() },
    { field: 'mediaNm', label: '매체', popup: mediaInfoPopup },
  ],
  chart: {
    title: '매체별 재생 횟수 (현재 페이지)',
    source: 'page',
    x: 'mediaNm',
    series: [{ field: 'plays', title: '재생 횟수', type: 'bar' }],
  },
  exportLink: { label: '엑셀 다운로드', permission: 'download', href: (filters) => usageExcelHref('day', filters.date, filters.mediaNm ?? '') },
};
