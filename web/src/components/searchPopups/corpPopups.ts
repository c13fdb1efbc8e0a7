import { formatBizNo } from '../../lib/bizNo';
import { Role } from '../../lib/roles';
import type { PopupDefinition } from '../popup/definition';

/** Corps: searched by name, business number or role; stores cId. */
export const corpPopup: PopupDefinition = {
  title: '사업자',
  url: '/api/account/corp/jsonList.do',
  permission: 'account.corp:list',
  paged: true,
  filters: [
    { field: 'cName', label: '사업자명' },
    { field: 'cBizNo', label: '사업자등록번호' },
    { field: 'roleCd', label: '역할', cdKey: 'ROLE_CD' },
  ],
  columns: [
    { field: 'cId', title: '사업자 ID', width: 90 },
    { field: 'cName', title: '사업자명', name: true },
    { field: 'cBizNo', title: '사업자등록번호', width: 130, render: formatBizNo },
    { field: 'roleCd', title: '역할', cdKey: 'ROLE_CD', width: 140 },
    { field: 'cStatus', title: '상태', cdKey: 'CORP_STATUS', width: 80 },
  ],
  valueField: 'cId',
  labelField: 'cName',
  labelLookup: { url: '/api/common/corp/byCId.do', body: (cId) => ({ cId: Number(cId) }), permission: null },
};

/** Media owners: corps of the media management agent role (10004); stores cId. */
export const mediaCorpPopup: PopupDefinition = {
  ...corpPopup,
  title: '매체사',
  conditions: { roleCd: Role.mediaAgent },
  filters: corpPopup.filters.filter((filter) => filter.field !== 'roleCd'),
  columns: corpPopup.columns.filter((column) => column.field !== 'roleCd'),
};
