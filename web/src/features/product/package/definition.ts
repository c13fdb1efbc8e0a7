import type { ResourceDefinition } from '../../../components/resource/definition';
import { productPopup } from '../product/popup';
import { SALE_STATUS_COLORS } from '../statusColors';

/**
 * Product packages: products sold together, each with a quantity, priced with or without VAT
 * included. A campaign is written on a package on sale (P000000003 by default).
 */
export const packageDefinition: ResourceDefinition = {
  title: '상품 패키지',
  apiPath: 'product/package',
  routeBase: '/product/package',
  program: 'product.package',
  idField: 'pkgId',
  idType: 'string',
  columns: [
    { field: 'pkgId', title: '패키지 ID', width: 120 },
    { field: 'pkgNm', title: '패키지명', ellipsis: true, name: true },
    { field: 'priceGrossYn', title: '부가세 포함', kind: 'yn', width: 100 },
    { field: 'productCnt', title: '상품 수', kind: 'number', width: 80 },
    { field: 'pkgStatus', title: '상태', cdKey: 'PKG_STATUS', tagColors: SALE_STATUS_COLORS, width: 100 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', width: 170 },
  ],
  filters: [
    { field: 'pkgNm', label: '패키지명' },
    { field: 'pkgStatus', label: '상태', cdKey: 'PKG_STATUS' },
  ],
  fields: [
    { field: 'pkgId', label: '패키지 ID', kind: 'text', readOnly: true },
    { field: 'pkgNm', label: '패키지명', kind: 'text', required: true, maxLength: 100 },
    { field: 'priceGrossYn', label: '부가세 포함 가격', kind: 'yn', required: true, defaultValue: 'N' },
    {
      field: 'pkgStatus',
      label: '상태',
      kind: 'code',
      cdKey: 'PKG_STATUS',
      valueType: 'number',
      tagColors: SALE_STATUS_COLORS,
      required: true,
      defaultValue: 1,
    },
    {
      field: 'products',
      label: '상품 구성',
      kind: 'lines',
      required: true,
      wide: true,
      lines: {
        popup: productPopup,
        keyField: 'prdId',
        columns: [
          { field: 'prdId', title: '상품 ID', width: 120 },
          { field: 'prdNm', title: '상품명' },
          { field: 'slotType', title: '슬롯', cdKey: 'SLOT_TYPE', width: 80 },
          { field: 'playtime', title: '재생 시간', cdKey: 'MAT_PLAYTIME', width: 90 },
          { field: 'platform', title: '플랫폼', cdKey: 'PLATFORM', width: 80 },
          { field: 'unitPrice', title: '단가(원)', kind: 'number', width: 110 },
        ],
        inputs: [{ field: 'qty', title: '수량', min: 1, max: 100, defaultValue: 1 }],
      },
    },
    { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
  ],
};
