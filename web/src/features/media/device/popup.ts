import { SITE_STATUS_COLORS } from '../../../components/code/mediaStatusColors';
import type { PopupDefinition } from '../../../components/popup/definition';

/** Devices: searched by name, serial number or status; stores dvcIdx. */
export const devicePopup: PopupDefinition = {
  title: '디바이스',
  url: '/api/media/device/jsonList.do',
  permission: 'media.device:list',
  paged: true,
  filters: [
    { field: 'dvcNm', label: '디바이스명' },
    { field: 'dvcSnNum', label: '시리얼 번호' },
    { field: 'deviceStatus', label: '상태', cdKey: 'DEVICE_STATUS' },
  ],
  columns: [
    { field: 'dvcNm', title: '디바이스명', ellipsis: true, name: true },
    { field: 'dvcSnNum', title: '시리얼 번호', width: 130 },
    { field: 'osType', title: 'OS', cdKey: 'OS_TYPE', width: 90 },
    { field: 'wrhsDt', title: '입고일', width: 100 },
    { field: 'erpCd', title: 'ERP 코드', width: 90 },
    { field: 'deviceStatus', title: '상태', cdKey: 'DEVICE_STATUS', tagColors: SITE_STATUS_COLORS, width: 80 },
    { field: 'createrName', title: '등록자', width: 80 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', width: 160 },
  ],
  valueField: 'dvcIdx',
  labelField: 'dvcNm',
  labelLookup: { url: '/api/media/device/jsonDetail.do', body: (dvcIdx) => ({ dvcIdx: Number(dvcIdx) }), permission: 'media.device:view' },
};
