import { formatWon } from './money';

export type DiscountType = 'KRW' | 'PCT';

/** The largest discount of each type: an amount in KRW, or a percentage of the adjusted price. */
export const DISCOUNT_LIMITS: Record<DiscountType, { min: number; max: number }> = {
  KRW: { min: 1, max: 100_000_000 },
  PCT: { min: 1, max: 100 },
};

/** A discount as it reads: "10,000원" or "15%". */
export function discountText(type: unknown, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return type === 'PCT' ? `${Number(value).toLocaleString('ko-KR')}%` : formatWon(value);
}

/** A discount value for its type: a whole number within the type's limits; answers the problem, or null. */
export function discountValueProblem(value: unknown, type: unknown): string | null {
  const limits = DISCOUNT_LIMITS[type === 'PCT' ? 'PCT' : 'KRW'];
  const number = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isInteger(number) || number < limits.min || number > limits.max) {
    return type === 'PCT'
      ? `할인율은 ${limits.min}~${limits.max}% 사이의 정수로 입력해 주세요.`
      : `할인 금액은 ${limits.min.toLocaleString('ko-KR')}~${limits.max.toLocaleString('ko-KR')}원 사이로 입력해 주세요.`;
  }
  return null;
}
