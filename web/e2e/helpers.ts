import { expect, test, type Page } from '@playwright/test';

/** One PNG per screen visited, named after the screen. */
export async function snap(page: Page, screen: string) {
  const file = `${test.info().project.outputDir}/screenshots/${screen}.png`;
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
}

/** Presses the login button and answers the code of the login call. */
export async function submitLogin(page: Page): Promise<number> {
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/jsonLoginPrc.do'));
  await page.getByRole('button', { name: '로그인' }).click();
  return ((await (await answered).json()) as { code: number }).code;
}

/** Signs in from the login screen and waits for the home screen. */
export async function login(page: Page, id: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('아이디').fill(id);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  expect(await submitLogin(page)).toBe(0);
  await expect(page).toHaveURL(/\/$/);
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: /로그아웃/ }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export const sider = (page: Page) => page.locator('.app-sider');

/** Opens a screen from the left menu, unfolding its group first when needed. */
export async function openFromMenu(page: Page, group: string, item: RegExp) {
  const link = sider(page).getByRole('menuitem', { name: item });
  if (!(await link.isVisible())) await sider(page).getByText(group, { exact: true }).click();
  await link.click();
}
