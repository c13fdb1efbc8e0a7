import { describe, expect, it } from 'vitest';
import { availabilityByGroup, availabilityRange, dayLevel, dayTitle, levelCounts, slotsNeeded, type AvailabilityDay } from './availability';

const day = (used: number, capacity = 10, date = '2026-03-01', mgId = 1): AvailabilityDay => ({ mgId, date, capacity, used, free: capacity - used });

describe('availability colouring', () => {
  it('needs the slot count, halved at the half rate, and one slot while the count is unknown', () => {
    expect(slotsNeeded(2, 100)).toBe(2);
    expect(slotsNeeded(3, 50)).toBe(1.5);
    expect(slotsNeeded(null, 100)).toBe(1);
    expect(slotsNeeded(0, 50)).toBe(0.5);
  });

  it.each([
    [0, 2, 'free'],
    [3, 2, 'partly'],
    [8, 2, 'partly'],
    [8.5, 2, 'sold'],
    [9.5, 0.5, 'partly'],
    [10, 0.5, 'sold'],
  ] as const)('colours a day with %d of 10 sold, %d needed, as %s', (used, needed, level) => {
    expect(dayLevel(day(used), needed)).toBe(level);
  });

  it('counts the days of each level and says it in the tooltip', () => {
    const days = [day(0), day(5, 10, '2026-03-02'), day(10, 10, '2026-03-03')];
    expect(levelCounts(days, 1)).toEqual({ free: 1, partly: 1, sold: 1 });
    expect(dayTitle(days[2], 1)).toBe('2026-03-03 판매 불가: 10/10 구좌 판매, 0 남음');
    expect(dayTitle(day(2.5), 1)).toBe('2026-03-01 일부 판매: 2.5/10 구좌 판매, 7.5 남음');
  });

  it('groups the answer per group in date order', () => {
    const groups = availabilityByGroup([day(1, 10, '2026-03-02', 2), day(0, 10, '2026-03-01', 2), day(0, 10, '2026-03-01', 1)]);
    expect([...groups.keys()]).toEqual([2, 1]);
    expect(groups.get(2)?.map((d) => d.date)).toEqual(['2026-03-01', '2026-03-02']);
  });
});

describe('the days asked', () => {
  it('are the period, at most its first 366 days, and none for a period out of order', () => {
    expect(availabilityRange(['2026-01-01', '2026-06-30'])).toEqual({ fromDate: '2026-01-01', toDate: '2026-06-30', clipped: false });
    expect(availabilityRange(['2028-01-01', '2028-12-31'])).toEqual({ fromDate: '2028-01-01', toDate: '2028-12-31', clipped: false });
    expect(availabilityRange(['2026-01-01', '2027-12-31'])).toEqual({ fromDate: '2026-01-01', toDate: '2027-01-01', clipped: true });
    expect(availabilityRange(['2026-02-01', '2026-01-31'])).toBeNull();
    expect(availabilityRange(null)).toBeNull();
  });
});
