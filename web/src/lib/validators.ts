import { parseDate } from './dates';

/** A "YYYY-MM-DD" or "YYYY.MM.DD" string naming a real calendar date. */
export function isDateString(text: string | null | undefined): boolean {
  return parseDate(text) !== null;
}

export type DateRangeCheck = 'from > to' | 'targetFrom > targetTo' | 'invalid' | 'Y' | 'N';

/**
 * Checks a range against a target range. The answers come in this order: the range is reversed,
 * the target range is reversed, a date is not valid, else whether the two overlap (a shared day counts).
 */
export function checkDateRange(
  from: string,
  to: string,
  targetFrom: string,
  targetTo: string,
): DateRangeCheck {
  const [start, end, targetStart, targetEnd] = [from, to, targetFrom, targetTo].map(parseDate);
  if (start !== null && end !== null && start > end) return 'from > to';
  if (targetStart !== null && targetEnd !== null && targetStart > targetEnd) return 'targetFrom > targetTo';
  if (start === null || end === null || targetStart === null || targetEnd === null) return 'invalid';
  return start <= targetEnd && targetStart <= end ? 'Y' : 'N';
}

const BIZ_NO_WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5];

/** Korean business registration number: 9999999999 always passes, else the weighted check digit. */
export function isBizNo(text: string | null | undefined): boolean {
  const digits = (text ?? '').replace(/-/g, '');
  if (digits === '9999999999') return true;
  if (!/^\d{10}$/.test(digits)) return false;
  const d = Array.from(digits, Number);
  let sum = BIZ_NO_WEIGHTS.reduce((total, weight, i) => total + d[i] * weight, 0);
  sum += Math.floor((d[8] * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

/** A percentage: not empty, a number from 0 to 100. */
export function isPercentage(value: string | number | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  const text = String(value).trim();
  if (text === '' || !/^-?\d+(\.\d+)?$/.test(text)) return false;
  const number = Number(text);
  return number >= 0 && number <= 100;
}

/**
 * The password policy (the server applies the same): at least 10 characters of two kinds among
 * letters, digits and symbols, or 8 of all three; never containing the user id. Answers the
 * problem in Korean, or null when the password is acceptable.
 */
export function passwordProblem(password: string, userId: string): string | null {
  const kinds = [/[A-Za-z]/, /\d/, /[^A-Za-z\d]/].filter((kind) => kind.test(password)).length;
  const longEnough = (kinds >= 2 && password.length >= 10) || (kinds >= 3 && password.length >= 8);
  if (!longEnough) {
    return '영문, 숫자, 특수문자 중 2종류 이상 10자 이상 또는 3종류 8자 이상이어야 합니다.';
  }
  if (userId && password.toLowerCase().includes(userId.toLowerCase())) {
    return '비밀번호에 아이디를 포함할 수 없습니다.';
  }
  return null;
}
