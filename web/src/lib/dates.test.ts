import { describe, expect, it } from 'vitest';
import { dateDiffDays, NO_DATE_MESSAGE, parseDate } from './dates';

describe('dateDiffDays', () => {
  it.each([
    ['2024-03-01', '2024-03-01', 0],
    ['2024-03-01', '2024-03-31', 30],
    ['2024-02-28', '2024-03-01', 2], // leap day counted
    ['2024-12-31', '2025-01-01', 1],
    ['2024.03.10', '2024-03-01', -9],
  ])('%s -> %s is %d days', (from, to, days) => {
    expect(dateDiffDays(from, to)).toBe(days);
  });

  it.each([
    [null, '2024-03-01'],
    ['2024-03-01', undefined],
    ['', '2024-03-01'],
    ['2024-02-30', '2024-03-01'],
  ])('throws "no date" for %j, %j', (from, to) => {
    expect(() => dateDiffDays(from, to)).toThrow(NO_DATE_MESSAGE);
  });
});

describe('parseDate', () => {
  it('reads both separators to the same day', () => {
    expect(parseDate('2024.07.15')).toBe(parseDate('2024-07-15'));
    expect(parseDate('2024-07-15')).toBe(Date.UTC(2024, 6, 15));
  });
});
