import type { ResourceDefinition } from '../../../components/resource/definition';

/** Programs: the screen families permissions are granted on, with the kinds each offers. */
export const programDefinition: ResourceDefinition = {
  title: '프로그램',
  apiPath: 'system/program',
  routeBase: '/system/program',
  program: 'system.program',
  idField: 'prgIdx',
  idType: 'number',
  columns: [
    { field: 'prgCode', title: '프로그램 코드', sortable: true, width: 200 },
    { field: 'prgName', title: '프로그램명', sortable: true, width: 180, name: true },
    { field: 'prgPath', title: '경로', ellipsis: true },
    { field: 'platform', title: '플랫폼', cdKey: 'PLATFORM_ACCESS', width: 90 },
    { field: 'prgKinds', title: '권한 종류', cdKey: 'PRG_KIND', width: 300 },
    { field: 'sortOrder', title: '순서', sortable: true, width: 80 },
  ],
  filters: [
    { field: 'prgCode', label: '프로그램 코드' },
    { field: 'prgName', label: '프로그램명' },
    { field: 'platform', label: '플랫폼', cdKey: 'PLATFORM_ACCESS' },
  ],
  fields: [
    {
      field: 'prgCode',
      label: '프로그램 코드',
      kind: 'text',
      required: true,
      maxLength: 100,
      pattern: { regex: /^[a-z]+\.[A-Za-z]+$/, message: '영역.화면 형식이어야 합니다. (예: campaign.request)' },
      fixedAfterCreate: true,
      placeholder: '예: campaign.request',
    },
    { field: 'prgName', label: '프로그램명', kind: 'text', required: true, maxLength: 100 },
    {
      field: 'prgPath',
      label: '경로',
      kind: 'text',
      required: true,
      maxLength: 200,
      pattern: { regex: /^\//, message: '/로 시작해야 합니다.' },
      placeholder: '예: /campaign/request/list',
    },
    { field: 'platform', label: '플랫폼', kind: 'code', cdKey: 'PLATFORM_ACCESS', required: true, defaultValue: 'ALL' },
    { field: 'sortOrder', label: '순서', kind: 'number', min: 0, max: 9999, defaultValue: 0 },
    { field: 'prgKinds', label: '권한 종류', kind: 'codeChecks', cdKey: 'PRG_KIND', required: true, wide: true, defaultValue: ['list', 'view'] },
  ],
};
