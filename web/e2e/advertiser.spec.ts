import { expect, test } from '@playwright/test';
import { firstLogin, heading, openFromMenu, pickMany, seoulDay, snap, successMessage } from './helpers';

// Left by the campaign flow: the sales agent's advertiser with its login and an approved image
// material, and the media area's running group.
const ADVERTISER = { uId: 'e2esalesadv', initial: 'Adv-Initial-2026', password: 'Adv-Changed-2026' };
const ADVERTISER_CORP = 'E2E 영업 광고주';
const MATERIAL = 'E2E 영업 포스터';
const GROUP = 'E2E 101동 그룹';
const TITLE = 'E2E 광고주 직접 등록 캠페인';

/** Types a day into one side of the period picker and confirms it. */
async function typeDay(input: import('@playwright/test').Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

test('an advertiser writes its own campaign, prices it and requests approval, calling nothing it may not', async ({ page }) => {
  // Calls refused for want of a permission: none should happen while an advertiser works.
  const refused: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/')) return;
    const body = (await response.json().catch(() => null)) as { code?: number } | null;
    if (body?.code === 10403) refused.push(new URL(response.url()).pathname);
  });

  await test.step('the advertiser signs in and opens the campaign editor: its own corp is the advertiser, fixed', async () => {
    await firstLogin(page, ADVERTISER);
    await openFromMenu(page, '캠페인', /캠페인 등록/);
    await expect(heading(page, '캠페인 등록')).toBeVisible();
    const advertiser = page.getByLabel('광고주', { exact: true });
    await expect(advertiser).toHaveValue(ADVERTISER_CORP);
    await expect(advertiser).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: '광고주 검색' })).toHaveCount(0);
  });

  await test.step('it writes the campaign with its own approved material; the quote follows', async () => {
    await page.getByLabel('캠페인명').fill(TITLE);
    await typeDay(page.getByPlaceholder('시작일'), seoulDay(2));
    await typeDay(page.getByPlaceholder('종료일'), seoulDay(15));
    await pickMany(page, /매체 그룹 추가/, '매체 그룹 검색', GROUP);
    await expect(page.getByRole('button', { name: /소재 추가/ })).toBeEnabled();
    await pickMany(page, /소재 추가/, '소재 검색', MATERIAL);
    await expect(page.locator('.materials-table')).toContainText(MATERIAL);
    await expect(page.locator('.quote-panel [data-quote-line="total"]')).toHaveText(/^[1-9][\d,]*원$/);
    await snap(page, 'advertiser-campaign-write');
  });

  await test.step('it requests approval: the campaign waits among the requests, its own', async () => {
    await page.getByRole('button', { name: '승인요청' }).click();
    await expect(successMessage(page, '승인을 요청했습니다.')).toBeVisible();
    await expect(page).toHaveURL(/\/campaign\/request\/view\?cmpgId=\d+$/);
    await expect(heading(page, TITLE)).toBeVisible();
    await expect(page.locator('.campaign-summary')).toContainText(ADVERTISER_CORP);
    await snap(page, 'advertiser-campaign-requested');
    await page.goto('/campaign/request/list');
    await expect(heading(page, '승인요청 캠페인')).toBeVisible();
    await expect(page.locator('.resource-list tbody tr', { hasText: TITLE })).toHaveCount(1);
    // Its lists search its own campaigns: no advertiser to choose.
    await expect(page.getByRole('button', { name: '광고주 검색' })).toHaveCount(0);
  });

  expect(refused).toEqual([]);
});
