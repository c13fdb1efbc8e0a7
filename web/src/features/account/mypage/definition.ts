import type { ResourceDefinition } from '../../../components/resource/definition';

/** One's own account: a few details one may change oneself. */
export const mypageDefinition: ResourceDefinition = {
  title: '마이페이지',
  apiPath: 'account/mypage',
  routeBase: '/account/mypage',
  program: 'account.mypage',
  idField: 'uIdx',
  idType: 'number',
  singleton: true,
  columns: [],
  filters: [],
  fields: [
    { field: 'uId', label: '아이디', kind: 'text', readOnly: true },
    { field: 'uName', label: '이름', kind: 'text', required: true, maxLength: 50 },
    { field: 'roleCdNm', label: '역할', kind: 'text', readOnly: true },
    { field: 'cName', label: '소속', kind: 'text', readOnly: true },
    { field: 'phone', label: '전화번호', kind: 'text', maxLength: 20 },
    { field: 'email', label: '이메일', kind: 'text', maxLength: 100 },
    { field: 'lastLoginAt', label: '최근 로그인', kind: 'dateTime', readOnly: true },
    { field: 'lastAccessAt', label: '최근 접속', kind: 'dateTime', readOnly: true },
  ],
};
