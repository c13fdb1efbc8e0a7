import { describe, expect, it } from 'vitest';
import { normalizeLink } from './userMenu';

describe('normalizeLink', () => {
  it.each([
    ['/system/code/list.do', '/system/code/list'],
    ['/system/code/list', '/system/code/list'],
    ['/board/image/list.do?x=1', '/board/image/list.do?x=1'], // only a trailing suffix goes
    ['/a.document/list.do', '/a.document/list'],
  ])('%s -> %s', (link, expected) => {
    expect(normalizeLink(link)).toBe(expected);
  });
});
