import { describe, expect, it } from 'vitest';
import { discountText, discountValueProblem } from './discount';

describe('discountText', () => {
  it('reads an amount in won and a rate in percent', () => {
    expect(discountText('KRW', 10_000)).toBe('10,000원');
    expect(discountText('PCT', 15)).toBe('15%');
    expect(discountText('KRW', null)).toBe('');
  });
});

describe('discountValueProblem', () => {
  it.each([1, 50_000, 100_000_000])('accepts %s won', (value) => {
    expect(discountValueProblem(value, 'KRW')).toBeNull();
  });

  it.each([0, 100_000_001, 1.5, -1, Number.NaN, '500'])('refuses %s won', (value) => {
    expect(discountValueProblem(value, 'KRW')).toMatch(/할인 금액/);
  });

  it.each([1, 15, 100])('accepts %s percent', (value) => {
    expect(discountValueProblem(value, 'PCT')).toBeNull();
  });

  it.each([0, 101, 12.5, 50_000])('refuses %s percent', (value) => {
    expect(discountValueProblem(value, 'PCT')).toMatch(/할인율/);
  });
});
