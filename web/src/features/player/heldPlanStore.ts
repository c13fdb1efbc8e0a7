import type { HeldPlan } from './scheduleSync';

const KEY = 'townboard.player.plan';

/** The last plan, kept so a player restarted while the server is unreachable plays on from the cache. */
export function loadHeldPlan(serial: string): HeldPlan | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as (HeldPlan & { serial: string }) | null;
    return kept && kept.serial === serial && kept.plan ? { plan: kept.plan, etag: kept.etag ?? null } : null;
  } catch {
    return null;
  }
}

export function saveHeldPlan(serial: string, held: HeldPlan): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ serial, ...held }));
  } catch {
    // A full storage only costs the offline start.
  }
}
