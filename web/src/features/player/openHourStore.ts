import type { HourCounts } from './hourCounter';

const KEY = 'townboard.player.openHour';

/** The open hour's counts, kept after every play so a reload loses none of them. */
export function loadOpenHour(serial: string): HourCounts | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as (HourCounts & { serial: string }) | null;
    return kept && kept.serial === serial && Array.isArray(kept.items) ? { date: kept.date, hour: kept.hour, part: kept.part ?? 0, items: kept.items } : null;
  } catch {
    return null;
  }
}

export function saveOpenHour(serial: string, counts: HourCounts): void {
  localStorage.setItem(KEY, JSON.stringify({ serial, ...counts }));
}
