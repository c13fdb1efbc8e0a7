import { periodText } from '../../../components/common/periodColumn';
import type { ResourceDefinition, Row } from '../../../components/resource/definition';
import { ContentStatusTag } from './ContentStatusTag';

/** What a content plays, in words: its material's name, or its text. */
export const contentSubject = (row: Row) => String(row.matName ?? row.text ?? '');

/** A content's period, or 상시 when it has none. */
export const alwaysOrPeriod = (row: Row) => periodText(row, 'fromDate', 'toDate') || '상시';

/**
 * House contents: the images, videos and texts the content slots (slot type 3) play, each for some
 * seconds, in a period, on some templates. The form is its own (material or text by content type).
 */
export const contentDefinition: ResourceDefinition = {
  title: '콘텐츠',
  apiPath: 'content/content',
  routeBase: '/content/content',
  program: 'content.content',
  idField: 'ctIdx',
  idType: 'number',
  columns: [
    { field: 'thumbUrl', title: '미리보기', kind: 'image', width: 80 },
    { field: 'ctIdx', title: 'ID', sortable: true, width: 80 },
    { field: 'ctNm', title: '콘텐츠명', sortable: true, ellipsis: true, name: true },
    { field: 'contentType', title: '유형', cdKey: 'CONTENT_TYPE', width: 90 },
    { field: 'matName', title: '소재 / 문구', ellipsis: true, render: (_value, row) => contentSubject(row) },
    { field: 'seconds', title: '노출(초)', kind: 'number', width: 90 },
    { field: 'fromDate', title: '기간', width: 210, render: (_value, row) => alwaysOrPeriod(row) },
    { field: 'ctStatus', title: '상태', width: 80, render: (value) => <ContentStatusTag status={value} /> },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'ctNm', label: '콘텐츠명' },
    { field: 'contentType', label: '유형', cdKey: 'CONTENT_TYPE' },
  ],
  fields: [],
};

