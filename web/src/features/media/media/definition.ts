import { MEDIA_STATUS_COLORS } from '../../../components/code/mediaStatusColors';
import type { FieldDefinition, ResourceDefinition } from '../../../components/resource/definition';
import { mediaCorpPopup } from '../../../components/searchPopups/corpPopups';
import { mediaGroupPopup } from '../../../components/searchPopups/mediaGroupPopup';
import { poiPopup } from '../../../components/searchPopups/poiPopup';
import { MANAGING_ROLES } from '../../../lib/roles';
import { devicePopup } from '../device/popup';
import { CapturePanel } from './CapturePanel';

const ATTENTION_STATUSES = [2, 3, 4];

/** What a message to screens asks: its text and how long it stays. */
const MESSAGE_FIELDS: FieldDefinition[] = [
  { field: 'text', label: '메시지', kind: 'textarea', required: true, maxLength: 200 },
  { field: 'seconds', label: '표시 시간 (초)', kind: 'number', required: true, min: 5, max: 3600, defaultValue: 30 },
];

/** Screens (medias): a screen at a site, in a group, on a device, with its player's state and commands. */
export const mediaDefinition: ResourceDefinition = {
  title: '매체',
  apiPath: 'media/media',
  routeBase: '/media/media',
  program: 'media.media',
  idField: 'mediaId',
  idType: 'number',
  columns: [
    { field: 'mediaId', title: 'ID', sortable: true, width: 80 },
    { field: 'mediaNm', title: '매체명', sortable: true, ellipsis: true, name: true },
    { field: 'cName', title: '매체사', width: 130, ellipsis: true },
    { field: 'poiNm', title: '사이트', ellipsis: true },
    { field: 'addrPrev', title: '주소', ellipsis: true },
    { field: 'mgNm', title: '매체 그룹', width: 130, ellipsis: true },
    { field: 'osType', title: 'OS', cdKey: 'OS_TYPE', width: 100 },
    { field: 'mediaStatus', title: '상태', cdKey: 'MEDIA_STATUS', tagColors: MEDIA_STATUS_COLORS, sortable: true, width: 100 },
    { field: 'lastHeartbeatAt', title: '최근 응답', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'mediaNm', label: '매체명' },
    { field: 'mediaStatus', label: '상태', cdKey: 'MEDIA_STATUS' },
    { field: 'poiId', label: '사이트', popup: poiPopup },
    { field: 'mgId', label: '매체 그룹', popup: mediaGroupPopup },
    { field: 'cId', label: '매체사', popup: mediaCorpPopup },
    { field: 'osType', label: 'OS', cdKey: 'OS_TYPE' },
  ],
  fields: [
    { field: 'mediaNm', label: '매체명', kind: 'text', required: true, maxLength: 100 },
    {
      field: 'cId',
      label: '매체사',
      kind: 'popup',
      popup: mediaCorpPopup,
      labelField: 'cName',
      chosenByRoles: MANAGING_ROLES,
      placeholder: '비우면 사이트의 매체사',
    },
    { field: 'poiId', label: '사이트', kind: 'popup', popup: poiPopup, labelField: 'poiNm', required: true, clears: ['mgId'] },
    { field: 'addrPrev', label: '주소', kind: 'text', readOnly: true },
    {
      field: 'mgId',
      label: '매체 그룹',
      kind: 'popup',
      popup: mediaGroupPopup,
      labelField: 'mgNm',
      popupConditions: (values) => (values.poiId ? { poiId: values.poiId } : null),
      placeholder: '사이트의 매체 그룹 검색',
    },
    { field: 'dvcIdx', label: '디바이스', kind: 'popup', popup: devicePopup, labelField: 'dvcNm', fills: { osType: 'osType' } },
    { field: 'osType', label: 'OS', kind: 'code', cdKey: 'OS_TYPE', required: true, defaultValue: 'AND' },
    {
      field: 'mediaStatus',
      label: '상태',
      kind: 'code',
      cdKey: 'MEDIA_STATUS',
      valueType: 'number',
      tagColors: MEDIA_STATUS_COLORS,
      // Set once; from then on the player's heartbeats decide it.
      fixedAfterCreate: true,
      defaultValue: 1,
    },
    { field: 'ssaid', label: 'SSAID', kind: 'text', readOnly: true },
    { field: 'playerVersion', label: '플레이어 버전', kind: 'text', readOnly: true },
    { field: 'lastHeartbeatAt', label: '최근 응답', kind: 'dateTime', readOnly: true },
    { field: 'lastError', label: '최근 오류', kind: 'textarea', readOnly: true, wide: true },
  ],
  actions: [
    {
      key: 'message',
      label: '메시지 전송',
      url: '/api/media/media/jsonSendMsg.do',
      body: (row, answers) => ({ mediaIds: [row.mediaId], ...answers }),
      permission: 'other',
      asks: MESSAGE_FIELDS,
      doneMessage: '메시지를 보냈습니다. 플레이어가 다음 응답 때 표시합니다.',
    },
    {
      key: 'statusReset',
      label: '상태 초기화',
      url: '/api/media/media/jsonStatusReset.do',
      body: (row) => ({ mediaId: row.mediaId }),
      permission: 'update',
      shownWhen: (row) => ATTENTION_STATUSES.includes(Number(row.mediaStatus)),
      confirm: '이상 상태를 지우고 최근 응답으로 상태를 다시 정하시겠습니까?',
      doneMessage: '상태를 초기화했습니다.',
    },
    {
      key: 'ssaidReset',
      label: 'SSAID 초기화',
      url: '/api/media/media/jsonSsaidReset.do',
      body: (row) => ({ mediaId: row.mediaId }),
      permission: 'update',
      danger: true,
      shownWhen: (row) => !!row.ssaid,
      confirm: '연결된 플레이어를 해제하시겠습니까? 다른 기기가 이 매체로 등록할 수 있게 됩니다.',
      doneMessage: 'SSAID를 초기화했습니다.',
    },
  ],
  listActions: [
    {
      key: 'message',
      label: '메시지 전송',
      url: '/api/media/media/jsonSendMsg.do',
      permission: 'other',
      onSelection: true,
      asks: MESSAGE_FIELDS,
      body: (answers, selected) => ({ mediaIds: selected.map((row) => row.mediaId), ...answers }),
      doneMessage: '메시지를 보냈습니다. 플레이어가 다음 응답 때 표시합니다.',
    },
  ],
  sections: [{ kind: 'custom', key: 'capture', title: '화면 캡처', permission: 'other', component: CapturePanel }],
};
