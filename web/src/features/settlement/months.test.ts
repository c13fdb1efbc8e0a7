import { describe, expect, it } from 'vitest';
import { lastFinishedMonth } from './months';

describe('lastFinishedMonth', () => {
  it('is the month before the current one', () => {
    expect(lastFinishedMonth(new Date(2027, 2, 15))).toBe('2027-02');
    expect(lastFinishedMonth(new Date(2027, 2, 31, 23, 59))).toBe('2027-02');
  });

  it('goes back across a year', () => {
    expect(lastFinishedMonth(new Date(2027, 0, 1))).toBe('2026-12');
  });
});
