import { periodColumn } from '../../../components/common/periodColumn';
import type { ResourceDefinition } from '../../../components/resource/definition';
import { parseDate } from '../../../lib/dates';
import { DISCOUNT_LIMITS, discountText, discountValueProblem } from '../../../lib/discount';
import { CP_STATUS, COUPON_ON, COUPON_STATUS_COLORS } from './couponStatus';
import { SEND_FIELDS, sendBody } from './sendFields';

/**
 * Biz coupons for small-merchant advertisers: a discount in KRW or percent on a campaign's adjusted
 * price, within a period and up to a number of uses (counted when a campaign is approved).
 */
export const couponDefinition: ResourceDefinition = {
  title: '프로모션 쿠폰',
  apiPath: 'promotion/biz',
  routeBase: '/promotion/biz',
  program: 'promotion.biz',
  idField: 'cpIdx',
  idType: 'number',
  listNote: '소상공인 광고주의 캠페인에 쓰는 쿠폰입니다. 사용 수는 캠페인이 승인될 때 늘어납니다.',
  columns: [
    { field: 'cpIdx', title: 'ID', width: 70 },
    { field: 'cpNm', title: '쿠폰명', ellipsis: true, name: true },
    { field: 'discountValue', title: '할인', width: 130, render: (value, row) => discountText(row.discountType, value) },
    periodColumn('fromDate', 'toDate', '기간', { sortable: false }),
    { field: 'used', title: '사용', width: 120, render: (value, row) => `${Number(value ?? 0).toLocaleString('ko-KR')} / ${Number(row.maxUses ?? 0).toLocaleString('ko-KR')}` },
    { field: 'cpStatus', title: '상태', cdKey: CP_STATUS, tagColors: COUPON_STATUS_COLORS, width: 90 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', width: 170 },
  ],
  filters: [
    { field: 'cpNm', label: '쿠폰명' },
    { field: 'cpStatus', label: '상태', cdKey: CP_STATUS },
    { field: 'onDate', label: '사용 가능일', kind: 'date' },
  ],
  fields: [
    { field: 'cpNm', label: '쿠폰명', kind: 'text', required: true, maxLength: 100, wide: true },
    { field: 'discountType', label: '할인 단위', kind: 'code', cdKey: 'EXTRA_TYPE', required: true, defaultValue: 'KRW' },
    {
      field: 'discountValue',
      label: '할인 값',
      kind: 'number',
      required: true,
      min: DISCOUNT_LIMITS.KRW.min,
      max: DISCOUNT_LIMITS.KRW.max,
      placeholder: '원이면 금액, %면 할인율',
      validate: (value, values) => discountValueProblem(value, values.discountType),
    },
    { field: 'fromDate', label: '시작일', kind: 'date', required: true },
    {
      field: 'toDate',
      label: '종료일',
      kind: 'date',
      required: true,
      validate: (value, values) => {
        const [from, to] = [parseDate(String(values.fromDate ?? '')), parseDate(String(value))];
        return from !== null && to !== null && to < from ? '종료일은 시작일 이후여야 합니다.' : null;
      },
    },
    { field: 'maxUses', label: '최대 사용 수', kind: 'number', required: true, min: 1, max: 1_000_000, defaultValue: 100 },
    { field: 'cpStatus', label: '상태', kind: 'code', cdKey: CP_STATUS, valueType: 'number', tagColors: COUPON_STATUS_COLORS, required: true, defaultValue: COUPON_ON },
    { field: 'used', label: '사용 수', kind: 'number', readOnly: true },
    { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
  ],
  // A coupon a campaign has used stays: deleting it would lose what the campaign was priced with.
  rowSelectable: (row) => Number(row.used ?? 0) === 0,
  actions: [
    {
      key: 'send',
      label: '쿠폰 발송',
      url: '/api/promotion/sent/jsonSend.do',
      permission: 'write',
      asks: SEND_FIELDS,
      body: (row, answers) => sendBody(row.cpIdx, answers),
      shownWhen: (row) => Number(row.cpStatus) === COUPON_ON,
      doneMessage: '쿠폰 안내 문자를 발송했습니다.',
    },
  ],
};
