import { describe, expect, it } from 'vitest';
import { timeOf, urgentInForce } from './urgent';
import type { UrgentMessage } from './types';

const message = (umIdx: number, startAt: string, endAt: string): UrgentMessage => ({ umIdx, text: `긴급 ${umIdx}`, imageUrl: null, startAt, endAt });
const at = (text: string) => new Date(text).getTime();

describe('urgent messages', () => {
  it('reads server times on this clock', () => {
    expect(timeOf('2026-11-22 09:30:15')).toBe(at('2026-11-22T09:30:15'));
    expect(timeOf('2026-11-22 09:30')).toBe(at('2026-11-22T09:30:00'));
    expect(timeOf('soon')).toBeNaN();
  });

  it('shows a message from its start until its end, not after', () => {
    const fire = message(1, '2026-11-22 09:00:00', '2026-11-22 10:00:00');
    expect(urgentInForce([fire], at('2026-11-22T08:59:59'))).toBeNull();
    expect(urgentInForce([fire], at('2026-11-22T09:00:00'))).toBe(fire);
    expect(urgentInForce([fire], at('2026-11-22T09:59:59'))).toBe(fire);
    expect(urgentInForce([fire], at('2026-11-22T10:00:00'))).toBeNull();
  });

  it('shows the one started last when several are in force', () => {
    const older = message(1, '2026-11-22 08:00:00', '2026-11-22 12:00:00');
    const newer = message(2, '2026-11-22 09:00:00', '2026-11-22 11:00:00');
    const ended = message(3, '2026-11-22 09:30:00', '2026-11-22 09:40:00');
    expect(urgentInForce([newer, older, ended], at('2026-11-22T10:00:00'))).toBe(newer);
    expect(urgentInForce([older, newer], at('2026-11-22T11:30:00'))).toBe(older);
  });

  it('ignores a message whose times cannot be read', () => {
    expect(urgentInForce([message(1, 'now', 'later')], at('2026-11-22T10:00:00'))).toBeNull();
  });
});
