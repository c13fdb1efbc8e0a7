import { SITE_STATUS_COLORS } from '../../../components/code/mediaStatusColors';
import type { ResourceDefinition } from '../../../components/resource/definition';

/** Devices: screen hardware from the warehouse on, each serial number once. */
export const deviceDefinition: ResourceDefinition = {
  title: '디바이스',
  apiPath: 'media/device',
  routeBase: '/media/device',
  program: 'media.device',
  idField: 'dvcIdx',
  idType: 'number',
  columns: [
    { field: 'dvcIdx', title: 'ID', sortable: true, width: 80 },
    { field: 'dvcNm', title: '디바이스명', sortable: true, ellipsis: true, name: true },
    { field: 'dvcSnNum', title: '시리얼 번호', sortable: true, width: 160 },
    { field: 'osType', title: 'OS', cdKey: 'OS_TYPE', width: 100 },
    { field: 'size', title: '크기', cdKey: 'DEVICE_SIZE', width: 90 },
    { field: 'resolution', title: '해상도', cdKey: 'RESOLUTION', width: 80 },
    { field: 'wrhsDt', title: '입고일', sortable: true, width: 110 },
    { field: 'erpCd', title: 'ERP 코드', width: 110 },
    { field: 'deviceStatus', title: '상태', cdKey: 'DEVICE_STATUS', tagColors: SITE_STATUS_COLORS, width: 90 },
    { field: 'createrName', title: '등록자', width: 100 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'dvcNm', label: '디바이스명' },
    { field: 'dvcSnNum', label: '시리얼 번호' },
    { field: 'osType', label: 'OS', cdKey: 'OS_TYPE' },
    { field: 'deviceStatus', label: '상태', cdKey: 'DEVICE_STATUS' },
    { field: 'fromDate', label: '등록일 시작', kind: 'date' },
    { field: 'toDate', label: '등록일 끝', kind: 'date' },
  ],
  fields: [
    { field: 'dvcNm', label: '디바이스명', kind: 'text', required: true, maxLength: 100 },
    { field: 'dvcSnNum', label: '시리얼 번호', kind: 'text', required: true, maxLength: 100 },
    { field: 'osType', label: 'OS', kind: 'code', cdKey: 'OS_TYPE', required: true, defaultValue: 'AND' },
    { field: 'wrhsDt', label: '입고일', kind: 'date', required: true },
    { field: 'size', label: '크기', kind: 'code', cdKey: 'DEVICE_SIZE', valueType: 'number', required: true, defaultValue: 55 },
    { field: 'resolution', label: '해상도', kind: 'code', cdKey: 'RESOLUTION', required: true, defaultValue: 'FHD' },
    { field: 'erpCd', label: 'ERP 코드', kind: 'text', maxLength: 50 },
    {
      field: 'deviceStatus',
      label: '상태',
      kind: 'code',
      cdKey: 'DEVICE_STATUS',
      valueType: 'number',
      tagColors: SITE_STATUS_COLORS,
      required: true,
      defaultValue: 0,
    },
    { field: 'createrName', label: '등록자', kind: 'text', readOnly: true },
    { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
  ],
};
