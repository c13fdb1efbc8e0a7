import type { HourCounts } from './hourCounter';
import type { PopBatch, PopItem } from './types';

/** The server's limits for one batch (domain rules of proof of play). */
export const MAX_PLAYS_PER_HOUR = 720;
export const MAX_SECONDS_PER_HOUR = 3600;
export const MAX_ITEMS = 500;
export const MAX_AGE_DAYS = 30;
const MAX_ID_LENGTH = 100;

/**
 * The batch's id: the same for the same screen, date, hour and part, so a batch sent again after a
 * lost answer is counted once. The first part of an hour is `serial-date-hour`.
 */
export function batchIdOf(serial: string, counts: Pick<HourCounts, 'date' | 'hour' | 'part'>): string {
  const hour = String(counts.hour).padStart(2, '0');
  const suffix = `-${counts.date}-${hour}${counts.part > 0 ? `-${counts.part}` : ''}`;
  return serial.slice(0, MAX_ID_LENGTH - suffix.length) + suffix;
}

/** Scales `field` of the items down so that their sum stays within `limit` (a clock gone wrong, not a real hour). */
function capped(items: PopItem[], field: 'plays' | 'seconds', limit: number): PopItem[] {
  const total = items.reduce((sum, item) => sum + item[field], 0);
  if (total <= limit) return items;
  return items.map((item) => ({ ...item, [field]: Math.floor((item[field] * limit) / total) }));
}

/** The batch of an hour's counts within the server's limits, or null when nothing was played. */
export function batchOf(serial: string, counts: HourCounts): PopBatch | null {
  const items = capped(capped(counts.items, 'plays', MAX_PLAYS_PER_HOUR), 'seconds', MAX_SECONDS_PER_HOUR)
    .filter((item) => item.plays > 0)
    .slice(0, MAX_ITEMS);
  if (items.length === 0) return null;
  return { batchId: batchIdOf(serial, counts), date: counts.date, hour: counts.hour, items };
}
