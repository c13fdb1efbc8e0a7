import type { ResourceDefinition } from '../../../components/resource/definition';

const FEED_URL = /^https?:\/\/\S+$/i;

/** News providers: the feeds whose headlines the screens show, with each provider's logo. */
export const newsmngDefinition: ResourceDefinition = {
  title: '뉴스 제공사',
  apiPath: 'system/newsmng',
  routeBase: '/system/newsmng',
  program: 'system.newsmng',
  idField: 'nssId',
  idType: 'number',
  saveAs: 'multipart',
  columns: [
    { field: 'nssNm', title: '제공사명', sortable: true, width: 200 },
    { field: 'feedUrl', title: '피드 주소', ellipsis: true },
    { field: 'useYn', title: '사용 여부', cdKey: 'USE_YN', width: 110 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'nssNm', label: '제공사명' },
    { field: 'useYn', label: '사용 여부', cdKey: 'USE_YN' },
  ],
  fields: [
    { field: 'nssNm', label: '제공사명', kind: 'text', required: true, maxLength: 100 },
    { field: 'useYn', label: '사용 여부', kind: 'code', cdKey: 'USE_YN', required: true, defaultValue: 'Y' },
    {
      field: 'feedUrl',
      label: '피드 주소',
      kind: 'text',
      required: true,
      maxLength: 500,
      wide: true,
      placeholder: 'https://',
      validate: (value) => (FEED_URL.test(String(value).trim()) ? null : 'http:// 또는 https://로 시작하는 주소여야 합니다.'),
    },
    {
      field: 'logo',
      label: '로고',
      kind: 'file',
      wide: true,
      files: { downloadType: 'news', accept: '.png,.jpg,.jpeg', maxBytes: 2 * 1024 * 1024, image: true, deleteFlag: 'deleteLogo' },
    },
  ],
};
