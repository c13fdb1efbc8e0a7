import { expect, test } from '@playwright/test';
import { ADMIN_ID, ADMIN_NEW_PASSWORD } from './accounts';
import { callApi, login, onlyRow, snap } from './helpers';

/** About twelve Korean characters: what a name column keeps at least, header and cells. */
const READABLE = 160;
const LONG_TITLE = 'E2E 밀과보리 봄맞이 입주민 할인 행사 3월 한정 특별 이벤트 (101동~105동 엘리베이터)';

interface MenuGroup {
  children: { link: string }[];
}

test('every list keeps its name column readable at 1440 px, and a cut name shows whole on hover', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, ADMIN_ID, ADMIN_NEW_PASSWORD);
  // A draft whose name is longer than any column: it is cut, and whole on hover.
  // The account areas' advertiser, by its business number (names of later flows' corps may contain its name).
  const { cId } = await onlyRow<{ cId: number }>(page, '/api/account/advertiser/jsonList.do', { cBizNo: '2208162517' });
  await callApi(page, '/api/campaign/regist/jsonSave.do', { data: { cmpgTitle: LONG_TITLE, advertiserCId: cId } });

  const menu = await callApi<MenuGroup[]>(page, '/api/system/menu/jsonUserMenu.do', { data: {} });
  const links = [...new Set(menu.flatMap((group) => group.children.map((item) => item.link.replace(/\.do$/, ''))))];
  const measured: string[] = [];
  for (const link of links) {
    await page.goto(link);
    // The screen's title shows once its code has loaded; then its first answers come.
    await expect(page.locator('main h4').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const header = page.locator('.resource-list > .ant-table-wrapper thead th.name-column');
    if ((await header.count()) === 0) continue;
    await expect(page.locator('.resource-list .ant-spin-spinning')).toHaveCount(0);
    const headerWidth = (await header.boundingBox())?.width ?? 0;
    expect(headerWidth, `${link}: the name header`).toBeGreaterThanOrEqual(READABLE);
    const cell = page.locator('.resource-list > .ant-table-wrapper tbody tr.ant-table-row td.name-column').first();
    if ((await cell.count()) > 0) expect((await cell.boundingBox())?.width ?? 0, `${link}: a name cell`).toBeGreaterThanOrEqual(READABLE);
    measured.push(link);
  }
  // The lists people scan by name all keep it.
  expect(measured).toEqual(
    expect.arrayContaining([
      '/campaign/temp/list',
      '/campaign/request/list',
      '/campaign/run/list',
      '/campaign/end/list',
      '/account/advertiser/list',
      '/account/corp/list',
      '/media/device/list',
      '/media/media/list',
      '/media/mediagroup/list',
    ]),
  );

  await page.goto('/campaign/temp/list');
  const name = page.locator('.resource-list tbody td.name-column').filter({ hasText: 'E2E 밀과보리' }).first();
  await expect(name).toBeVisible();
  const shown = name.locator(`[title="${LONG_TITLE}"]`);
  await expect(shown).toHaveText(LONG_TITLE);
  // Cut to one line: the cell is narrower than the whole name.
  expect(await name.evaluate((td) => td.scrollWidth > td.clientWidth || (td.firstElementChild?.scrollWidth ?? 0) > td.clientWidth)).toBe(true);
  await snap(page, 'list-name-column');
});
