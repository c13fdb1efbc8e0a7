import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS, readTimings } from './testParams';

describe('readTimings', () => {
  it('keeps a screen’s timings when nothing is asked', () => {
    expect(readTimings('')).toEqual({ beatSecs: 60, syncSecs: 60, popEverySecs: null, itemSecs: null, planDays: 0 });
  });

  it('takes the shorter timings a test asks for', () => {
    expect(readTimings('?beat=5&sync=10&popEvery=10&itemSecs=3&planDays=1')).toEqual({ beatSecs: 5, syncSecs: 10, popEverySecs: 10, itemSecs: 3, planDays: 1 });
  });

  it('ignores values that are not whole seconds in range', () => {
    expect(readTimings('?beat=0&sync=-5&popEvery=abc&itemSecs=2.5&planDays=30')).toEqual(DEFAULT_TIMINGS);
  });
});
