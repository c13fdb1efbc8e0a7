import type { ResourceDefinition } from '../../../components/resource/definition';

const FEED_URL = /^https?:\/\/\S+$/i;

/** A headline's link, only when it is a web address (a feed is outside text). */
const webLink = (link: unknown) => (typeof link === 'string' && /^https?:\/\//i.test(link) ? link : undefined);

/**
 * News providers: the feeds whose headlines the screens show, with each provider's logo. A job reads
 * each feed every 30 minutes; the view fetches one now and lists its latest headlines.
 */
export const newsProviderDefinition: ResourceDefinition = {
  title: '뉴스 제공사',
  apiPath: 'system/newsmng',
  routeBase: '/system/newsmng',
  program: 'system.newsmng',
  idField: 'nssId',
  idType: 'number',
  saveAs: 'multipart',
  columns: [
    { field: 'nssNm', title: '제공사명', sortable: true, width: 200, name: true },
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
  actions: [
    {
      key: 'fetch',
      label: '지금 가져오기',
      url: '/api/system/newsmng/jsonFetch.do',
      body: (row) => ({ nssId: row.nssId }),
      permission: 'update',
      // The fetch runs as a job: its headlines show once it has read the feed.
      doneMessage: '피드 읽기를 요청했습니다. 잠시 후 최근 기사에 반영됩니다.',
    },
  ],
  sections: [
    {
      kind: 'table',
      key: 'items',
      title: '최근 기사',
      url: '/api/system/newsmng/jsonItems.do',
      body: (row) => ({ nssId: row.nssId }),
      rowKey: 'link',
      columns: [
        {
          field: 'title',
          title: '제목',
          render: (title, item) => (
            <a href={webLink(item.link)} target="_blank" rel="noopener noreferrer">
              {String(title ?? '')}
            </a>
          ),
        },
        { field: 'publishedAt', title: '게시일시', kind: 'dateTime', width: 180 },
      ],
    },
  ],
};
