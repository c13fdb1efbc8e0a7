import { isPercentage } from '../../../lib/validators';

export const RATE_MESSAGE = '수수료율은 0~100 사이, 소수점 둘째 자리까지 입력해 주세요.';

/** Whether a number has at most two decimals (the server keeps rates in hundredths of a percent). */
function hasTwoDecimalsAtMost(rate: number): boolean {
  const hundredths = rate * 100;
  // 12.34 * 100 is 1233.9999999999998 in floating point: a tiny distance still counts as whole.
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}

/** A fee rate: a percentage from 0 to 100 with at most two decimals; answers the problem, or null. */
export function rateProblem(value: unknown): string | null {
  if (typeof value !== 'number' && typeof value !== 'string') return RATE_MESSAGE;
  if (!isPercentage(value)) return RATE_MESSAGE;
  return hasTwoDecimalsAtMost(Number(value)) ? null : RATE_MESSAGE;
}
