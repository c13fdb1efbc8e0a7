import type { ResourceDefinition, TagColors } from '../../../components/resource/definition';
import { notBefore } from '../../../components/resource/fieldRules';
import { poiPopup } from '../../../components/searchPopups/poiPopup';

/** In progress green, scheduled blue, ended grey (NOTI_TIME_STATUS, from today). */
export const TIME_STATUS_COLORS: TagColors = { '0': 'green', '1': 'blue', '2': 'default' };

/** Footer notices: a line of text the screens show at the bottom during its period, at every site or at one. */
export const contentNotiDefinition: ResourceDefinition = {
  title: '콘텐츠 하단 공지',
  apiPath: 'content/contentNoti',
  routeBase: '/content/contentNoti',
  program: 'content.contentNoti',
  idField: 'cnIdx',
  idType: 'number',
  columns: [
    { field: 'cnIdx', title: 'ID', sortable: true, width: 80 },
    { field: 'text', title: '공지 문구', ellipsis: true, name: true },
    { field: 'poiNm', title: '사이트', width: 160, ellipsis: true, render: (value) => (value ? String(value) : '전체') },
    { field: 'fromDate', title: '시작일', sortable: true, width: 120 },
    { field: 'toDate', title: '종료일', sortable: true, width: 120 },
    { field: 'timeStatus', title: '상태', cdKey: 'NOTI_TIME_STATUS', tagColors: TIME_STATUS_COLORS, width: 90 },
    { field: 'uName', title: '등록자', width: 100 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'text', label: '공지 문구' },
    { field: 'poiId', label: '사이트', popup: poiPopup },
    { field: 'timeStatus', label: '상태', cdKey: 'NOTI_TIME_STATUS' },
  ],
  fields: [
    { field: 'text', label: '공지 문구', kind: 'textarea', required: true, maxLength: 200, wide: true },
    // Managers and operators may leave it empty (every site); a site manager's notice is set to their site by the server.
    { field: 'poiId', label: '사이트 (비우면 전체)', kind: 'popup', popup: poiPopup, labelField: 'poiNm', wide: true },
    { field: 'fromDate', label: '시작일', kind: 'date', required: true },
    {
      field: 'toDate',
      label: '종료일',
      kind: 'date',
      required: true,
      validate: notBefore('fromDate', '종료일은 시작일 이후여야 합니다.'),
    },
    { field: 'timeStatus', label: '상태', kind: 'code', cdKey: 'NOTI_TIME_STATUS', tagColors: TIME_STATUS_COLORS, readOnly: true },
    { field: 'uName', label: '등록자', kind: 'text', readOnly: true },
    { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
  ],
};
