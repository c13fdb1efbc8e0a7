import { expect, test, type Page } from '@playwright/test';
import { ADMIN_ID, ADMIN_NEW_PASSWORD } from './accounts';
import { callApi, firstLogin, login, logout } from './helpers';

/**
 * Every role but the head office's (managers and operators read everything), each with a user of
 * its own registered here.
 */
const ROLES: { roleCd: number; name: string }[] = [
  { roleCd: 10003, name: '광고영업 대행사' },
  { roleCd: 10004, name: '매체관리 대행사' },
  { roleCd: 10005, name: '현장영업 대행사' },
  { roleCd: 10006, name: '광고주' },
  { roleCd: 10007, name: '설치기사' },
  { roleCd: 10008, name: '아파트 관리사무소' },
  { roleCd: 10009, name: '검수업체' },
  { roleCd: 10010, name: '총판 대행사' },
];
const INITIAL = 'Role-Walk-Init-2026';
const PASSWORD = 'Role-Walk-Changed-2026';
const account = (roleCd: number) => ({ uId: `e2erole${roleCd}`, uName: `역할${roleCd}`, initial: INITIAL, password: PASSWORD });

interface MenuGroup {
  children: { link: string }[];
}

/** Waits until the screen has asked what it asks. */
async function settle(page: Page) {
  // A screen's title shows once its code has loaded (the home page greets instead).
  await expect(page.locator('main h4').first()).toBeVisible({ timeout: 20_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 }).catch(() => undefined);
}

/** Opens every search popup the screen offers, lets it search, and closes it. */
async function openPopups(page: Page) {
  // The buttons opening popups: a field's search (named by its label) and the "… 검색" / "… 추가" ones.
  const found = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll('button')]
      .filter((button) => !button.disabled && button.offsetParent !== null)
      .map((button) => ({ aria: button.getAttribute('aria-label') ?? '', text: (button.textContent ?? '').trim() }))
      .filter(({ aria, text }) => /(검색|추가)$/.test(aria || text) && !/^검\s*색$/.test(aria || text)),
  );
  for (const { aria, text } of found.slice(0, 8)) {
    const button = aria ? page.locator(`main button[aria-label="${aria}"]`) : page.locator('main button').filter({ hasText: text });
    try {
      await button.first().click({ timeout: 5_000 });
    } catch {
      continue; // gone with what the screen did meanwhile
    }
    const dialog = page.getByRole('dialog');
    if (!(await dialog.first().isVisible({ timeout: 5_000 }).catch(() => false))) continue;
    await settle(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
  }
}

/**
 * Every screen of the user's menu, the search popups of its conditions, and its register screen
 * with the popups of its fields (or else the first row's view screen).
 */
async function walk(page: Page) {
  const menu = await callApi<MenuGroup[]>(page, '/api/system/menu/jsonUserMenu.do', { data: {} });
  const links = ['/', ...new Set(menu.flatMap((group) => group.children.map((item) => item.link.replace(/\.do$/, ''))))];
  for (const link of links) {
    await page.goto(link);
    await settle(page);
    await openPopups(page);
    const register = page.locator('.list-toolbar').getByRole('button', { name: /등\s*록$/ });
    if ((await register.count()) > 0 && (await register.first().isEnabled())) {
      await register.first().click();
      await settle(page);
      await openPopups(page);
      continue;
    }
    const row = page.locator('.resource-list > .ant-table-wrapper tbody tr.ant-table-row').first();
    if ((await row.count()) > 0) {
      await row.click();
      await settle(page);
    }
  }
  return links;
}

// A vanished button or popup must not hold the walk up.
test.use({ actionTimeout: 15_000 });

test('every role walks its menu, opening its lists, popups and forms, and calls nothing it may not', async ({ page, browser }, testInfo) => {
  test.setTimeout(1_200_000);
  await test.step('the manager registers a user of every role', async () => {
    await login(page, ADMIN_ID, ADMIN_NEW_PASSWORD);
    for (const { roleCd, name } of ROLES) {
      const user = account(roleCd);
      if (roleCd === 10006) {
        await callApi(page, '/api/account/advertiser/jsonSave.do', {
          multipart: { cName: `E2E 역할 ${name}`, cRep: '나대표', cBizNo: '9999999999', cType: 1, cPayType: 2, cStatus: 1, uId: user.uId, uName: user.uName, uPw: user.initial },
        });
        continue;
      }
      const { cId } = await callApi<{ cId: number }>(page, '/api/account/corp/jsonSave.do', {
        multipart: { cName: `E2E 역할 ${name}`, cRep: '나대표', cBizNo: '9999999999', cType: 1, cPayType: 2, roleCd, cStatus: 1 },
      });
      // Menus of content and boards show to the users they are turned on for, as site managers have them.
      const menus = { showContentMenu: 'Y', showBoardMenu: 'Y', showImgBoard: 'Y', showMovBoard: 'Y' };
      await callApi(page, '/api/account/user/jsonSave.do', {
        data: { uId: user.uId, uName: user.uName, uPw: user.initial, cId, roleCd, uStatus: 1, authType: 3, ...(roleCd === 10008 ? menus : {}) },
      });
    }
    await logout(page);
  });

  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const refused: string[] = [];
  for (const { roleCd, name } of ROLES) {
    await test.step(`${name} (${roleCd}) walks its menu`, async () => {
      const context = await browser.newContext({ baseURL, locale, timezoneId, viewport });
      const walker = await context.newPage();
      walker.on('response', async (response) => {
        if (!response.url().includes('/api/')) return;
        const body = (await response.json().catch(() => null)) as { code?: number } | null;
        if (body?.code === 10403) refused.push(`${roleCd} ${new URL(walker.url()).pathname} -> ${new URL(response.url()).pathname}`);
      });
      await firstLogin(walker, account(roleCd));
      const links = await walk(walker);
      expect(links.length, `${name}'s menu`).toBeGreaterThan(1);
      await context.close();
    });
  }
  expect(refused).toEqual([]);
});
