import dayjs from 'dayjs';

/** "YYYY-MM" of the month before the one `now` falls in: the last month that can be settled. */
export function lastFinishedMonth(now: Date = new Date()): string {
  return dayjs(now).startOf('month').subtract(1, 'month').format('YYYY-MM');
}
