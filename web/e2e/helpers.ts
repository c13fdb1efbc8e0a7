import { expect, test, type Locator, type Page } from '@playwright/test';

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
  if (!(await link.isVisible())) {
    // The group's title, not its badge (a group without an icon shows the first two letters of its name).
    await sider(page).locator('.ant-menu-submenu-title .ant-menu-title-content').getByText(group, { exact: true }).click();
  }
  await link.click();
}

export const table = (page: Page) => page.locator('.resource-list > .ant-table-wrapper .ant-table');
export const rows = (page: Page) => table(page).locator('tbody tr.ant-table-row');
export const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
export const fieldError = (page: Page, text: string) => page.locator('.ant-form-item-explain-error', { hasText: text });
export const successMessage = (page: Page, text: string): Locator => page.locator('.ant-message', { hasText: text });

/**
 * Picks an option of the antd select labelled `label`, again until the select shows it: a click on
 * an option while the dropdown is still opening is sometimes lost, leaving it open and unchosen.
 */
export async function choose(page: Page, label: string, option: string) {
  const input = page.getByLabel(label, { exact: true });
  const select = input.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if (!(await dropdown.isVisible())) await input.click({ timeout: 2_000 });
    await dropdown.getByTitle(option, { exact: true }).click({ timeout: 2_000 });
    await expect(select.getByTitle(option, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

/** Picks an option of a searchable antd select by typing its name first (long lists show only some options). */
export async function chooseTyping(page: Page, label: string, option: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/**
 * Clicks `target` until `until` holds: a click on an overlay still opening (a dialog's or a
 * popover's animation, a popup's re-render) is sometimes lost. A target gone (its overlay closed by
 * the click that took effect) is not clicked again.
 */
export async function clickUntil(target: Locator, until: () => Promise<void>, timeout = 45_000) {
  await expect(async () => {
    if (await target.isVisible()) await target.click({ timeout: 2_000 });
    await until();
  }).toPass({ timeout });
}

/** The confirm button of an antd confirmation (Popconfirm or modal), whose label antd spaces out. */
export const confirmButton = /확\s*인/;

/**
 * Opens the confirmation of `opener` and confirms it until `until` holds: a confirmation opened
 * while the screen re-renders (a detail read arriving) is replaced, and a click on it is lost. It
 * is opened again only when neither it nor the result is there.
 */
export async function confirmPopover(page: Page, opener: Locator, until: () => Promise<void>, timeout = 45_000) {
  const confirm = page.locator('.ant-popover:visible').getByRole('button', { name: confirmButton });
  await expect(async () => {
    if (!(await confirm.isVisible()) && (await opener.isVisible())) await opener.click({ timeout: 2_000 });
    if (await opener.isVisible()) await confirm.click({ timeout: 2_000 });
    await until();
  }).toPass({ timeout });
}

/** Clicks a popup row once the popup's search has settled, again if a re-render swallowed the click. */
export async function clickPopupRow(dialog: Locator, text: string | undefined, until: () => Promise<void>) {
  await expect(dialog.locator('.ant-spin-spinning')).toHaveCount(0);
  await clickUntil(dialog.locator('tbody tr.ant-table-row', text === undefined ? {} : { hasText: text }).first(), until);
}

/** Opens the search popup of a field and picks the row found by searching `text` in `filter`. */
export async function pickInPopup(page: Page, popupTitle: string, filter: string, text: string) {
  await page.getByRole('button', { name: `${popupTitle} 검색` }).click();
  const dialog = page.getByRole('dialog', { name: `${popupTitle} 검색` });
  await dialog.getByLabel(filter).fill(text);
  await dialog.getByRole('button', { name: /검\s*색/ }).click();
  await clickPopupRow(dialog, text, () => expect(dialog).toBeHidden({ timeout: 2_000 }));
}

/** Waits for a list screen's rows and takes its picture. */
export async function listLoaded(page: Page, title: string, screen: string) {
  await expect(heading(page, title)).toBeVisible();
  await expect(page.locator('.resource-list .ant-spin-spinning')).toHaveCount(0);
  await expect(rows(page).first()).toBeVisible();
  await snap(page, screen);
}

/** Opens the register screen of a list and waits for it. */
export async function register(page: Page, title: string) {
  await page.getByRole('button', { name: /^(plus )?등\s*록$/ }).click();
  await expect(heading(page, `${title} 등록`)).toBeVisible();
}

export async function save(page: Page) {
  await page.getByRole('button', { name: /저\s*장/ }).click();
}

/** A day in Seoul, `days` from today, as "YYYY-MM-DD". */
export function seoulDay(days: number): string {
  const when = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(when);
}

/** Signs a new user in and changes the initial password in the dialog that asks for it. */
export async function firstLogin(page: Page, account: { uId: string; initial: string; password: string }) {
  await login(page, account.uId, account.initial);
  const dialog = page.getByRole('dialog', { name: '비밀번호 변경' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('현재 비밀번호').fill(account.initial);
  await dialog.getByLabel('새 비밀번호', { exact: true }).fill(account.password);
  await dialog.getByLabel('새 비밀번호 확인').fill(account.password);
  await dialog.getByRole('button', { name: '변경' }).click();
  await expect(dialog).toBeHidden();
}

/** A file part of a multipart call. */
export interface FilePart {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Calls the API as the page's signed-in user, as the screens do: `data` as JSON, or `multipart` as
 * the part `data` with `files` in parts named as given. Expects success and answers the data.
 */
export async function callApi<T>(page: Page, url: string, init: { data?: object; multipart?: object; files?: Record<string, FilePart> }): Promise<T> {
  const response = await page.request.post(url, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    ...(init.multipart
      ? { multipart: { data: { name: 'data', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(init.multipart)) }, ...init.files } }
      : { data: init.data ?? {} }),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  expect(envelope.code, `${url}: ${envelope.message}`).toBe(0);
  return envelope.data;
}

/** The one row of a list found by a filter. */
export async function onlyRow<T>(page: Page, url: string, filter: object): Promise<T> {
  const { list } = await callApi<{ list: T[] }>(page, url, { data: { ...filter, page: 1, pageSize: 10 } });
  expect(list, `${url} ${JSON.stringify(filter)}`).toHaveLength(1);
  return list[0];
}

/**
 * Types a day or a moment into a picker and leaves it with Tab (Enter would send the form); the
 * picker keeps what was typed.
 */
export async function typeInPicker(input: Locator, text: string) {
  await input.click();
  await input.fill(text);
  await input.press('Tab');
}

/**
 * Opens a popup by its button, searches `text` in the condition labelled `searchLabel` when given,
 * ticks the row holding `text` once the search has settled, and hands it over.
 */
export async function pickMany(page: Page, button: RegExp, popupTitle: string, text: string, searchLabel?: string) {
  await page.getByRole('button', { name: button }).click();
  const popup = page.getByRole('dialog', { name: popupTitle });
  if (searchLabel) {
    await popup.getByLabel(searchLabel).fill(text);
    await popup.getByRole('button', { name: /^검\s*색$/ }).click();
  }
  await expect(popup.locator('.ant-spin-spinning')).toHaveCount(0);
  const row = popup.locator('tbody tr.ant-table-row', { hasText: text });
  await expect(async () => {
    await row.getByRole('checkbox').check();
    await expect(popup.getByRole('button', { name: '1건 선택' })).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await popup.getByRole('button', { name: '1건 선택' }).click();
  await expect(popup).toBeHidden();
}
