import { SITE_STATUS_COLORS } from '../code/mediaStatusColors';
import type { PopupDefinition } from '../popup/definition';

/** Sites (POIs): searched by name or address; stores poiId. */
export const poiPopup: PopupDefinition = {
  title: '사이트',
  url: '/api/media/poi/jsonList.do',
  permission: 'media.poi:list',
  paged: true,
  filters: [
    { field: 'poiNm', label: '사이트명' },
    { field: 'roadAddr', label: '주소' },
    { field: 'poiStatus', label: '상태', cdKey: 'POI_STATUS' },
  ],
  columns: [
    { field: 'poiId', title: 'ID', width: 70 },
    { field: 'poiNm', title: '사이트명', ellipsis: true, name: true },
    { field: 'poiStatus', title: '상태', cdKey: 'POI_STATUS', tagColors: SITE_STATUS_COLORS, width: 90 },
    { field: 'mediaGrade', title: '등급', width: 60 },
    { field: 'roadAddr', title: '주소', ellipsis: true },
  ],
  valueField: 'poiId',
  labelField: 'poiNm',
  labelLookup: { url: '/api/media/poi/jsonDetail.do', body: (poiId) => ({ poiId: Number(poiId) }), permission: 'media.poi:view' },
};
