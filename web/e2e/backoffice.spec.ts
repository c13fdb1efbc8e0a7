import { expect, test } from '@playwright/test';
import { ADMIN_ID, ADMIN_INITIAL_PASSWORD, ADMIN_NEW_PASSWORD, TEST_CAPTCHA } from './accounts';
import { openFromMenu, sider, snap, submitLogin } from './helpers';

const INITIAL_PASSWORD_MESSAGE = '초기 비밀번호를 변경한 후 이용할 수 있습니다.';

test('a manager signs in, changes the initial password and manages codes and env variables', async ({ page }) => {
  // Calls refused for want of a session: none should happen while a user signs in, works and signs out.
  const refusedForSession: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/') || response.request().method() !== 'POST') return;
    const body = (await response.json().catch(() => null)) as { code?: number } | null;
    if (body?.code === 10500) refusedForSession.push(response.url());
  });

  await test.step('a visitor is sent to the login screen', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('.top-bar')).toHaveCount(0);
    await snap(page, 'login');
  });

  const password = page.getByLabel('비밀번호', { exact: true });
  const captcha = page.getByPlaceholder('위 이미지의 문자를 입력');

  await test.step('two wrong passwords, then the captcha is asked for', async () => {
    await page.getByLabel('아이디').fill(ADMIN_ID);
    for (const attempt of [1, 2]) {
      await password.fill(`wrong-password-${attempt}`);
      expect(await submitLogin(page)).toBe(10401);
    }
    if (!(await captcha.isVisible())) {
      // The third attempt, without a captcha, is refused with 10402 and shows one.
      await password.fill(ADMIN_INITIAL_PASSWORD);
      expect(await submitLogin(page)).toBe(10402);
    }
    await expect(captcha).toBeVisible();
    const image = page.getByAltText('자동입력 방지 문자');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await snap(page, 'login-captcha');
  });

  await test.step('the right password with the captcha signs in', async () => {
    await password.fill(ADMIN_INITIAL_PASSWORD);
    await captcha.fill(TEST_CAPTCHA);
    expect(await submitLogin(page)).toBe(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('.top-bar')).toContainText(ADMIN_ID);
  });

  const passwordDialog = page.getByRole('dialog', { name: '비밀번호 변경' });

  await test.step('the initial password must be changed before the menu opens', async () => {
    await expect(passwordDialog).toBeVisible();
    await snap(page, 'home-initial-password');
    await passwordDialog.getByRole('button', { name: '나중에' }).click();
    await expect(passwordDialog).toBeHidden();
    await openFromMenu(page, '시스템', /공통코드/);
    await expect(page.getByText(INITIAL_PASSWORD_MESSAGE)).toBeVisible();
    await expect(passwordDialog).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await snap(page, 'menu-blocked');
  });

  await test.step('changing the password opens the menu', async () => {
    await passwordDialog.getByLabel('현재 비밀번호').fill(ADMIN_INITIAL_PASSWORD);
    await passwordDialog.getByLabel('새 비밀번호', { exact: true }).fill(ADMIN_NEW_PASSWORD);
    await passwordDialog.getByLabel('새 비밀번호 확인').fill(ADMIN_NEW_PASSWORD);
    await passwordDialog.getByRole('button', { name: '변경' }).click();
    await expect(passwordDialog).toBeHidden();
    await expect(page.getByText('비밀번호가 변경되었습니다.')).toBeVisible();
    await expect(sider(page).getByText('시스템', { exact: true })).toBeVisible();
    await snap(page, 'home');
  });

  const table = page.locator('.ant-table');

  await test.step('the common code list opens from the menu', async () => {
    await openFromMenu(page, '시스템', /공통코드/);
    await expect(page).toHaveURL(/\/system\/code\/list$/);
    await expect(page.getByRole('heading', { name: '공통코드', exact: true })).toBeVisible();
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await snap(page, 'code-list');
  });

  await test.step('a code is registered', async () => {
    await page.getByRole('button', { name: /등록/ }).click();
    await expect(page).toHaveURL(/\/system\/code\/view$/);
    await expect(page.getByRole('heading', { name: '공통코드 등록' })).toBeVisible();
    await page.getByLabel('코드 키').fill('E2E_TEST');
    await page.getByLabel('코드 그룹명').fill('시험 그룹');
    await page.getByLabel('코드', { exact: true }).fill('T1');
    await page.getByLabel('코드명').fill('시험 코드');
    await page.getByLabel('설명').fill('종단 간 시험에서 만든 코드');
    await snap(page, 'code-register');
    await page.getByRole('button', { name: '저장' }).click();
    await expect(page).toHaveURL(/\/system\/code\/view\?cdIdx=\d+$/);
    await expect(page.getByRole('heading', { name: '공통코드 상세' })).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toContainText('시험 코드');
    await expect(page.locator('.ant-descriptions')).toContainText('사용');
    await snap(page, 'code-view');
  });

  await test.step('the new code is found in the list', async () => {
    await page.getByRole('button', { name: '목록' }).click();
    await expect(page.getByRole('heading', { name: '공통코드', exact: true })).toBeVisible();
    await page.locator('.list-filter').getByLabel('코드 키').fill('E2E_TEST');
    await page.locator('.list-filter').getByRole('button', { name: /검색/ }).click();
    await expect(page).toHaveURL(/cdKey=E2E_TEST/);
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(table).toContainText('시험 코드');
    await snap(page, 'code-search');
  });

  await test.step('the code is modified', async () => {
    await table.getByText('시험 코드').click();
    await expect(page.getByRole('heading', { name: '공통코드 상세' })).toBeVisible();
    await page.getByRole('button', { name: '수정' }).click();
    await expect(page.getByRole('heading', { name: '공통코드 수정' })).toBeVisible();
    await page.getByLabel('코드명').fill('수정한 시험 코드');
    await snap(page, 'code-modify');
    await page.getByRole('button', { name: '저장' }).click();
    await expect(page.getByRole('heading', { name: '공통코드 상세' })).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toContainText('수정한 시험 코드');
  });

  await test.step('the code is deleted', async () => {
    await page.getByRole('button', { name: '삭제' }).click();
    await page.locator('.ant-popover').getByRole('button', { name: '삭제' }).click();
    await expect(page).toHaveURL(/\/system\/code\/list$/);
    await expect(page.getByRole('heading', { name: '공통코드', exact: true })).toBeVisible();
    await page.locator('.list-filter').getByLabel('코드 키').fill('E2E_TEST');
    await page.locator('.list-filter').getByRole('button', { name: /검색/ }).click();
    await expect(page).toHaveURL(/cdKey=E2E_TEST/);
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(0);
    await expect(page.locator('.list-toolbar')).toContainText('총 0건');
    await snap(page, 'code-deleted');
  });

  await test.step('reloading a screen keeps it (history routing)', async () => {
    await page.goto('/system/code/list');
    await page.reload();
    await expect(page).toHaveURL(/\/system\/code\/list$/);
    await expect(page.getByRole('heading', { name: '공통코드', exact: true })).toBeVisible();
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await snap(page, 'code-list-reload');
  });

  await test.step('env variables are listed and one is opened', async () => {
    await openFromMenu(page, '시스템', /환경변수/);
    await expect(page).toHaveURL(/\/system\/env\/list$/);
    await expect(table).toContainText('SMS_AUTH_YN');
    await snap(page, 'env-list');
    await table.getByText('SMS_AUTH_YN', { exact: true }).click();
    await expect(page).toHaveURL(/\/system\/env\/view\?envIdx=\d+$/);
    await expect(page.getByRole('heading', { name: '환경변수 상세' })).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toContainText('SMS_AUTH_YN');
    await snap(page, 'env-view');
  });

  await test.step('an unknown path shows the 404 screen without the top bar', async () => {
    await page.goto('/no/such/screen');
    await expect(page.getByText('요청하신 페이지를 찾을 수 없습니다.')).toBeVisible();
    await expect(page.locator('.top-bar')).toHaveCount(0);
    await snap(page, 'not-found');
  });

  await test.step('logging out returns to the login screen with storage emptied', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: /로그아웃/ }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await snap(page, 'login-after-logout');
    await page.waitForLoadState('networkidle');
    await page.goto('/system/code/list');
    await expect(page).toHaveURL(/\/login$/);
    expect(refusedForSession).toEqual([]);
  });
});
