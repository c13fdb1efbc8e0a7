import type { ResourceDefinition } from '../../../components/resource/definition';
import { poiPopup } from '../../../components/searchPopups/poiPopup';
import { siteManagerPopup } from '../../../components/searchPopups/userPopups';

/** Location managers: apartment site managers and the sites they look after (their data scope). */
export const nodeManagerDefinition: ResourceDefinition = {
  title: '위치 관리자',
  apiPath: 'account/nodemanager',
  routeBase: '/account/nodemanager',
  program: 'account.nodemanager',
  idField: 'nmIdx',
  idType: 'number',
  columns: [
    { field: 'nmIdx', title: 'ID', sortable: true, width: 80 },
    { field: 'uId', title: '아이디', width: 160 },
    { field: 'uName', title: '이름', width: 140, name: true },
    { field: 'poiNm', title: '사이트', ellipsis: true },
    { field: 'createdAt', title: '지정일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'uIdx', label: '관리자', popup: siteManagerPopup },
    { field: 'poiId', label: '사이트', popup: poiPopup },
  ],
  fields: [
    { field: 'uIdx', label: '관리사무소 사용자', kind: 'popup', popup: siteManagerPopup, labelField: 'uName', required: true },
    { field: 'uId', label: '아이디', kind: 'text', readOnly: true },
    { field: 'poiId', label: '사이트', kind: 'popup', popup: poiPopup, labelField: 'poiNm', required: true },
    { field: 'createdAt', label: '지정일시', kind: 'dateTime', readOnly: true },
  ],
};
