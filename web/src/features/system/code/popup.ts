import type { PopupDefinition } from '../../../components/popup/definition';

/** Common codes: searched by key or name; stores cdIdx, shows the code's name. */
export const codePopup: PopupDefinition = {
  title: '공통코드',
  url: '/api/system/code/jsonList.do',
  permission: 'system.code:list',
  paged: true,
  filters: [
    { field: 'cdKey', label: '코드 키' },
    { field: 'cdName', label: '코드명' },
  ],
  columns: [
    { field: 'cdKey', title: '코드 키', width: 180 },
    { field: 'cdDist', title: '코드 그룹명', width: 150 },
    { field: 'cdCode', title: '코드', width: 90 },
    { field: 'cdName', title: '코드명', name: true },
  ],
  valueField: 'cdIdx',
  labelField: 'cdName',
};
