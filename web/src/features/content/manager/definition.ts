import type { OptionSource, ResourceDefinition } from '../../../components/resource/definition';

/** News providers in use, to choose the one whose headlines a group shows. */
export const newsProviderOptions: OptionSource = {
  url: '/api/system/newsmng/jsonList.do',
  body: () => ({ useYn: 'Y', page: 1, pageSize: 100 }),
  valueField: 'nssId',
  labelField: 'nssNm',
  emptyLabel: '뉴스 없음',
};

/**
 * Lower content settings, one row per media group: which news provider and whether news, weather
 * and footer notices fill the bottom band of its screens.
 */
export const contentManagerDefinition: ResourceDefinition = {
  title: '하단 콘텐츠 설정',
  apiPath: 'content/manager',
  routeBase: '/content/manager',
  program: 'content.manager',
  idField: 'mgId',
  idType: 'number',
  readOnly: true,
  listNote: '그룹을 누르면 위에서 설정을 바꿀 수 있습니다.',
  columns: [
    { field: 'mgId', title: 'ID', width: 80 },
    { field: 'mgNm', title: '매체 그룹', ellipsis: true, name: true },
    { field: 'poiNm', title: '사이트', ellipsis: true },
    { field: 'nssNm', title: '뉴스 제공사', ellipsis: true },
    { field: 'newsYn', title: '뉴스', kind: 'yn', width: 80 },
    { field: 'weatherYn', title: '날씨', kind: 'yn', width: 80 },
    { field: 'noticeYn', title: '공지', kind: 'yn', width: 80 },
  ],
  filters: [{ field: 'mgNm', label: '매체 그룹' }],
  fields: [],
};
