/**
 * Timings of the player. A screen runs the defaults; the query parameters below exist only so that
 * an end-to-end test sees in a minute what a screen does in an hour, and are never set on a screen:
 * - `beat=S`      heartbeat every S seconds (default 60);
 * - `sync=S`      ask for the schedule every S seconds (default 60);
 * - `popEvery=S`  also close the open hour's counts into a batch every S seconds (default: only
 *                 hours that have ended are sent);
 * - `itemSecs=S`  show each item for at most S seconds (default: the item's own seconds);
 * - `planDays=N`  play the plan of the day N days ahead (0-7, default 0): a campaign approved in a
 *                 test starts tomorrow at the earliest. Plays are still counted in the hour they
 *                 were played in, so the server takes them.
 */
export interface Timings {
  beatSecs: number;
  syncSecs: number;
  popEverySecs: number | null;
  itemSecs: number | null;
  planDays: number;
}

export const DEFAULT_TIMINGS: Timings = { beatSecs: 60, syncSecs: 60, popEverySecs: null, itemSecs: null, planDays: 0 };

/** A whole number of seconds from 1 to a day, or null. */
function seconds(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= 86_400 ? value : null;
}

export function readTimings(search: string): Timings {
  const query = new URLSearchParams(search);
  return {
    beatSecs: seconds(query.get('beat')) ?? DEFAULT_TIMINGS.beatSecs,
    syncSecs: seconds(query.get('sync')) ?? DEFAULT_TIMINGS.syncSecs,
    popEverySecs: seconds(query.get('popEvery')),
    itemSecs: seconds(query.get('itemSecs')),
    planDays: /^[0-7]$/.test(query.get('planDays') ?? '') ? Number(query.get('planDays')) : 0,
  };
}
