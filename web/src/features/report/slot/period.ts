import dayjs from 'dayjs';
import { dateDiffDays } from '../../../lib/dates';

/** Every day from `fromDate` to `toDate` as "YYYY-MM-DD" (none when either is missing or they are reversed). */
export function daysBetween(fromDate: string | undefined, toDate: string | undefined): string[] {
  let count: number;
  try {
    count = dateDiffDays(fromDate, toDate) + 1;
  } catch {
    return [];
  }
  if (count < 1) return [];
  const first = dayjs(fromDate);
  return Array.from({ length: count }, (_, index) => first.add(index, 'day').format('YYYY-MM-DD'));
}
