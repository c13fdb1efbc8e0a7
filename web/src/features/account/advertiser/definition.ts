import type { ResourceDefinition } from '../../../components/resource/definition';
import { statusActions } from '../../../components/resource/statusActions';
import { formatBizNo } from '../../../lib/bizNo';
import { CORP_STATUS_CHOICES, corpNameFields, LICENCE_FILE } from '../corp/fields';
import { INITIAL_PASSWORD_FIELD, USER_ID_PATTERN } from '../user/definition';

/** Advertisers: advertiser corps registered together with their main user. */
export const advertiserDefinition: ResourceDefinition = {
  title: '광고주',
  apiPath: 'account/advertiser',
  routeBase: '/account/advertiser',
  program: 'account.advertiser',
  idField: 'cId',
  idType: 'number',
  saveAs: 'multipart',
  columns: [
    { field: 'cName', title: '광고주명', ellipsis: true, name: true },
    { field: 'cBizNo', title: '사업자등록번호', width: 140, render: formatBizNo },
    { field: 'uId', title: '아이디', width: 130 },
    { field: 'uName', title: '담당자명', width: 110 },
    { field: 'cType', title: '유형', cdKey: 'CORP_TYPE', width: 90 },
    { field: 'cPayType', title: '결제', cdKey: 'PAY_TYPE', width: 80 },
    { field: 'cStatus', title: '상태', cdKey: 'CORP_STATUS', width: 90 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', width: 180 },
  ],
  filters: [
    { field: 'cName', label: '광고주명' },
    { field: 'cBizNo', label: '사업자등록번호' },
    { field: 'cStatus', label: '상태', cdKey: 'CORP_STATUS' },
    { field: 'uName', label: '담당자명' },
  ],
  fields: [
    ...corpNameFields({ duplicateCheck: false }),
    { field: 'cStatus', label: '상태', kind: 'code', cdKey: 'CORP_STATUS', valueType: 'number', required: true, defaultValue: 1 },
    { field: 'uId', label: '아이디', kind: 'text', required: true, maxLength: 50, pattern: USER_ID_PATTERN, fixedAfterCreate: true },
    { field: 'uName', label: '담당자명', kind: 'text', required: true, maxLength: 50 },
    INITIAL_PASSWORD_FIELD,
    { field: 'phone', label: '전화번호', kind: 'text', maxLength: 20 },
    { field: 'email', label: '이메일', kind: 'text', maxLength: 100 },
    { field: 'licence', label: '사업자등록증', kind: 'file', files: LICENCE_FILE },
    { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
  ],
  actions: [
    ...statusActions({
      url: '/api/account/advertiser/jsonStatus.do',
      idField: 'cId',
      statusField: 'cStatus',
      noun: '광고주',
      choices: CORP_STATUS_CHOICES,
    }),
    {
      key: 'unlock',
      label: '잠금 해제',
      url: '/api/account/advertiser/jsonUnlock.do',
      body: (row) => ({ cId: row.cId }),
      permission: 'update',
      confirm: '광고주 계정의 로그인 잠금을 해제하시겠습니까?',
      doneMessage: '잠금이 해제되었습니다.',
    },
    {
      key: 'password',
      label: '비밀번호 초기화',
      url: '/api/account/advertiser/jsonChangePassword.do',
      body: (row, { password }) => ({ cId: row.cId, uPw: password }),
      permission: 'update',
      asksPassword: { accountIdField: 'uId' },
      doneMessage: '비밀번호를 변경했습니다. 다음 로그인 때 새 비밀번호로 바꿔야 합니다.',
    },
  ],
};
