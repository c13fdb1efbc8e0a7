import type { ResourceDefinition } from '../../../components/resource/definition';
import { corpPopup } from '../../../components/searchPopups/corpPopups';

/** User teams: groups of users of one corp, the unit of the "team" data scope. */
export const userteamDefinition: ResourceDefinition = {
  title: '팀',
  apiPath: 'account/userteam',
  routeBase: '/account/userteam',
  program: 'account.userteam',
  idField: 'teamId',
  idType: 'number',
  columns: [
    { field: 'teamNm', title: '팀명', sortable: true, ellipsis: true, name: true },
    { field: 'cName', title: '사업자명', width: 220 },
    { field: 'memberCnt', title: '인원', kind: 'number', width: 90 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'teamNm', label: '팀명' },
    { field: 'cId', label: '사업자', popup: corpPopup },
  ],
  fields: [
    { field: 'teamNm', label: '팀명', kind: 'text', required: true, maxLength: 100 },
    { field: 'cId', label: '사업자', kind: 'popup', popup: corpPopup, labelField: 'cName', required: true },
    { field: 'memberCnt', label: '인원', kind: 'number', readOnly: true },
  ],
};
