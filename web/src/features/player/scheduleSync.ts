import type { PlayerApi } from './playerApi';
import type { LoopItem, Plan } from './types';

/** The plan a player holds, with the ETag that names its version. */
export interface HeldPlan {
  plan: Plan;
  etag: string | null;
}

/** The answer to "is there a new plan?": a new one, the same, pair again, or ask later. */
export type ScheduleOutcome =
  | { kind: 'new'; held: HeldPlan }
  | { kind: 'same' }
  | { kind: 'unpaired' }
  | { kind: 'unreachable' }
  | { kind: 'refused'; message: string };

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string' && each.trim() !== '') : []);

/** The plan as the server answered it, with the parts it may leave out filled in. */
export function readPlan(data: Partial<Plan> & { loop?: LoopItem[] }, date: string): Plan {
  return {
    mediaId: data.mediaId ?? 0,
    mgId: data.mgId ?? null,
    date: data.date ?? date,
    version: data.version === undefined || data.version === null ? null : String(data.version),
    templateType: data.templateType ?? null,
    layout: data.layout ?? null,
    openTime: data.openTime ?? null,
    closeTime: data.closeTime ?? null,
    loop: Array.isArray(data.loop) ? data.loop : [],
    footer: { notices: strings(data.footer?.notices), news: strings(data.footer?.news) },
  };
}

/**
 * `GET schedule?date=`: asks with the held version (`If-None-Match`) when it is of the same day; a
 * 304 means the held plan is current and the loop goes on untouched.
 */
export async function askSchedule(api: PlayerApi, date: string, held: HeldPlan | null): Promise<ScheduleOutcome> {
  const sameDay = held !== null && held.plan.date === date;
  const etag = sameDay ? (held.etag ?? (held.plan.version ? `"${held.plan.version}"` : null)) : null;
  const answer = await api.get<Partial<Plan>>(`schedule?date=${encodeURIComponent(date)}`, etag ? { 'If-None-Match': etag } : {});
  switch (answer.kind) {
    case 'ok': {
      const plan = readPlan(answer.data, date);
      return { kind: 'new', held: { plan, etag: answer.headers.get('ETag') ?? (plan.version ? `"${plan.version}"` : null) } };
    }
    case 'notModified':
      return sameDay ? { kind: 'same' } : { kind: 'unreachable' };
    case 'unpaired':
      return { kind: 'unpaired' };
    case 'unreachable':
      return { kind: 'unreachable' };
    case 'refused':
      return { kind: 'refused', message: answer.message };
  }
}
