import { Role } from '../../lib/roles';
import type { PopupDefinition } from '../popup/definition';

const userColumns = [
  { field: 'uId', title: '아이디', width: 120 },
  { field: 'uName', title: '이름', width: 110, name: true },
  { field: 'cName', title: '사업자명' },
];

/** Users: searched by id, name or role; stores uIdx. */
export const userPopup: PopupDefinition = {
  title: '사용자',
  url: '/api/account/user/jsonList.do',
  permission: 'account.user:list',
  paged: true,
  filters: [
    { field: 'uId', label: '아이디' },
    { field: 'uName', label: '이름' },
    { field: 'roleCd', label: '역할', cdKey: 'ROLE_CD' },
  ],
  columns: [
    ...userColumns,
    { field: 'roleCd', title: '역할', cdKey: 'ROLE_CD', width: 140 },
    { field: 'uStatus', title: '상태', cdKey: 'USER_STATUS', width: 80 },
  ],
  valueField: 'uIdx',
  labelField: 'uName',
};

/** The same search, storing the login id itself (logs name users by their id). */
export const userIdPopup: PopupDefinition = { ...userPopup, valueField: 'uId', labelField: 'uId' };

/** Users of the sales roles (every match at once); stores uIdx. */
export const salesUserPopup: PopupDefinition = {
  title: '영업 사용자',
  url: '/api/account/user/jsonSalesList.do',
  permission: null,
  paged: false,
  filters: [{ field: 'uName', label: '이름' }],
  columns: userColumns,
  valueField: 'uIdx',
  labelField: 'uName',
};

/** Apartment site managers: users of role 10008, who can be assigned to sites; stores uIdx. */
export const siteManagerPopup: PopupDefinition = {
  ...userPopup,
  title: '관리사무소 사용자',
  conditions: { roleCd: Role.siteManager },
  filters: userPopup.filters.filter((filter) => filter.field !== 'roleCd'),
  columns: userPopup.columns.filter((column) => column.field !== 'roleCd'),
  labelLookup: { url: '/api/common/user/byUIdx.do', body: (uIdx) => ({ uIdx: Number(uIdx) }), permission: null },
};
