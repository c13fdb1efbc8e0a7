import { describe, expect, it, vi } from 'vitest';
import { batchLookup } from './batchLookup';

describe('batchLookup', () => {
  it('asks once for every key looked up together, each key once, and answers each its own value', async () => {
    const fetchMany = vi.fn(async (keys: string[]) => Object.fromEntries(keys.filter((key) => key !== 'c').map((key) => [key, key.toUpperCase()])));
    const lookup = batchLookup(fetchMany);
    const answers = await Promise.all([lookup.load('a'), lookup.load('b'), lookup.load('a'), lookup.load('c')]);
    expect(answers).toEqual(['A', 'B', 'A', null]);
    expect(fetchMany.mock.calls).toEqual([[['a', 'b', 'c']]]);
  });

  it('asks again for keys looked up after the first request went', async () => {
    const fetchMany = vi.fn(async (keys: string[]) => Object.fromEntries(keys.map((key) => [key, key])));
    const lookup = batchLookup(fetchMany);
    await lookup.load('a');
    await lookup.load('b');
    expect(fetchMany.mock.calls).toEqual([[['a']], [['b']]]);
  });

  it('splits a large batch into requests of at most the limit', async () => {
    const fetchMany = vi.fn(async (keys: string[]) => Object.fromEntries(keys.map((key) => [key, key])));
    const lookup = batchLookup(fetchMany, 2);
    await Promise.all(['a', 'b', 'c'].map((key) => lookup.load(key)));
    expect(fetchMany.mock.calls).toEqual([[['a', 'b']], [['c']]]);
  });

  it('fails every lookup of a request that failed', async () => {
    const lookup = batchLookup(async () => {
      throw new Error('down');
    });
    await expect(Promise.all([lookup.load('a'), lookup.load('b')])).rejects.toThrow('down');
  });
});
