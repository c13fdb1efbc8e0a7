import { MEDIA_STATUS_COLORS } from '../../../components/code/mediaStatusColors';
import type { ColumnDefinition, DetailSection } from '../../../components/resource/definition';

/** The screens of a site or a group, as a table on its view screen; a row opens the screen. */
export function screensSection(by: 'poiId' | 'mgId', placeColumn: ColumnDefinition): DetailSection {
  return {
    kind: 'table',
    key: 'media',
    title: '매체',
    url: '/api/media/media/jsonList.do',
    requires: 'media.media:list',
    body: (row) => ({ [by]: row[by], pageSize: 200 }),
    rowKey: 'mediaId',
    columns: [
      { field: 'mediaId', title: 'ID', width: 80 },
      { field: 'mediaNm', title: '매체명', name: true },
      placeColumn,
      { field: 'osType', title: 'OS', cdKey: 'OS_TYPE' },
      { field: 'mediaStatus', title: '상태', cdKey: 'MEDIA_STATUS', tagColors: MEDIA_STATUS_COLORS },
      { field: 'lastHeartbeatAt', title: '최근 응답', kind: 'dateTime' },
    ],
    openPath: (media) => `/media/media/view?mediaId=${String(media.mediaId)}`,
  };
}
