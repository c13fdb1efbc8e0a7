import { periodColumn } from '../../../components/common/periodColumn';
import type { PopupDefinition } from '../../../components/popup/definition';
import { discountText } from '../../../lib/discount';
import { CP_STATUS, COUPON_STATUS_COLORS } from './couponStatus';

/** Biz coupons: searched by name; stores cpIdx. */
export const couponPopup: PopupDefinition = {
  title: '쿠폰',
  url: '/api/promotion/biz/jsonList.do',
  permission: 'promotion.biz:list',
  paged: true,
  filters: [{ field: 'cpNm', label: '쿠폰명' }],
  columns: [
    { field: 'cpIdx', title: 'ID', width: 70 },
    { field: 'cpNm', title: '쿠폰명', ellipsis: true, name: true },
    { field: 'discountValue', title: '할인', width: 120, render: (value, row) => discountText(row.discountType, value) },
    periodColumn('fromDate', 'toDate', '기간', { sortable: false, width: 200 }),
    { field: 'cpStatus', title: '상태', cdKey: CP_STATUS, tagColors: COUPON_STATUS_COLORS, width: 80 },
  ],
  valueField: 'cpIdx',
  labelField: 'cpNm',
  labelLookup: { url: '/api/promotion/biz/jsonDetail.do', body: (cpIdx) => ({ cpIdx: Number(cpIdx) }), permission: 'promotion.biz:view' },
};
