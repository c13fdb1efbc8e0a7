import type { ResourceDefinition } from '../../../../components/resource/definition';
import { mediaCorpPopup } from '../../../../components/searchPopups/corpPopups';
import { poiPopup } from '../../../../components/searchPopups/poiPopup';
import { CREATED_AT_FIELD, IN_FORCE_FILTER, RATE_COLUMNS, RATE_FIELDS } from '../feeFields';

/**
 * Media fee rates: a media owner corp's rate, or one of its sites' own rate, each applying from its
 * day until the next one.
 */
export const mediaFeeDefinition: ResourceDefinition = {
  title: '매체 수수료',
  apiPath: 'fee/media',
  routeBase: '/settlement/fee/media',
  program: 'fee.media',
  idField: 'feeIdx',
  idType: 'number',
  listNote: '사이트를 지정한 수수료율이 매체사의 수수료율보다 우선합니다. 월 정산은 그 달 말일에 적용 중인 수수료율을 씁니다.',
  columns: [
    { field: 'feeIdx', title: 'ID', width: 70 },
    { field: 'cName', title: '매체사', sortable: true, ellipsis: true, name: true },
    { field: 'poiNm', title: '사이트', ellipsis: true, render: (value) => (value ? String(value) : '매체사 전체') },
    ...RATE_COLUMNS,
    { field: 'uName', title: '등록자', width: 100 },
  ],
  filters: [
    { field: 'cId', label: '매체사', popup: mediaCorpPopup },
    { field: 'poiId', label: '사이트', popup: poiPopup },
    IN_FORCE_FILTER,
  ],
  fields: [
    { field: 'cId', label: '매체사', kind: 'popup', popup: mediaCorpPopup, labelField: 'cName', required: true, clears: ['poiId'] },
    {
      field: 'poiId',
      label: '사이트',
      kind: 'popup',
      popup: poiPopup,
      labelField: 'poiNm',
      // Only the chosen owner's sites can carry their own rate.
      popupConditions: (values) => (values.cId ? { cId: values.cId } : null),
      placeholder: '비우면 매체사 전체',
    },
    ...RATE_FIELDS,
    { field: 'uName', label: '등록자', kind: 'text', readOnly: true },
    CREATED_AT_FIELD,
  ],
};
