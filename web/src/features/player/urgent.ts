import type { UrgentMessage } from './types';

/** A server time "YYYY-MM-DD HH:MM:SS" on this computer's clock (the site's time zone), in ms; NaN if unreadable. */
export function timeOf(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  return new Date(year, month - 1, day, hours, minutes, seconds).getTime();
}

/**
 * The urgent message to show at `now`: of those started and not yet ended, the one started last.
 * The heartbeat hands them out; their own end times take them off between heartbeats and offline.
 */
export function urgentInForce(messages: UrgentMessage[], now: number): UrgentMessage | null {
  let shown: UrgentMessage | null = null;
  for (const message of messages) {
    const start = timeOf(message.startAt);
    const end = timeOf(message.endAt);
    if (!(start <= now && now < end)) continue;
    if (!shown || start > timeOf(shown.startAt) || (start === timeOf(shown.startAt) && message.umIdx > shown.umIdx)) shown = message;
  }
  return shown;
}
