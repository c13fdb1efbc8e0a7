import { describe, expect, it } from 'vitest';
import { hasPermission, programOf } from './permission';

const user = { programCodeList: ['system.code:list', 'system.code:write', 'campaign.request:update'] };

describe('hasPermission', () => {
  it.each([
    ['system.code:list', true],
    ['system.code:write', true],
    ['system.code:delete', false],
    ['system.env:list', false],
    ['campaign.request:update', true],
    ['system.code', false],
    ['', false],
  ])('%s -> %s', (code, expected) => {
    expect(hasPermission(user, code)).toBe(expected);
  });

  it('refuses everything without a user or a list', () => {
    expect(hasPermission(null, 'system.code:list')).toBe(false);
    expect(hasPermission({ programCodeList: undefined as unknown as string[] }, 'system.code:list')).toBe(false);
  });
});

describe('programOf', () => {
  it.each([
    ['/system/code/list', 'system.code'],
    ['/system/code/view', 'system.code'],
    ['/campaign/request/write', 'campaign.request'],
    ['/account/mypage/view', 'account.mypage'],
  ])('%s -> %s', (path, expected) => {
    expect(programOf(path)).toBe(expected);
  });
});
