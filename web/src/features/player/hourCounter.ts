import dayjs from 'dayjs';
import { SLOT_TYPE } from '../../lib/loopItem';
import type { LoopItem, PopItem } from './types';

/**
 * Plays counted in one hour of one day, per campaign, material and slot type. `part` numbers the
 * batches one hour was closed into: normally one, more only when a test closes the open hour early.
 */
export interface HourCounts {
  date: string;
  hour: number;
  part: number;
  items: PopItem[];
}

export interface Hour {
  date: string;
  hour: number;
}

/** The hour `now` falls in, on this computer's clock (the site's time zone). */
export function hourOf(now: Date): Hour {
  return { date: dayjs(now).format('YYYY-MM-DD'), hour: now.getHours() };
}

export function emptyHour({ date, hour }: Hour, part = 0): HourCounts {
  return { date, hour, part, items: [] };
}

/** What a play is counted under. */
export type Counted = Pick<LoopItem, 'cmpgId' | 'matId' | 'slotType'>;

/** An ad without its campaign cannot be reported (the server refuses the whole batch): it is not counted. */
export function isCountable(item: Counted): boolean {
  return item.slotType !== SLOT_TYPE.ad || item.cmpgId !== null;
}

const sameCounted = (a: Counted, b: Counted) => a.cmpgId === b.cmpgId && a.matId === b.matId && a.slotType === b.slotType;

/** The counts with one more play of `seconds` (whole seconds) of `item`. */
export function addPlay(counts: HourCounts, item: Counted, seconds: number): HourCounts {
  if (!isCountable(item)) return counts;
  const played = Math.max(0, Math.round(seconds));
  const found = counts.items.some((row) => sameCounted(row, item));
  const items = found
    ? counts.items.map((row) => (sameCounted(row, item) ? { ...row, plays: row.plays + 1, seconds: row.seconds + played } : row))
    : [...counts.items, { cmpgId: item.cmpgId, matId: item.matId, slotType: item.slotType, plays: 1, seconds: played }];
  return { ...counts, items };
}

/** The open counts and the ones just closed, after time moved on to `now`. */
export interface Rolled {
  open: HourCounts;
  closed: HourCounts[];
}

/** Closes the counts of an hour that has ended; the counts of the current hour stay open. */
export function rollTo(counts: HourCounts, now: Date): Rolled {
  const current = hourOf(now);
  if (counts.date === current.date && counts.hour === current.hour) return { open: counts, closed: [] };
  return { open: emptyHour(current), closed: counts.items.length > 0 ? [counts] : [] };
}

/** Closes the current hour's counts so far (tests only); the hour goes on counting in its next part. */
export function closeEarly(counts: HourCounts): Rolled {
  if (counts.items.length === 0) return { open: counts, closed: [] };
  return { open: emptyHour(counts, counts.part + 1), closed: [counts] };
}

/** Counts one play that ended at `endedAt`, first closing the hour before it if that has ended. */
export function recordPlay(counts: HourCounts, item: Counted, seconds: number, endedAt: Date): Rolled {
  const rolled = rollTo(counts, endedAt);
  return { open: addPlay(rolled.open, item, seconds), closed: rolled.closed };
}
