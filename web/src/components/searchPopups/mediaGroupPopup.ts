import { GROUP_STATUS_COLORS } from '../code/mediaStatusColors';
import type { PopupDefinition } from '../popup/definition';

/** Media groups: searched by name or status; stores mgId. */
export const mediaGroupPopup: PopupDefinition = {
  title: '매체 그룹',
  url: '/api/media/mediagroup/jsonList.do',
  permission: 'media.mediagroup:list',
  paged: true,
  filters: [
    { field: 'mgNm', label: '그룹명' },
    { field: 'mediaGroupStatus', label: '상태', cdKey: 'MG_STATUS' },
  ],
  columns: [
    { field: 'mgId', title: 'ID', width: 70 },
    { field: 'mgNm', title: '그룹명', ellipsis: true, name: true },
    { field: 'poiNm', title: '사이트', ellipsis: true },
    { field: 'mediaCnt', title: '매체 수', kind: 'number', width: 80 },
    { field: 'mediaGroupStatus', title: '상태', cdKey: 'MG_STATUS', tagColors: GROUP_STATUS_COLORS, width: 90 },
    { field: 'schdGroup', title: '편성 그룹', cdKey: 'SCHD_GROUP', width: 90 },
  ],
  valueField: 'mgId',
  labelField: 'mgNm',
  labelLookup: { url: '/api/media/mediagroup/jsonDetail.do', body: (mgId) => ({ mgId: Number(mgId) }), permission: 'media.mediagroup:view' },
};
