import type { ResourceDefinition } from '../../../components/resource/definition';
import { menuPopup } from './popup';

const isTopItem = (values: Record<string, unknown>) => values.parentId === null || values.parentId === undefined;

/** Menu items: top items (a directory) and their sub-items (a link to a program's screen). */
export const menuDefinition: ResourceDefinition = {
  title: '메뉴',
  apiPath: 'system/menu',
  routeBase: '/system/menu',
  program: 'system.menu',
  idField: 'mnId',
  idType: 'number',
  columns: [
    { field: 'mnId', title: '메뉴 ID', sortable: true, width: 100 },
    { field: 'mnName', title: '메뉴명', sortable: true, name: true },
    { field: 'sortOrder', title: '순서', sortable: true, width: 80 },
    { field: 'useYn', title: '사용 여부', cdKey: 'USE_YN', width: 100 },
  ],
  filters: [
    { field: 'mnName', label: '메뉴명' },
    { field: 'useYn', label: '사용 여부', cdKey: 'USE_YN' },
  ],
  fields: [
    { field: 'mnName', label: '메뉴명', kind: 'text', required: true, maxLength: 100 },
    {
      field: 'parentId',
      label: '상위 메뉴',
      kind: 'popup',
      popup: menuPopup,
      required: true,
      shownWhen: (values) => !isTopItem(values),
    },
    {
      field: 'mnDir',
      label: '디렉터리',
      kind: 'text',
      required: true,
      maxLength: 100,
      pattern: { regex: /^\/[A-Za-z0-9/_-]*$/, message: '/로 시작하는 경로여야 합니다.' },
      placeholder: '예: /system',
      shownWhen: isTopItem,
    },
    {
      field: 'link',
      label: '링크',
      kind: 'text',
      required: true,
      maxLength: 200,
      pattern: { regex: /^\//, message: '/로 시작해야 합니다.' },
      placeholder: '예: /system/code/list',
      shownWhen: (values) => !isTopItem(values),
    },
    {
      field: 'prgCode',
      label: '프로그램',
      kind: 'select',
      required: true,
      options: {
        url: '/api/system/program/jsonList.do',
        body: () => ({ page: 1, pageSize: 1000, sortField: 'prgCode', sortOrder: 'asc' }),
        valueField: 'prgCode',
        labelField: 'prgName',
      },
      shownWhen: (values) => !isTopItem(values),
    },
    { field: 'mnIcon', label: '아이콘', kind: 'text', maxLength: 100 },
    { field: 'sortOrder', label: '순서', kind: 'number', min: 0, max: 9999, defaultValue: 0 },
    { field: 'useYn', label: '사용 여부', kind: 'code', cdKey: 'USE_YN', required: true, defaultValue: 'Y' },
  ],
};
