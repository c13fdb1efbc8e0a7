import { describe, expect, it } from 'vitest';
import { diffSnapshots, parseSnapshot } from './diff';

describe('diffSnapshots', () => {
  it('marks the keys whose values changed, keeping the order of the row before', () => {
    const before = JSON.stringify({ cdKey: 'USE_YN', cdName: '사용', cdOrder: 1, useYn: 'Y' });
    const after = JSON.stringify({ cdKey: 'USE_YN', cdName: '사용함', cdOrder: 1, useYn: 'N' });
    expect(diffSnapshots(before, after)).toEqual([
      { key: 'cdKey', before: 'USE_YN', after: 'USE_YN', changed: false },
      { key: 'cdName', before: '사용', after: '사용함', changed: true },
      { key: 'cdOrder', before: '1', after: '1', changed: false },
      { key: 'useYn', before: 'Y', after: 'N', changed: true },
    ]);
  });

  it('counts keys that appear or disappear as changed, even with an empty or null value', () => {
    const lines = diffSnapshots(JSON.stringify({ a: 1, gone: null }), JSON.stringify({ a: 1, added: '' }));
    expect(lines.filter((line) => line.changed).map((line) => line.key)).toEqual(['gone', 'added']);
  });

  it('compares nested values by their JSON and tells a number from its text', () => {
    const lines = diffSnapshots(
      JSON.stringify({ permCodes: ['a:list'], n: 1 }),
      JSON.stringify({ permCodes: ['a:list', 'a:view'], n: '1' }),
    );
    expect(lines).toEqual([
      { key: 'permCodes', before: '["a:list"]', after: '["a:list","a:view"]', changed: true },
      { key: 'n', before: '1', after: '1', changed: true },
    ]);
  });

  it('shows every key of a created row as changed, and of a deleted one', () => {
    expect(diffSnapshots(null, JSON.stringify({ a: 1 }))).toEqual([{ key: 'a', before: '', after: '1', changed: true }]);
    expect(diffSnapshots(JSON.stringify({ a: 1 }), null)).toEqual([{ key: 'a', before: '1', after: '', changed: true }]);
  });
});

describe('parseSnapshot', () => {
  it('reads objects, wraps other JSON and text, and answers null for nothing', () => {
    expect(parseSnapshot('{"a":1}')).toEqual({ a: 1 });
    expect(parseSnapshot('[1,2]')).toEqual({ value: [1, 2] });
    expect(parseSnapshot('not json')).toEqual({ value: 'not json' });
    expect(parseSnapshot(null)).toBeNull();
    expect(parseSnapshot('')).toBeNull();
  });
});
