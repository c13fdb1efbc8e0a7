import { describe, expect, it } from 'vitest';
import { decideAccessCheck } from './idle';

const MINUTE = 60_000;
const now = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('decideAccessCheck', () => {
  it.each([
    [0, 'fire'],
    [1 * MINUTE, 'fire'],
    [5 * MINUTE, 'fire'],
    [5 * MINUTE + 1, 'await'],
    [30 * MINUTE, 'await'],
    [60 * MINUTE, 'await'],
    [60 * MINUTE + 1, 'logout'],
    [24 * 60 * MINUTE, 'logout'],
  ] as const)('idle %d ms -> %s', (idle, expected) => {
    expect(decideAccessCheck(now - idle, now)).toBe(expected);
  });

  it('confirms with the server when the last access is unknown', () => {
    expect(decideAccessCheck(null, now)).toBe('await');
  });
});
