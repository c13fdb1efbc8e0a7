import type { ResourceDefinition } from '../../../components/resource/definition';
import { SALE_STATUS_COLORS } from '../statusColors';

/** Products: what a campaign buys, a slot of a play time on a platform at a unit price per slot, screen and 30 days. */
export const productDefinition: ResourceDefinition = {
  title: '상품',
  apiPath: 'product/product',
  routeBase: '/product/product',
  program: 'product.product',
  idField: 'prdId',
  idType: 'string',
  columns: [
    { field: 'prdId', title: '상품 ID', width: 120 },
    { field: 'prdNm', title: '상품명', ellipsis: true, name: true },
    { field: 'slotType', title: '슬롯 유형', cdKey: 'SLOT_TYPE', width: 100 },
    { field: 'playtime', title: '재생 시간', cdKey: 'MAT_PLAYTIME', width: 90 },
    { field: 'unitPrice', title: '단가(원)', kind: 'number', width: 120 },
    { field: 'platform', title: '플랫폼', cdKey: 'PLATFORM', width: 80 },
    { field: 'prdStatus', title: '상태', cdKey: 'PRD_STATUS', tagColors: SALE_STATUS_COLORS, width: 100 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', width: 170 },
  ],
  filters: [
    { field: 'prdNm', label: '상품명' },
    { field: 'slotType', label: '슬롯 유형', cdKey: 'SLOT_TYPE' },
    { field: 'platform', label: '플랫폼', cdKey: 'PLATFORM' },
    { field: 'prdStatus', label: '상태', cdKey: 'PRD_STATUS' },
  ],
  fields: [
    { field: 'prdId', label: '상품 ID', kind: 'text', readOnly: true },
    { field: 'prdNm', label: '상품명', kind: 'text', required: true, maxLength: 100 },
    { field: 'slotType', label: '슬롯 유형', kind: 'code', cdKey: 'SLOT_TYPE', valueType: 'number', required: true, defaultValue: 1 },
    { field: 'playtime', label: '재생 시간', kind: 'code', cdKey: 'MAT_PLAYTIME', valueType: 'number', required: true, defaultValue: 15 },
    { field: 'unitPrice', label: '단가 (구좌·매체·30일, 원)', kind: 'number', required: true, min: 0, max: 1_000_000_000 },
    { field: 'platform', label: '플랫폼', kind: 'code', cdKey: 'PLATFORM', valueType: 'number', required: true, defaultValue: 1 },
    {
      field: 'prdStatus',
      label: '상태',
      kind: 'code',
      cdKey: 'PRD_STATUS',
      valueType: 'number',
      tagColors: SALE_STATUS_COLORS,
      required: true,
      defaultValue: 1,
    },
    { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
  ],
};
