import { describe, expect, it } from 'vitest';
import { encodeText, prepareBody } from './encode';

describe('encodeText', () => {
  it.each([
    ['plain text', 'plain text'],
    ['e\u0301', '\u00e9'], // decomposed é becomes the composed form
    ['\u1100\u1161', '\uac00'], // Hangul jamo compose into a syllable
    ['a\u0000b\u0007c\u001Fd\u007Fe\u0085f', 'abcdef'],
    ['line\nnext\r\n\ttab', 'line\nnext\r\n\ttab'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(encodeText(input)).toBe(expected);
  });
});

describe('prepareBody', () => {
  it('encodes strings and drops underscored fields at every depth', () => {
    const body = {
      name: 'e\u0301\u0000',
      _screenOnly: 'x',
      count: 3,
      flag: false,
      missing: null,
      nested: { _hidden: 1, kept: 'a\u0008' },
      list: [{ _row: true, title: 't\u0001' }, 'b\u0002', 7],
    };
    expect(prepareBody(body)).toEqual({
      name: '\u00e9',
      count: 3,
      flag: false,
      missing: null,
      nested: { kept: 'a' },
      list: [{ title: 't' }, 'b', 7],
    });
  });

  it('leaves the input untouched', () => {
    const body = { _a: 1, b: 'x\u0000' };
    prepareBody(body);
    expect(body).toEqual({ _a: 1, b: 'x\u0000' });
  });
});
