import type { FieldDefinition, ResourceDefinition } from '../../../components/resource/definition';
import { statusActions } from '../../../components/resource/statusActions';
import { corpPopup } from '../../../components/searchPopups/corpPopups';
import { passwordProblem } from '../../../lib/validators';

/** The initial password of a new login, checked against the policy and the id being registered. */
export const INITIAL_PASSWORD_FIELD: FieldDefinition = {
  field: 'uPw',
  label: '초기 비밀번호',
  kind: 'password',
  required: true,
  registerOnly: true,
  maxLength: 100,
  validate: (value, values) => passwordProblem(String(value), String(values.uId ?? '')),
};

export const USER_ID_PATTERN = {
  regex: /^[A-Za-z0-9._-]{4,50}$/,
  message: '영문, 숫자, 마침표(.), 밑줄(_), 하이픈(-)으로 4~50자여야 합니다.',
};

const menuFlag = (field: string, label: string) => ({ field, label, kind: 'yn' as const, defaultValue: 'N' });

/** Users: the accounts of a corp, with their team, permission group and menu flags. */
export const userDefinition: ResourceDefinition = {
  title: '사용자',
  apiPath: 'account/user',
  routeBase: '/account/user',
  program: 'account.user',
  idField: 'uIdx',
  idType: 'number',
  columns: [
    { field: 'uId', title: '아이디', sortable: true, width: 140 },
    { field: 'uName', title: '이름', sortable: true, width: 120, name: true },
    { field: 'cName', title: '사업자명', ellipsis: true },
    { field: 'roleCd', title: '역할', cdKey: 'ROLE_CD', width: 150 },
    { field: 'uStatus', title: '상태', cdKey: 'USER_STATUS', width: 80 },
    { field: 'lastLoginAt', title: '최근 로그인', kind: 'dateTime', sortable: true, width: 180 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'uId', label: '아이디' },
    { field: 'uName', label: '이름' },
    { field: 'cId', label: '사업자', popup: corpPopup },
    { field: 'roleCd', label: '역할', cdKey: 'ROLE_CD' },
    { field: 'uStatus', label: '상태', cdKey: 'USER_STATUS' },
  ],
  fields: [
    {
      field: 'uId',
      label: '아이디',
      kind: 'text',
      required: true,
      maxLength: 50,
      pattern: USER_ID_PATTERN,
      fixedAfterCreate: true,
      duplicateCheck: {
        url: '/api/account/user/jsonIdCheck.do',
        body: (uId) => ({ uId }),
        takenMessage: '이미 사용 중인 아이디입니다.',
        freeMessage: '사용할 수 있는 아이디입니다.',
      },
    },
    { field: 'uName', label: '이름', kind: 'text', required: true, maxLength: 50 },
    INITIAL_PASSWORD_FIELD,
    { field: 'cId', label: '사업자', kind: 'popup', popup: corpPopup, labelField: 'cName', required: true },
    // The role follows the corp's.
    { field: 'roleCd', label: '역할', kind: 'code', cdKey: 'ROLE_CD', readOnly: true },
    { field: 'uStatus', label: '상태', kind: 'code', cdKey: 'USER_STATUS', valueType: 'number', required: true, defaultValue: 1 },
    { field: 'authType', label: '팀 권한 유형', kind: 'code', cdKey: 'AUTH_TYPE', valueType: 'number', required: true, defaultValue: 1 },
    {
      field: 'teamId',
      label: '팀',
      kind: 'select',
      options: {
        url: '/api/account/user/jsonUserteamList.do',
        body: (values) => (values.cId ? { cId: values.cId } : null),
        valueField: 'teamId',
        labelField: 'teamNm',
        emptyLabel: '팀 없음',
      },
    },
    {
      field: 'groupId',
      label: '계정 그룹',
      kind: 'select',
      options: {
        url: '/api/account/user/jsonUsergroupList.do',
        body: () => ({}),
        valueField: 'groupId',
        labelField: 'groupNm',
        emptyLabel: '역할 기본 권한',
      },
    },
    { field: 'phone', label: '전화번호', kind: 'text', maxLength: 20 },
    { field: 'email', label: '이메일', kind: 'text', maxLength: 100 },
    menuFlag('showContentMenu', '콘텐츠 메뉴'),
    menuFlag('showBoardMenu', '게시판 메뉴'),
    menuFlag('showImgBoard', '이미지 게시판'),
    menuFlag('showMovBoard', '동영상 게시판'),
    { field: 'initPwdYn', label: '초기 비밀번호 사용', kind: 'yn', readOnly: true },
    { field: 'lastLoginAt', label: '최근 로그인', kind: 'dateTime', readOnly: true },
    { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
  ],
  actions: [
    ...statusActions({
      url: '/api/account/user/jsonStatus.do',
      idField: 'uIdx',
      statusField: 'uStatus',
      noun: '사용자',
      choices: [
        [1, '승인'],
        [2, '중지'],
        [5, '반려'],
      ],
    }),
    {
      key: 'unlock',
      label: '잠금 해제',
      url: '/api/account/user/jsonUnlock.do',
      body: (row) => ({ uIdx: row.uIdx }),
      permission: 'update',
      confirm: '로그인 잠금을 해제하시겠습니까?',
      doneMessage: '잠금이 해제되었습니다.',
    },
    {
      key: 'password',
      label: '비밀번호 초기화',
      url: '/api/account/user/jsonChangePassword.do',
      body: (row, { password }) => ({ uIdx: row.uIdx, uPw: password }),
      permission: 'update',
      asksPassword: { accountIdField: 'uId' },
      doneMessage: '비밀번호를 변경했습니다. 다음 로그인 때 새 비밀번호로 바꿔야 합니다.',
    },
  ],
  sections: [
    {
      kind: 'facts',
      key: 'login',
      title: '로그인 정보',
      url: '/api/account/user/jsonLoginDetail.do',
      body: (row) => ({ uIdx: row.uIdx }),
      fields: [
        { field: 'lastLoginAt', title: '최근 로그인', kind: 'dateTime' },
        { field: 'lastAccessAt', title: '최근 접속', kind: 'dateTime' },
        { field: 'failCnt', title: '연속 로그인 실패', kind: 'number' },
        { field: 'locked', title: '잠김', kind: 'yn' },
      ],
    },
  ],
};
