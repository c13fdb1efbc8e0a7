import { describe, expect, it } from 'vitest';
import { drillPrefix, isSidoPrefix, levelLabel, regionCodeOf } from './regionPrefix';

describe('region prefixes of the population list', () => {
  it('opens a sido from the country, and goes no deeper than its sigungu', () => {
    expect(drillPrefix('1100000000', null)).toBe('11');
    expect(drillPrefix('11', null)).toBe('11');
    expect(drillPrefix('1168000000', '11')).toBeNull();
  });

  it('accepts only a sido prefix from the address', () => {
    expect(isSidoPrefix('11')).toBe(true);
    expect([null, '', '1', '11680', '1168010100', '1a'].some(isSidoPrefix)).toBe(false);
  });

  it('names a sido by its full code, and each level by what its rows are', () => {
    expect(regionCodeOf('11')).toBe('1100000000');
    expect([levelLabel(null), levelLabel('11')]).toEqual(['시도', '시군구']);
  });
});
