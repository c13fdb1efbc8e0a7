import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/envelope';
import type { DiscountType } from '../../../lib/discount';

/** A coupon a campaign of the advertiser may take today, with the uses it has left. */
export interface UsableCoupon {
  cpIdx: number;
  cpNm: string;
  discountType: DiscountType;
  discountValue: number;
  fromDate: string;
  toDate: string;
  left: number;
}

export async function getUsableCoupons(advertiserCId: number): Promise<UsableCoupon[]> {
  // Not alerted: a writer the call refuses simply sees no coupon to choose.
  return unwrap(await postJson<{ list?: UsableCoupon[] } | null>('/api/promotion/biz/jsonUsable.do', { advertiserCId }, { alert: false }))?.list ?? [];
}

/**
 * The coupons a campaign of this advertiser may take: on, in their period today, with uses left, and
 * none unless the advertiser is a small merchant. Asked once an advertiser is chosen.
 */
export function useUsableCoupons(advertiserCId: number | null | undefined) {
  return useQuery({
    queryKey: ['promotion/biz', 'usable', advertiserCId ?? null],
    queryFn: () => getUsableCoupons(advertiserCId as number),
    enabled: typeof advertiserCId === 'number' && advertiserCId > 0,
    retry: false,
  });
}
