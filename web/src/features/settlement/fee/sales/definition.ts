import type { ResourceDefinition } from '../../../../components/resource/definition';
import { userPopup } from '../../../../components/searchPopups/userPopups';
import { salesCorpPopup } from '../../salesCorpPopup';
import { CREATED_AT_FIELD, IN_FORCE_FILTER, RATE_COLUMNS, RATE_FIELDS } from '../feeFields';

/** Sales fee rates: a sales corp's rate, or one of its users' own rate, each applying from its day. */
export const salesFeeDefinition: ResourceDefinition = {
  title: '영업 수수료',
  apiPath: 'fee/sales',
  routeBase: '/settlement/fee/sales',
  program: 'fee.sales',
  idField: 'feeIdx',
  idType: 'number',
  listNote: '영업사의 수수료와 그 영업사원의 수수료는 각각 정산됩니다. 월 정산은 그 달 말일에 적용 중인 수수료율을 씁니다.',
  columns: [
    { field: 'feeIdx', title: 'ID', width: 70 },
    { field: 'cName', title: '영업사', sortable: true, ellipsis: true, name: true },
    { field: 'uName', title: '영업사원', width: 140, render: (value) => (value ? String(value) : '영업사 전체') },
    ...RATE_COLUMNS,
  ],
  filters: [{ field: 'cId', label: '영업사', popup: salesCorpPopup }, IN_FORCE_FILTER],
  fields: [
    { field: 'cId', label: '영업사', kind: 'popup', popup: salesCorpPopup, labelField: 'cName', required: true, clears: ['uIdx'] },
    {
      field: 'uIdx',
      label: '영업사원',
      kind: 'popup',
      popup: userPopup,
      labelField: 'uName',
      // Only the chosen corp's users can carry their own rate.
      popupConditions: (values) => (values.cId ? { cId: values.cId } : null),
      placeholder: '비우면 영업사 전체',
    },
    ...RATE_FIELDS,
    CREATED_AT_FIELD,
  ],
};
