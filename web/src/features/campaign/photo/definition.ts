import type { OptionSource, ResourceDefinition } from '../../../components/resource/definition';
import { runningCampaignPopup } from '../popup';

/** Photos of a campaign: png or jpeg, at most 20 of 20 MB each per upload. */
export const PHOTO_TYPES = '.png,.jpg,.jpeg';
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const PHOTO_MAX_COUNT = 20;

/** The sites where the chosen campaign plays: where its photos are taken. */
export const campaignSites: OptionSource = {
  url: '/api/cmpgphoto/cmpgphoto/jsonSites.do',
  body: (values) => (values.cmpgId === null || values.cmpgId === undefined || values.cmpgId === '' ? null : { cmpgId: Number(values.cmpgId) }),
  valueField: 'poiId',
  labelField: 'poiNm',
  emptyLabel: '사이트 선택',
};

/** The address of a download (the campaign's photos as a zip, the list as Excel) for the conditions given. */
export function photoDownloadHref(what: 'zip' | 'excel', filters: Record<string, string>): string {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value.trim() !== '')).toString();
  return `/api/cmpgphoto/${what}.do${query === '' ? '' : `?${query}`}`;
}

/**
 * Campaign photo reports: photos verification vendors (and managers) take of a campaign on the
 * screens of its sites, listed with their campaign, site, time taken and uploader; uploaded in
 * batches at the view screen, downloaded as a zip per campaign or as Excel.
 */
export const campaignPhotoDefinition: ResourceDefinition = {
  title: '캠페인 사진 리포트',
  apiPath: 'cmpgphoto/cmpgphoto',
  routeBase: '/cmpgphoto/cmpgphoto',
  program: 'cmpgphoto.cmpgphoto',
  idField: 'photoId',
  idType: 'number',
  saveAs: 'multipart',
  registerLabel: '사진 등록',
  listNote: '사진을 누르면 원본을 크게 봅니다. ZIP 다운로드는 캠페인을 고르면 쓸 수 있습니다.',
  columns: [
    { field: 'thumbUrl', title: '사진', kind: 'image', width: 80 },
    { field: 'photoId', title: 'ID', sortable: true, width: 80 },
    { field: 'cmpgTitle', title: '캠페인', ellipsis: true, name: true },
    { field: 'poiNm', title: '사이트', ellipsis: true },
    { field: 'takenAt', title: '촬영일시', kind: 'dateTime', sortable: true, width: 180 },
    { field: 'uName', title: '등록자', width: 120 },
  ],
  filters: [
    { field: 'cmpgId', label: '캠페인', popup: runningCampaignPopup },
    { field: 'poiId', label: '사이트', options: campaignSites },
    { field: 'fromDate', label: '촬영일 시작', kind: 'date' },
    { field: 'toDate', label: '촬영일 종료', kind: 'date' },
  ],
  fields: [
    { field: 'cmpgId', label: '캠페인', kind: 'popup', popup: runningCampaignPopup, labelField: 'cmpgTitle', required: true, clears: ['poiId'] },
    { field: 'poiId', label: '사이트', kind: 'select', options: campaignSites, required: true },
    {
      field: 'files',
      label: `사진 (png, jpeg ${PHOTO_MAX_COUNT}장까지)`,
      kind: 'files',
      required: true,
      wide: true,
      files: { downloadType: 'cmpgphoto', accept: PHOTO_TYPES, maxBytes: PHOTO_MAX_BYTES, maxCount: PHOTO_MAX_COUNT, image: true },
    },
  ],
  exportLink: { label: '엑셀 다운로드', permission: 'download', href: (filters) => photoDownloadHref('excel', filters) },
};
