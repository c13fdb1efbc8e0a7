import type { PopupDefinition } from '../../../components/popup/definition';

/** Menu items: stores mnId. */
export const menuPopup: PopupDefinition = {
  title: '메뉴',
  url: '/api/system/menu/jsonList.do',
  permission: 'system.menu:list',
  paged: true,
  filters: [
    { field: 'mnName', label: '메뉴명' },
    { field: 'useYn', label: '사용 여부', cdKey: 'USE_YN' },
  ],
  columns: [
    { field: 'mnId', title: '메뉴 ID', width: 90 },
    { field: 'mnName', title: '메뉴명', name: true },
    { field: 'mnDir', title: '디렉터리', width: 130 },
    { field: 'link', title: '링크', ellipsis: true },
    { field: 'useYn', title: '사용', cdKey: 'USE_YN', width: 80 },
  ],
  valueField: 'mnId',
  labelField: 'mnName',
  labelLookup: { url: '/api/system/menu/jsonDetail.do', body: (mnId) => ({ mnId: Number(mnId) }), permission: 'system.menu:view' },
};
