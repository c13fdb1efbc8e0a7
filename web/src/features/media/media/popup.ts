import { MEDIA_STATUS_COLORS } from '../../../components/code/mediaStatusColors';
import type { PopupDefinition } from '../../../components/popup/definition';

/** Screens (medias): searched by name or status; stores mediaId. */
export const mediaPopup: PopupDefinition = {
  title: '매체',
  url: '/api/media/media/jsonList.do',
  permission: 'media.media:list',
  paged: true,
  filters: [
    { field: 'mediaNm', label: '매체명' },
    { field: 'mediaStatus', label: '상태', cdKey: 'MEDIA_STATUS' },
  ],
  columns: [
    { field: 'mediaId', title: 'ID', width: 70 },
    { field: 'mediaNm', title: '매체명', ellipsis: true, name: true },
    { field: 'cName', title: '매체사', width: 110, ellipsis: true },
    { field: 'poiNm', title: '사이트', ellipsis: true },
    { field: 'addrPrev', title: '주소', ellipsis: true },
    { field: 'osType', title: 'OS', cdKey: 'OS_TYPE', width: 90 },
    { field: 'mediaStatus', title: '상태', cdKey: 'MEDIA_STATUS', tagColors: MEDIA_STATUS_COLORS, width: 90 },
  ],
  valueField: 'mediaId',
  labelField: 'mediaNm',
  labelLookup: { url: '/api/media/media/jsonDetail.do', body: (mediaId) => ({ mediaId: Number(mediaId) }), permission: 'media.media:view' },
};

/**
 * Media infos: screens with where they stand (site and address), searched by name or site; stores
 * the screen's name, which is what the usage reports and their Excel files search by.
 */
export const mediaInfoPopup: PopupDefinition = {
  title: '매체 정보',
  url: '/api/media/media/jsonList.do',
  permission: 'media.media:list',
  paged: true,
  filters: [{ field: 'mediaNm', label: '매체명' }],
  columns: [
    { field: 'mediaNm', title: '매체명', ellipsis: true, name: true },
    { field: 'poiNm', title: '사이트', ellipsis: true },
    { field: 'addrPrev', title: '주소', ellipsis: true },
    { field: 'cName', title: '매체사', width: 110, ellipsis: true },
  ],
  valueField: 'mediaNm',
  labelField: 'mediaNm',
};
