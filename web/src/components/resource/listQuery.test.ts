import { describe, expect, it } from 'vitest';
import { codeDefinition } from '../../features/system/code/definition';
import { readListQuery, writeListQuery } from './listQuery';

const read = (search: string) => readListQuery(new URLSearchParams(search), codeDefinition);

describe('readListQuery', () => {
  it('starts at page 1 with 10 rows and empty filters', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 10, filters: { cdKey: '', cdName: '', useYn: '' } });
  });

  it('reads page, whitelisted sort and filters', () => {
    expect(read('page=3&sortField=cdOrder&sortOrder=desc&cdKey=USE_YN&other=x')).toEqual({
      page: 3,
      pageSize: 10,
      sortField: 'cdOrder',
      sortOrder: 'desc',
      filters: { cdKey: 'USE_YN', cdName: '', useYn: '' },
    });
  });

  it.each([
    ['sortField=cdDetail&sortOrder=asc'], // not sortable
    ['sortField=cdName&sortOrder=sideways'],
    ['sortField=cdName'],
  ])('ignores a sort the list does not offer: %s', (search) => {
    expect(read(search).sortField).toBeUndefined();
  });

  it.each([['page=0'], ['page=-2'], ['page=abc']])('falls back to page 1 for %s', (search) => {
    expect(read(search).page).toBe(1);
  });
});

describe('writeListQuery', () => {
  it('writes only what differs from the defaults and reads back the same', () => {
    const query = read('page=2&sortField=cdKey&sortOrder=asc&cdName=상태');
    const written = writeListQuery(query);
    expect(written.toString()).toBe(new URLSearchParams('cdName=상태&sortField=cdKey&sortOrder=asc&page=2').toString());
    expect(readListQuery(written, codeDefinition)).toEqual(query);
    expect(writeListQuery(read('')).toString()).toBe('');
  });
});
