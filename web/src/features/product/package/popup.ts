import type { PopupDefinition } from '../../../components/popup/definition';
import { SALE_STATUS_COLORS } from '../statusColors';

/** Product packages (the spec's package popup: pkgId, pkgNm, priceGrossYn, pkgStatus); stores pkgId. */
export const packagePopup: PopupDefinition = {
  title: '상품 패키지',
  url: '/api/product/package/jsonList.do',
  permission: 'product.package:list',
  paged: true,
  filters: [
    { field: 'pkgNm', label: '패키지명' },
    { field: 'pkgStatus', label: '상태', cdKey: 'PKG_STATUS' },
  ],
  columns: [
    { field: 'pkgId', title: '패키지 ID', width: 120 },
    { field: 'pkgNm', title: '패키지명', ellipsis: true, name: true },
    { field: 'priceGrossYn', title: '부가세 포함', kind: 'yn', width: 100 },
    { field: 'pkgStatus', title: '상태', cdKey: 'PKG_STATUS', tagColors: SALE_STATUS_COLORS, width: 90 },
  ],
  valueField: 'pkgId',
  labelField: 'pkgNm',
  labelLookup: { url: '/api/product/package/jsonDetail.do', body: (pkgId) => ({ pkgId: String(pkgId) }), permission: 'product.package:view' },
};
