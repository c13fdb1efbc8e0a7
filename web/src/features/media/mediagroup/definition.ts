import { GROUP_STATUS_COLORS } from '../../../components/code/mediaStatusColors';
import type { ResourceDefinition } from '../../../components/resource/definition';
import { poiPopup } from '../../../components/searchPopups/poiPopup';
import { mediaPopup } from '../media/popup';
import { screensSection } from '../media/screensSection';

const DEMOLISHED = 2;
const TO_BE_DEMOLISHED = 3;

/** Media groups: the screens of one site that play one loop, with its layout and slots. */
export const mediaGroupDefinition: ResourceDefinition = {
  title: '매체 그룹',
  apiPath: 'media/mediagroup',
  routeBase: '/media/mediagroup',
  program: 'media.mediagroup',
  idField: 'mgId',
  idType: 'number',
  columns: [
    { field: 'mgId', title: 'ID', sortable: true, width: 80 },
    { field: 'mgNm', title: '그룹명', sortable: true, ellipsis: true, name: true },
    { field: 'poiNm', title: '사이트', ellipsis: true },
    { field: 'templateType', title: '템플릿', cdKey: 'TEMPLATE_TYPE', ellipsis: true },
    { field: 'schdGroup', title: '편성 그룹', cdKey: 'SCHD_GROUP', width: 90 },
    { field: 'adSlotCnt', title: '광고 슬롯', kind: 'number', width: 90 },
    { field: 'mediaCnt', title: '매체 수', kind: 'number', width: 80 },
    { field: 'mediaGroupStatus', title: '상태', cdKey: 'MG_STATUS', tagColors: GROUP_STATUS_COLORS, sortable: true, width: 100 },
    { field: 'demolishDate', title: '철거일', width: 110 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'mgNm', label: '그룹명' },
    { field: 'poiId', label: '사이트', popup: poiPopup },
    { field: 'mediaGroupStatus', label: '상태', cdKey: 'MG_STATUS' },
    { field: 'schdGroup', label: '편성 그룹', cdKey: 'SCHD_GROUP' },
    { field: 'templateType', label: '템플릿', cdKey: 'TEMPLATE_TYPE' },
  ],
  fields: [
    { field: 'mgNm', label: '그룹명', kind: 'text', required: true, maxLength: 100 },
    { field: 'poiId', label: '사이트', kind: 'popup', popup: poiPopup, labelField: 'poiNm', required: true },
    { field: 'layout', label: '레이아웃', kind: 'code', cdKey: 'MG_LAYOUT', valueType: 'number', required: true, defaultValue: 1 },
    { field: 'templateType', label: '템플릿 유형', kind: 'code', cdKey: 'TEMPLATE_TYPE', valueType: 'number', required: true, defaultValue: 2 },
    { field: 'schdGroup', label: '편성 그룹', kind: 'code', cdKey: 'SCHD_GROUP', valueType: 'number', required: true, defaultValue: 0 },
    { field: 'adSlotCnt', label: '광고 슬롯 수', kind: 'number', required: true, min: 1, max: 40, defaultValue: 10 },
    { field: 'slotSec', label: '슬롯 길이', kind: 'code', cdKey: 'MAT_PLAYTIME', valueType: 'number', required: true, defaultValue: 15 },
    { field: 'boardSlotCnt', label: '게시판 슬롯 수', kind: 'code', cdKey: 'BOARD_SLOT_CNT', valueType: 'number', required: true, defaultValue: 0 },
    {
      field: 'mediaGroupStatus',
      label: '상태',
      kind: 'code',
      cdKey: 'MG_STATUS',
      valueType: 'number',
      tagColors: GROUP_STATUS_COLORS,
      required: true,
      defaultValue: 0,
      // "To be demolished" carries a date: only the demolition action sets it.
      validate: (value, values) =>
        Number(value) === TO_BE_DEMOLISHED && !values.demolishDate ? '철거예정은 철거 등록으로 지정하세요.' : null,
    },
    { field: 'demolishDate', label: '철거일', kind: 'text', readOnly: true },
    { field: 'mediaCnt', label: '매체 수', kind: 'number', readOnly: true },
    { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
  ],
  actions: [
    {
      key: 'demolish',
      label: '철거 등록',
      url: '/api/media/mediagroup/jsonDemolish.do',
      body: (row, { demolishDate }) => ({ mgId: row.mgId, demolishDate }),
      permission: 'update',
      danger: true,
      shownWhen: (row) => Number(row.mediaGroupStatus) !== DEMOLISHED,
      asks: [{ field: 'demolishDate', label: '철거일 (오늘이면 바로 철거)', kind: 'date', required: true }],
      doneMessage: '철거를 등록했습니다.',
    },
    {
      key: 'mapping',
      label: '매체 일괄 매핑',
      url: '/api/media/mediagroup/jsonBulkMapping.do',
      body: (row, { mediaIds }) => ({ mgId: row.mgId, mediaIds }),
      permission: 'update',
      shownWhen: (row) => Number(row.mediaGroupStatus) !== DEMOLISHED,
      asks: [
        {
          field: 'mediaIds',
          label: '이 그룹으로 옮길 매체 (같은 사이트)',
          kind: 'popupMany',
          popup: mediaPopup,
          popupConditions: (_values, row) => ({ poiId: row.poiId }),
          required: true,
        },
      ],
      doneMessage: '매체를 그룹에 매핑했습니다.',
    },
  ],
  sections: [
    screensSection('mgId', { field: 'dvcNm', title: '디바이스' }),
  ],
};
