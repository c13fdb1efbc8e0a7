import type { ResourceDefinition } from '../../../components/resource/definition';

/** User groups: a permission set that replaces the role's default for the group's members. */
export const usergroupDefinition: ResourceDefinition = {
  title: '계정 그룹',
  apiPath: 'account/usergroup',
  routeBase: '/account/usergroup',
  program: 'account.usergroup',
  idField: 'groupId',
  idType: 'number',
  columns: [
    { field: 'groupNm', title: '그룹명', sortable: true, width: 220, name: true },
    { field: 'groupDesc', title: '설명', ellipsis: true },
    { field: 'memberCnt', title: '인원', kind: 'number', width: 90 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [{ field: 'groupNm', label: '그룹명' }],
  fields: [
    { field: 'groupNm', label: '그룹명', kind: 'text', required: true, maxLength: 100 },
    { field: 'memberCnt', label: '인원', kind: 'number', readOnly: true },
    { field: 'groupDesc', label: '설명', kind: 'textarea', maxLength: 500, wide: true },
    { field: 'permCodes', label: '권한', kind: 'permissions', wide: true, defaultValue: [] },
  ],
};
