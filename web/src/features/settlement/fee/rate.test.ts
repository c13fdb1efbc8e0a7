import { describe, expect, it } from 'vitest';
import { RATE_MESSAGE, rateProblem } from './rate';

describe('rateProblem', () => {
  it.each([0, 100, 40, 12.5, 12.34, 0.01, 99.99, 45.1, '7.25'])('accepts %s', (rate) => {
    expect(rateProblem(rate)).toBeNull();
  });

  it.each([-0.01, 100.01, 101, -5])('refuses %s, outside 0-100', (rate) => {
    expect(rateProblem(rate)).toBe(RATE_MESSAGE);
  });

  it.each([12.345, 0.001, 99.999, '1.005'])('refuses %s, more than two decimals', (rate) => {
    expect(rateProblem(rate)).toBe(RATE_MESSAGE);
  });

  it.each([null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY])('refuses %s, not a number', (rate) => {
    expect(rateProblem(rate)).toBe(RATE_MESSAGE);
  });
});
