import { describe, expect, it } from 'vitest';
import { donutParts, labelEvery, niceTicks, ringPath } from './scale';

describe('niceTicks', () => {
  it.each([
    [100, [0, 25, 50, 75, 100]],
    [93, [0, 25, 50, 75, 100]],
    [7, [0, 2, 4, 6, 8]],
    [0, [0, 1]],
    [1, [0, 1]],
    [1200, [0, 500, 1000, 1500]],
  ])('up to %s: %j', (max, ticks) => {
    expect(niceTicks(max)).toEqual(ticks);
  });

  it('always reaches past the largest value', () => {
    for (const max of [3, 17, 48.5, 999, 12345]) expect(niceTicks(max).at(-1)).toBeGreaterThanOrEqual(max);
  });
});

describe('donutParts', () => {
  it('shares the turn by value, a part of nothing taking none', () => {
    expect(donutParts([3, 0, 1])).toEqual([
      { start: 0, end: 0.75, share: 0.75 },
      { start: 0.75, end: 0.75, share: 0 },
      { start: 0.75, end: 1, share: 0.25 },
    ]);
    expect(donutParts([0, 0]).map((part) => part.share)).toEqual([0, 0]);
  });
});

describe('ringPath', () => {
  it('draws a part as two arcs joined, and a whole ring in two halves', () => {
    expect(ringPath(50, 50, 20, 40, 0, 0.25)).toBe('M 50.00 10.00 A 40 40 0 0 1 90.00 50.00 L 70.00 50.00 A 20 20 0 0 0 50.00 30.00 Z');
    expect(ringPath(50, 50, 20, 40, 0, 1).match(/M /g)).toHaveLength(2);
  });
});

describe('labelEvery', () => {
  it('writes every label while they fit, else every n-th', () => {
    expect(labelEvery(14, 700)).toBe(1);
    expect(labelEvery(31, 700)).toBe(3);
    expect(labelEvery(0, 700)).toBe(1);
  });
});
