import { DEPLOYED_COLORS } from '../../../components/code/mediaStatusColors';
import type { PopupDefinition } from '../../../components/popup/definition';

/** Player builds: searched by OS, player type or deployment; stores plyIdx. */
export const playerPopup: PopupDefinition = {
  title: '플레이어',
  url: '/api/media/player/jsonList.do',
  permission: 'media.player:list',
  paged: true,
  filters: [
    { field: 'osType', label: 'OS', cdKey: 'OS_TYPE' },
    { field: 'plyType', label: '유형', cdKey: 'PLY_TYPE' },
    { field: 'plyDeployYn', label: '배포', cdKey: 'YN' },
  ],
  columns: [
    { field: 'plyIdx', title: 'ID', width: 70 },
    { field: 'osType', title: 'OS', cdKey: 'OS_TYPE', width: 90 },
    { field: 'plyType', title: '유형', cdKey: 'PLY_TYPE', width: 110 },
    { field: 'plyVersion', title: '버전', width: 90 },
    { field: 'plyVFname', title: '파일', ellipsis: true },
    { field: 'plyDesc', title: '설명', ellipsis: true },
    { field: 'plyDeployYn', title: '배포', cdKey: 'YN', tagColors: DEPLOYED_COLORS, width: 70 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', width: 160 },
  ],
  valueField: 'plyIdx',
  labelField: 'plyVersion',
  labelLookup: { url: '/api/media/player/jsonDetail.do', body: (plyIdx) => ({ plyIdx: Number(plyIdx) }), permission: 'media.player:view' },
};
