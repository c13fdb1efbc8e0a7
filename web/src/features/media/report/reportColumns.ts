import type { ColumnDefinition, ResourceDefinition } from '../../../components/resource/definition';

/** The columns both usage reports share: the screen, its site, and how much it played. */
export const USAGE_COLUMNS: ColumnDefinition[] = [
  { field: 'mediaId', title: '매체 ID', sortable: true, width: 100 },
  { field: 'mediaNm', title: '매체명', ellipsis: true, name: true },
  { field: 'poiNm', title: '사이트', ellipsis: true },
  { field: 'plays', title: '재생 횟수', kind: 'number', sortable: true, width: 130 },
  { field: 'seconds', title: '재생 시간(초)', kind: 'number', sortable: true, width: 140 },
];

/** A click on a report row opens the screen it counts. */
export const screenPath = (row: Record<string, unknown>) => `/media/media/view?mediaId=${String(row.mediaId)}`;

/** The Excel file of a report: every row for the conditions, as the server builds it. */
export function usageExcelHref(kind: 'month' | 'day', period: string, mediaNm: string): string {
  const query = new URLSearchParams({ kind, [kind === 'month' ? 'month' : 'date']: period });
  if (mediaNm.trim() !== '') query.set('mediaNm', mediaNm.trim());
  return `/api/media/report/excel/download.do?${query}`;
}

/** What both usage reports are: read-only lists of screens under the media.report program. */
export const USAGE_REPORT = {
  apiPath: 'media/report',
  routeBase: '/media/report',
  program: 'media.report',
  idField: 'mediaId',
  idType: 'number',
  readOnly: true,
  rowPath: screenPath,
  fields: [],
} satisfies Partial<ResourceDefinition>;
