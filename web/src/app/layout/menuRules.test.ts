import { describe, expect, it } from 'vitest';
import { activeLink, isGroupActive, isLinkActive, linkFolder } from './menuRules';

describe('linkFolder', () => {
  it.each([
    ['/system/code/list', '/system/code'],
    ['/system/code/list.do', '/system/code'],
    ['/campaign/write/write', '/campaign/write'],
    ['/home', '/'],
  ])('%s -> %s', (link, expected) => {
    expect(linkFolder(link)).toBe(expected);
  });
});

describe('highlight', () => {
  it.each([
    ['/system', '/system/code/list', true],
    ['/system', '/system', true],
    ['/system/', '/system/env/view', true],
    ['/system', '/systematic/list', false],
    ['/campaign', '/system/code/list', false],
    ['', '/system/code/list', false],
  ])('group %j on %s: %s', (mnDir, path, expected) => {
    expect(isGroupActive({ mnDir }, path)).toBe(expected);
  });

  it.each([
    ['/system/code/list', '/system/code/list', true],
    ['/system/code/list', '/system/code/view', true], // the view screen of the same family
    ['/system/code/list.do', '/system/code/view', true],
    ['/system/code/list', '/system/codex/list', false],
    ['/system/code/list', '/system/env/list', false],
    ['/campaign/temp/list', '/campaign/temp/write', true],
  ])('item %s on %s: %s', (link, path, expected) => {
    expect(isLinkActive({ link }, path)).toBe(expected);
  });
});

describe('activeLink', () => {
  const usage = [
    { mnId: 1, link: '/media/media/list' },
    { mnId: 2, link: '/media/report/monthList' },
    { mnId: 3, link: '/media/report/dailyList' },
  ];

  it.each([
    ['/media/report/monthList', 2],
    ['/media/report/dailyList', 3],
    // A screen of the folder that no item links to: the first item of the folder.
    ['/media/report/view', 2],
    ['/media/media/view', 1],
    ['/media/poi/list', undefined],
  ])('on %s: item %s alone', (path, expected) => {
    expect(activeLink(usage, path)?.mnId).toBe(expected);
  });

  it('prefers the item of the longer folder', () => {
    const items = [
      { mnId: 1, link: '/settlement/list' },
      { mnId: 2, link: '/settlement/fee/media/list' },
    ];
    expect(activeLink(items, '/settlement/fee/media/view')?.mnId).toBe(2);
    expect(activeLink(items, '/settlement/view')?.mnId).toBe(1);
  });
});
