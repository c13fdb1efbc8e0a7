import type { PopupDefinition } from '../../../components/popup/definition';
import { SALE_STATUS_COLORS } from '../statusColors';

/** Products: searched by name, platform or status; stores prdId. */
export const productPopup: PopupDefinition = {
  title: '상품',
  url: '/api/product/product/jsonList.do',
  permission: 'product.product:list',
  paged: true,
  filters: [
    { field: 'prdNm', label: '상품명' },
    { field: 'platform', label: '플랫폼', cdKey: 'PLATFORM' },
    { field: 'prdStatus', label: '상태', cdKey: 'PRD_STATUS' },
  ],
  columns: [
    { field: 'prdId', title: '상품 ID', width: 110 },
    { field: 'prdNm', title: '상품명', ellipsis: true, name: true },
    { field: 'slotType', title: '슬롯', cdKey: 'SLOT_TYPE', width: 80 },
    { field: 'playtime', title: '재생 시간', cdKey: 'MAT_PLAYTIME', width: 90 },
    { field: 'unitPrice', title: '단가(원)', kind: 'number', width: 110 },
    { field: 'platform', title: '플랫폼', cdKey: 'PLATFORM', width: 80 },
    { field: 'prdStatus', title: '상태', cdKey: 'PRD_STATUS', tagColors: SALE_STATUS_COLORS, width: 90 },
  ],
  valueField: 'prdId',
  labelField: 'prdNm',
};
