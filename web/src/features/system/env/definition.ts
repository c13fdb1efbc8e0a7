import type { ResourceDefinition } from '../../../components/resource/definition';
import { KEY_PATTERN } from '../keyPattern';

/** Environment variables: settings the operators change at run time (SMS_AUTH_YN, MENU_HIDE_CORP_ID, ...). */
export const envDefinition: ResourceDefinition = {
  title: '환경변수',
  apiPath: 'system/env',
  routeBase: '/system/env',
  program: 'system.env',
  idField: 'envIdx',
  idType: 'number',
  columns: [
    { field: 'envKey', title: '키', sortable: true, width: 240, name: true },
    { field: 'envValue', title: '값', width: 280, ellipsis: true },
    { field: 'envDesc', title: '설명', ellipsis: true },
    { field: 'updatedAt', title: '수정일시', sortable: true, kind: 'dateTime', width: 180 },
  ],
  filters: [
    { field: 'envKey', label: '키' },
    { field: 'envDesc', label: '설명' },
  ],
  fields: [
    // Code reads variables by key, so a key is fixed once created.
    {
      field: 'envKey',
      label: '키',
      kind: 'text',
      required: true,
      maxLength: 100,
      pattern: KEY_PATTERN,
      fixedAfterCreate: true,
    },
    { field: 'envValue', label: '값', kind: 'text', maxLength: 2000 },
    { field: 'envDesc', label: '설명', kind: 'textarea', maxLength: 500, wide: true },
    { field: 'updatedAt', label: '수정일시', kind: 'dateTime', readOnly: true },
  ],
};
