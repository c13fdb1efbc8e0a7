import { describe, expect, it } from 'vitest';
import { compactBody, optionalNumber } from './bodyValues';

describe('request bodies', () => {
  it('leave empty values out and trim text, keeping numbers, flags and lists as they are', () => {
    expect(compactBody({ title: '  봄 ', memo: '   ', none: null, missing: undefined, slots: 0, on: false, targets: [] })).toEqual({
      title: '봄',
      slots: 0,
      on: false,
      targets: [],
    });
  });

  it('read a stored number, or null where there is none', () => {
    expect([optionalNumber('7'), optionalNumber(0), optionalNumber(''), optionalNumber(null), optionalNumber(undefined)]).toEqual([7, 0, null, null, null]);
  });
});
