import { MEDIA_STATUS_COLORS } from '../../../components/code/mediaStatusColors';
import type { ResourceDefinition } from '../../../components/resource/definition';
import { poiPopup } from '../../../components/searchPopups/poiPopup';

const screenPath = (row: Record<string, unknown>) => `/media/media/view?mediaId=${String(row.mediaId)}`;

/**
 * Operation status: how many screens are in each status, the screens needing attention (or of the
 * status picked), and the latest status changes; asked again every 30 seconds.
 */
export const operationDefinition: ResourceDefinition = {
  title: '운영 현황',
  apiPath: 'media/operation',
  routeBase: '/media/operation',
  program: 'media.operation',
  idField: 'mediaId',
  idType: 'number',
  readOnly: true,
  refreshSeconds: 30,
  listNote: '상태를 고르지 않으면 점검이 필요한 매체(이상감지·비정상·장애)만 보입니다. 30초마다 새로 고칩니다.',
  rowPath: screenPath,
  countCards: { field: 'mediaStatus', cdKey: 'MEDIA_STATUS', countsField: 'counts', tagColors: MEDIA_STATUS_COLORS },
  columns: [
    { field: 'mediaId', title: 'ID', width: 80 },
    { field: 'mediaNm', title: '매체명', sortable: true, ellipsis: true, name: true },
    { field: 'poiNm', title: '사이트', ellipsis: true },
    { field: 'mediaStatus', title: '상태', cdKey: 'MEDIA_STATUS', tagColors: MEDIA_STATUS_COLORS, sortable: true, width: 100 },
    { field: 'lastHeartbeatAt', title: '최근 응답', kind: 'dateTime', sortable: true, width: 180 },
    { field: 'lastError', title: '최근 오류', ellipsis: true },
  ],
  filters: [
    { field: 'mediaStatus', label: '상태', cdKey: 'MEDIA_STATUS' },
    { field: 'mediaNm', label: '매체명' },
    { field: 'poiId', label: '사이트', popup: poiPopup },
  ],
  fields: [],
  listPanels: [
    {
      key: 'changes',
      title: '최근 상태 변경',
      url: '/api/media/monitoring/jsonMonitoringList.do',
      listField: 'changes',
      rowKey: 'logIdx',
      columns: [
        { field: 'createdAt', title: '일시', kind: 'dateTime', width: 180 },
        { field: 'mediaNm', title: '매체명', ellipsis: true },
        { field: 'fromStatus', title: '이전', cdKey: 'MEDIA_STATUS', tagColors: MEDIA_STATUS_COLORS, width: 100 },
        { field: 'toStatus', title: '이후', cdKey: 'MEDIA_STATUS', tagColors: MEDIA_STATUS_COLORS, width: 100 },
        { field: 'reason', title: '사유', ellipsis: true },
      ],
      openPath: screenPath,
    },
  ],
};
