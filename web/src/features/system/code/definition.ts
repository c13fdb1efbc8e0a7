import type { ResourceDefinition } from '../../../components/resource/definition';
import { KEY_PATTERN } from '../keyPattern';
import { codePopup } from './popup';

/** Common codes: every code list of the application, grouped by cdKey. */
export const codeDefinition: ResourceDefinition = {
  title: '공통코드',
  apiPath: 'system/code',
  routeBase: '/system/code',
  program: 'system.code',
  idField: 'cdIdx',
  idType: 'number',
  columns: [
    { field: 'cdKey', title: '코드 키', sortable: true, width: 200 },
    { field: 'cdDist', title: '코드 그룹명', width: 180 },
    { field: 'cdCode', title: '코드', sortable: true, width: 120 },
    { field: 'cdName', title: '코드명', sortable: true, ellipsis: true, name: true },
    { field: 'cdOrder', title: '순서', sortable: true, width: 90 },
    { field: 'useYn', title: '사용 여부', cdKey: 'USE_YN', width: 110 },
  ],
  filters: [
    { field: 'cdKey', label: '코드 키' },
    { field: 'cdName', label: '코드명' },
    { field: 'useYn', label: '사용 여부', cdKey: 'USE_YN' },
  ],
  fields: [
    {
      field: 'cdKey',
      label: '코드 키',
      kind: 'text',
      required: true,
      maxLength: 50,
      pattern: KEY_PATTERN,
      placeholder: '예: CMPG_STATUS',
      // A code is usually added to a group that exists: picking one of its codes fills the group.
      lookup: { popup: codePopup, fills: { cdKey: 'cdKey', cdDist: 'cdDist' } },
    },
    { field: 'cdDist', label: '코드 그룹명', kind: 'text', required: true, maxLength: 100 },
    { field: 'cdCode', label: '코드', kind: 'text', required: true, maxLength: 50 },
    { field: 'cdName', label: '코드명', kind: 'text', required: true, maxLength: 100 },
    { field: 'cdOrder', label: '순서', kind: 'number', min: 0, max: 9999, defaultValue: 0 },
    { field: 'useYn', label: '사용 여부', kind: 'code', cdKey: 'USE_YN', required: true, defaultValue: 'Y' },
    { field: 'cdDetail', label: '설명', kind: 'textarea', maxLength: 500, wide: true },
  ],
};
