import type { PopupDefinition } from '../../../components/popup/definition';

/** Apartment complexes of the public registry: searched by name or region; stores kaptCode. */
export const kaptPopup: PopupDefinition = {
  title: '공동주택',
  url: '/api/data/kapt/jsonList.do',
  permission: 'media.poi:list',
  paged: true,
  filters: [
    { field: 'kaptName', label: '단지명' },
    { field: 'as1', label: '시도' },
    { field: 'as2', label: '시군구' },
    { field: 'as3', label: '읍면동' },
  ],
  columns: [
    { field: 'kaptCode', title: '단지 코드', width: 110 },
    { field: 'kaptName', title: '단지명', ellipsis: true, name: true },
    { field: 'as1', title: '시도', width: 100 },
    { field: 'as2', title: '시군구', width: 100 },
    { field: 'as3', title: '읍면동', width: 90 },
    { field: 'as4', title: '리', width: 60 },
    { field: 'dongCnt', title: '동 수', kind: 'number', width: 70 },
    { field: 'daCnt', title: '세대 수', kind: 'number', width: 80 },
  ],
  valueField: 'kaptCode',
  labelField: 'kaptName',
};
