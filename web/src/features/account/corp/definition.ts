import type { ResourceDefinition } from '../../../components/resource/definition';
import { statusActions } from '../../../components/resource/statusActions';
import { formatBizNo } from '../../../lib/bizNo';
import { CORP_STATUS_CHOICES, corpNameFields, LICENCE_FILE } from './fields';

/** Corps (business entities): every company using the network, with the role its users get. */
export const corpDefinition: ResourceDefinition = {
  title: '사업자',
  apiPath: 'account/corp',
  routeBase: '/account/corp',
  program: 'account.corp',
  idField: 'cId',
  idType: 'number',
  saveAs: 'multipart',
  columns: [
    { field: 'cId', title: 'ID', width: 80 },
    { field: 'cName', title: '사업자명', sortable: true, ellipsis: true, name: true },
    { field: 'cRep', title: '대표자명', width: 110 },
    { field: 'cBizNo', title: '사업자등록번호', width: 140, render: formatBizNo },
    { field: 'roleCd', title: '역할', cdKey: 'ROLE_CD', width: 150 },
    { field: 'cType', title: '유형', cdKey: 'CORP_TYPE', width: 90 },
    { field: 'cPayType', title: '결제', cdKey: 'PAY_TYPE', width: 80 },
    { field: 'cStatus', title: '상태', cdKey: 'CORP_STATUS', sortable: true, width: 90 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'cName', label: '사업자명' },
    { field: 'cBizNo', label: '사업자등록번호' },
    { field: 'roleCd', label: '역할', cdKey: 'ROLE_CD' },
    { field: 'cStatus', label: '상태', cdKey: 'CORP_STATUS' },
    { field: 'cType', label: '유형', cdKey: 'CORP_TYPE' },
  ],
  fields: [
    ...corpNameFields({ duplicateCheck: true }),
    { field: 'roleCd', label: '역할', kind: 'code', cdKey: 'ROLE_CD', valueType: 'number', required: true },
    { field: 'cStatus', label: '상태', kind: 'code', cdKey: 'CORP_STATUS', valueType: 'number', required: true, defaultValue: 1 },
    { field: 'licence', label: '사업자등록증', kind: 'file', files: LICENCE_FILE },
    { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
  ],
  actions: statusActions({
    url: '/api/account/corp/jsonStatus.do',
    idField: 'cId',
    statusField: 'cStatus',
    noun: '사업자',
    choices: CORP_STATUS_CHOICES,
  }),
  sections: [
    {
      kind: 'editableTable',
      key: 'persons',
      title: '담당자',
      url: '/api/account/corp/jsonPersonList.do',
      body: (row) => ({ cId: row.cId }),
      columns: [
        { field: 'personNm', title: '이름', maxLength: 50, required: true },
        { field: 'personTel', title: '연락처', maxLength: 20 },
        { field: 'personEmail', title: '이메일', maxLength: 100 },
        { field: 'personDept', title: '부서', maxLength: 50 },
      ],
      save: {
        url: '/api/account/corp/jsonPersonSave.do',
        body: (row, persons) => ({ cId: row.cId, persons }),
        permission: 'update',
      },
    },
    {
      kind: 'table',
      key: 'users',
      title: '소속 사용자',
      url: '/api/account/corp/jsonLoginDetail.do',
      body: (row) => ({ cId: row.cId }),
      rowKey: 'uIdx',
      columns: [
        { field: 'uId', title: '아이디' },
        { field: 'uName', title: '이름' },
        { field: 'uStatus', title: '상태', cdKey: 'USER_STATUS' },
        { field: 'lastLoginAt', title: '최근 로그인', kind: 'dateTime' },
        { field: 'failCnt', title: '로그인 실패', kind: 'number' },
        { field: 'locked', title: '잠김', kind: 'yn' },
      ],
      openPath: (user) => `/account/user/view?uIdx=${String(user.uIdx)}`,
    },
  ],
};
