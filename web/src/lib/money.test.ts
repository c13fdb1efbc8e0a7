import { describe, expect, it } from 'vitest';
import { formatRate, formatWon } from './money';

describe('formatWon', () => {
  it('separates thousands and ends in 원', () => {
    expect(formatWon(1_234_567)).toBe('1,234,567원');
    expect(formatWon(0)).toBe('0원');
    expect(formatWon(-50_000)).toBe('-50,000원');
  });

  it('reads missing and negative zero amounts as 0원', () => {
    expect(formatWon(null)).toBe('0원');
    expect(formatWon(undefined)).toBe('0원');
    expect(formatWon(-0)).toBe('0원');
  });
});

describe('formatRate', () => {
  it('always shows two decimals and a percent sign', () => {
    expect(formatRate(12.5)).toBe('12.50 %');
    expect(formatRate(40)).toBe('40.00 %');
    expect(formatRate(0.05)).toBe('0.05 %');
    expect(formatRate('7.25')).toBe('7.25 %');
  });

  it('shows nothing for a missing rate', () => {
    expect(formatRate(null)).toBe('');
    expect(formatRate('')).toBe('');
  });
});
