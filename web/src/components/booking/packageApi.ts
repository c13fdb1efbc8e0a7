import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';
import type { Row } from '../resource/definition';

/** A product of a package, as the package's detail lists it. */
export interface PackageProduct {
  prdId: string;
  prdNm: string;
  qty: number;
  unitPrice: number;
  slotType: number;
  playtime: number;
  platform: number;
}

/** A package on sale now: the packages a campaign may be written on. */
export interface OnSalePackage {
  pkgId: string;
  pkgNm: string;
  priceGrossYn: string;
}

const ON_SALE = 1;

/** Under the package resource's key, so a saved package refreshes what campaigns offer. */
export function useOnSalePackages() {
  return useQuery({
    queryKey: ['product/package', 'onSale'],
    queryFn: async () =>
      unwrap(await postJson<{ list: Row[] }>('/api/product/package/jsonList.do', { pkgStatus: ON_SALE, page: 1, pageSize: 100 })).list as unknown as OnSalePackage[],
    staleTime: 60_000,
  });
}

export function usePackageProducts(pkgId: string | null | undefined) {
  return useQuery({
    queryKey: ['product/package', 'detail', pkgId],
    queryFn: async () => (unwrap(await postJson<Row>('/api/product/package/jsonDetail.do', { pkgId })).products as PackageProduct[] | undefined) ?? [],
    enabled: !!pkgId,
    staleTime: 60_000,
  });
}
