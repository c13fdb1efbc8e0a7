import { noticeContentField, noticeFilesField } from '../../../components/notice/noticeFields';
import type { ResourceDefinition } from '../../../components/resource/definition';

/** Notices: announcements to every user, written in rich text with attachments, shown on the home page. */
export const noticeDefinition: ResourceDefinition = {
  title: '공지사항',
  apiPath: 'system/notice',
  routeBase: '/system/notice',
  program: 'system.notice',
  idField: 'ntIdx',
  idType: 'number',
  saveAs: 'multipart',
  separateWriteScreen: true,
  columns: [
    { field: 'ntIdx', title: '번호', sortable: true, width: 80 },
    { field: 'ntTitle', title: '제목', ellipsis: true, name: true },
    { field: 'fileCnt', title: '첨부', kind: 'number', width: 70 },
    { field: 'uName', title: '작성자', width: 110 },
    { field: 'viewCnt', title: '조회수', kind: 'number', sortable: true, width: 90 },
    { field: 'ntStartDate', title: '게시 시작', width: 110 },
    { field: 'ntEndDate', title: '게시 종료', width: 110 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'ntTitle', label: '제목' },
    { field: 'fromDate', label: '등록일 시작', kind: 'date' },
    { field: 'toDate', label: '등록일 종료', kind: 'date' },
  ],
  fields: [
    { field: 'ntTitle', label: '제목', kind: 'text', required: true, maxLength: 200, wide: true },
    { field: 'ntStartDate', label: '게시 시작일', kind: 'date' },
    {
      field: 'ntEndDate',
      label: '게시 종료일',
      kind: 'date',
      validate: (value, values) =>
        values.ntStartDate && String(value) < String(values.ntStartDate) ? '게시 종료일이 시작일보다 빠릅니다.' : null,
    },
    { field: 'uName', label: '작성자', kind: 'text', readOnly: true },
    { field: 'viewCnt', label: '조회수', kind: 'number', readOnly: true },
    { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
    { field: 'updatedAt', label: '수정일시', kind: 'dateTime', readOnly: true },
    noticeContentField,
    noticeFilesField,
  ],
};
