import { Select } from 'antd';
import { discountText } from '../../../lib/discount';
import type { UsableCoupon } from './usableCoupons';

interface CouponSelectProps {
  coupons: UsableCoupon[];
  /** The coupon the campaign holds, named when it is no longer among the usable ones. */
  stored?: { cpIdx: number; cpNm: string } | null;
  disabled?: boolean;
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
}

const couponLabel = (coupon: UsableCoupon) =>
  `${coupon.cpNm} (${discountText(coupon.discountType, coupon.discountValue)} 할인, ~${coupon.toDate}, ${coupon.left.toLocaleString('ko-KR')}회 남음)`;

/** One of the coupons the advertiser may use, or none. */
export function CouponSelect({ coupons, stored, disabled, id, value, onChange }: CouponSelectProps) {
  const options = coupons.map((coupon) => ({ value: coupon.cpIdx, label: couponLabel(coupon) }));
  if (stored && !coupons.some((coupon) => coupon.cpIdx === stored.cpIdx)) {
    options.push({ value: stored.cpIdx, label: `${stored.cpNm} (지금은 사용할 수 없음)` });
  }
  return (
    <Select<number>
      id={id}
      allowClear
      placeholder="쿠폰 없음"
      options={options}
      disabled={disabled}
      value={value ?? undefined}
      onChange={(picked) => onChange?.(picked ?? null)}
      popupMatchSelectWidth={false}
    />
  );
}
