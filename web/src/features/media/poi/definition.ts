import { SITE_STATUS_COLORS } from '../../../components/code/mediaStatusColors';
import { periodColumn } from '../../../components/common/periodColumn';
import type { ResourceDefinition } from '../../../components/resource/definition';
import { mediaCorpPopup } from '../../../components/searchPopups/corpPopups';
import { MANAGING_ROLES } from '../../../lib/roles';
import { screensSection } from '../media/screensSection';
import { kaptPopup } from './kaptPopup';

const viewPath = (poiId: unknown) => `/media/poi/view?poiId=${String(poiId)}`;

/** Sites (POIs): apartment complexes with screens, their operating hours, size and region. */
export const poiDefinition: ResourceDefinition = {
  title: '사이트',
  apiPath: 'media/poi',
  routeBase: '/media/poi',
  program: 'media.poi',
  idField: 'poiId',
  idType: 'number',
  columns: [
    { field: 'poiId', title: 'ID', sortable: true, width: 70 },
    { field: 'poiNm', title: '사이트명', sortable: true, ellipsis: true, name: true },
    { field: 'cName', title: '매체사', width: 120, ellipsis: true },
    { field: 'rgnCd', title: '지역', kind: 'region', width: 150 },
    { field: 'roadAddr', title: '주소', ellipsis: true },
    { field: 'poiStatus', title: '상태', cdKey: 'POI_STATUS', tagColors: SITE_STATUS_COLORS, sortable: true, width: 90 },
    { field: 'mediaGrade', title: '등급', width: 60 },
    periodColumn('openTime', 'closeTime', '운영 시간', { sortable: false, width: 130 }),
    { field: 'updatedAt', title: '수정일시', kind: 'dateTime', sortable: true, width: 170 },
  ],
  filters: [
    { field: 'poiNm', label: '사이트명' },
    { field: 'poiStatus', label: '상태', cdKey: 'POI_STATUS' },
    { field: 'mediaGrade', label: '등급' },
    { field: 'rgnCd', label: '지역', kind: 'region' },
    { field: 'roadAddr', label: '주소' },
    { field: 'cId', label: '매체사', popup: mediaCorpPopup },
  ],
  fields: [
    { field: 'poiNm', label: '사이트명', kind: 'text', required: true, maxLength: 100 },
    {
      field: 'kaptCode',
      label: '공동주택 코드',
      kind: 'text',
      maxLength: 20,
      fixedAfterCreate: true,
      placeholder: '공동주택에서 찾으면 단지 정보가 채워집니다',
      lookup: {
        popup: kaptPopup,
        fills: { kaptCode: 'kaptCode', poiNm: 'kaptName', roadAddr: 'roadAddr', rgnCd: 'rgnCd', dongCnt: 'dongCnt', daCnt: 'daCnt' },
      },
    },
    { field: 'cId', label: '매체사', kind: 'popup', popup: mediaCorpPopup, labelField: 'cName', required: true, chosenByRoles: MANAGING_ROLES },
    { field: 'poiStatus', label: '상태', kind: 'code', cdKey: 'POI_STATUS', valueType: 'number', tagColors: SITE_STATUS_COLORS, required: true, defaultValue: 0 },
    { field: 'rgnCd', label: '지역', kind: 'region', required: true },
    { field: 'roadAddr', label: '도로명 주소', kind: 'text', required: true, maxLength: 200 },
    { field: 'openTime', label: '운영 시작', kind: 'time', required: true, defaultValue: '06:00' },
    {
      field: 'closeTime',
      label: '운영 종료',
      kind: 'time',
      required: true,
      defaultValue: '23:59',
      validate: (value, values) => (value === values.openTime ? '운영 시작과 종료가 같을 수 없습니다.' : null),
    },
    { field: 'dongCnt', label: '동 수', kind: 'number', required: true, min: 0, max: 1000, defaultValue: 0 },
    { field: 'daCnt', label: '세대 수', kind: 'number', required: true, min: 0, max: 100_000, defaultValue: 0 },
    { field: 'mediaGrade', label: '매체 등급', kind: 'text', maxLength: 10, placeholder: '예: A, B, C' },
    { field: 'displayNum', label: '노출 수', kind: 'number', min: 0, max: 10_000, defaultValue: 0 },
    { field: 'updatedAt', label: '수정일시', kind: 'dateTime', readOnly: true },
  ],
  listActions: [
    {
      key: 'kapt',
      label: '공동주택에서 등록',
      url: '/api/media/poi/jsonKaptSave.do',
      permission: 'write',
      asks: [
        { field: 'kaptCode', label: '공동주택', kind: 'popup', popup: kaptPopup, required: true },
        { field: 'cId', label: '매체사', kind: 'popup', popup: mediaCorpPopup, chosenByRoles: MANAGING_ROLES, placeholder: '비우면 본사' },
      ],
      body: (answers) => answers,
      openPath: (answer) => viewPath(answer.poiId),
      doneMessage: '공동주택 정보로 대기 상태의 사이트를 등록했습니다.',
    },
  ],
  sections: [
    screensSection('poiId', { field: 'mgNm', title: '매체 그룹' }),
    {
      kind: 'table',
      key: 'groups',
      title: '매체 그룹',
      url: '/api/media/mediagroup/jsonList.do',
      requires: 'media.mediagroup:list',
      body: (row) => ({ poiId: row.poiId, pageSize: 200 }),
      rowKey: 'mgId',
      columns: [
        { field: 'mgId', title: 'ID', width: 80 },
        { field: 'mgNm', title: '그룹명', name: true },
        { field: 'schdGroup', title: '편성 그룹', cdKey: 'SCHD_GROUP' },
        { field: 'mediaCnt', title: '매체 수', kind: 'number' },
        { field: 'mediaGroupStatus', title: '상태', cdKey: 'MG_STATUS' },
      ],
      openPath: (group) => `/media/mediagroup/view?mgId=${String(group.mgId)}`,
    },
  ],
};
