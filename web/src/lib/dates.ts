import dayjs from 'dayjs';

const DATE_PATTERN = /^(\d{4})([-.])(\d{2})\2(\d{2})$/;

/** A "YYYY-MM-DD" or "YYYY.MM.DD" string that names a real calendar day, as a UTC timestamp; else null. */
export function parseDate(text: string | null | undefined): number | null {
  const match = DATE_PATTERN.exec(text ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[3]), Number(match[4])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? time : null;
}

export const NO_DATE_MESSAGE = '날짜가 없습니다.';

/** Whole days from `from` to `to` (negative when `to` is earlier); throws when a date is missing. */
export function dateDiffDays(from: string | null | undefined, to: string | null | undefined): number {
  const start = parseDate(from);
  const end = parseDate(to);
  if (start === null || end === null) throw new Error(NO_DATE_MESSAGE);
  return Math.round((end - start) / 86_400_000);
}

/** "YYYY-MM-DD HH:mm:ss" for a server timestamp, or an empty string. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD HH:mm:ss') : value;
}

const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;

/** Whether the text names a calendar month as "YYYY-MM". */
export function isMonth(text: string | null | undefined): boolean {
  const match = MONTH_PATTERN.exec(text ?? '');
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

/** "YYYY-MM" of the month `now` falls in, on this computer's clock. */
export function monthOf(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM');
}

/** "YYYY-MM-DD" of the day `now` falls in, on this computer's clock. */
export function dayOf(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD');
}

/** Every day of a "YYYY-MM" month as "YYYY-MM-DD", in order; none for text that is not a month. */
export function daysOfMonth(month: string): string[] {
  if (!isMonth(month)) return [];
  const first = dayjs(`${month}-01`);
  return Array.from({ length: first.daysInMonth() }, (_, index) => first.add(index, 'day').format('YYYY-MM-DD'));
}
