import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { ADMIN_ID, ADMIN_NEW_PASSWORD } from './accounts';
import {
  choose,
  clickPopupRow,
  fieldError,
  heading,
  listLoaded,
  login,
  logout,
  openFromMenu,
  pickInPopup,
  register,
  rows,
  save,
  sider,
  snap,
  successMessage,
} from './helpers';
import { solidPng } from './solidPng';

const CORP_NAME = 'E2E 매체사';
const USER_ID = 'e2euser';
const USER_INITIAL_PASSWORD = 'Init-Pass-2026';
const USER_NEW_PASSWORD = 'Changed-Pass-2026';
const NOTICE_TITLE = 'E2E 서버 점검 안내';
const NOTICE_ATTACHMENT = { name: 'e2e-notice.txt', text: '점검 일정: 3월 2일 02:00~04:00\n' };

test('a manager runs the system and account areas; a new media agent sees the media menu and its settlement', async ({ page }) => {
  await test.step('the manager signs in', async () => {
    await login(page, ADMIN_ID, ADMIN_NEW_PASSWORD);
    await expect(sider(page).getByText('계정', { exact: true })).toBeVisible();
  });

  await test.step('a corp with an invalid business number is refused on the field, then saved', async () => {
    await openFromMenu(page, '계정', /사업자 관리/);
    await expect(page).toHaveURL(/\/account\/corp\/list$/);
    await listLoaded(page, '사업자', 'corp-list');
    await page.getByRole('button', { name: /등록/ }).click();
    await expect(heading(page, '사업자 등록')).toBeVisible();
    await page.getByLabel('사업자명').fill(CORP_NAME);
    await page.getByLabel('대표자명').fill('김대표');
    await page.getByLabel('사업자등록번호').fill('1234567890');
    await choose(page, '역할', '매체관리 대행사');
    await save(page);
    await expect(fieldError(page, '사업자등록번호가 올바르지 않습니다.')).toBeVisible();
    await expect(page).toHaveURL(/\/account\/corp\/view$/);
    await snap(page, 'corp-register-invalid-bizno');

    await page.getByLabel('사업자등록번호').fill('124-81-00998');
    await page.getByRole('button', { name: '중복 확인' }).click();
    await expect(successMessage(page, '사용할 수 있는 사업자등록번호입니다.')).toBeVisible();
    await save(page);
    await expect(page).toHaveURL(/\/account\/corp\/view\?cId=\d+$/);
    await expect(heading(page, '사업자 상세')).toBeVisible();
    const details = page.locator('.ant-descriptions');
    await expect(details).toContainText('1248100998');
    await expect(details).toContainText('매체관리 대행사');
    await snap(page, 'corp-view');
  });

  await test.step('the corp keeps a list of contacts', async () => {
    await page.getByRole('tab', { name: '담당자' }).click();
    await page.getByRole('button', { name: /줄 추가/ }).click();
    await page.getByRole('textbox', { name: '이름' }).fill('박담당');
    await page.getByRole('textbox', { name: '연락처' }).fill('010-1234-5678');
    await page.getByRole('button', { name: '담당자 저장' }).click();
    await expect(successMessage(page, '담당자을(를) 저장했습니다.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: '이름' })).toHaveValue('박담당');
    await snap(page, 'corp-contacts');
  });

  await test.step('a user of the corp is registered with an initial password', async () => {
    await openFromMenu(page, '계정', /사용자 관리/);
    await listLoaded(page, '사용자', 'user-list');
    await page.getByRole('button', { name: /등록/ }).click();
    await expect(heading(page, '사용자 등록')).toBeVisible();
    await page.getByLabel('아이디').fill(USER_ID);
    await page.getByRole('button', { name: '중복 확인' }).click();
    await expect(successMessage(page, '사용할 수 있는 아이디입니다.')).toBeVisible();
    await page.getByLabel('이름', { exact: true }).fill('이투이');
    await page.getByLabel('초기 비밀번호').fill(USER_INITIAL_PASSWORD);
    await pickInPopup(page, '사업자', '사업자명', CORP_NAME);
    await expect(page.getByLabel('사업자', { exact: true })).toHaveValue(CORP_NAME);
    await snap(page, 'user-register');
    await save(page);
    await expect(page).toHaveURL(/\/account\/user\/view\?uIdx=\d+$/);
    await expect(heading(page, '사용자 상세')).toBeVisible();
    const details = page.locator('.ant-descriptions').first();
    await expect(details).toContainText(USER_ID);
    await expect(details).toContainText(CORP_NAME);
    await expect(details).toContainText('매체관리 대행사');
    await snap(page, 'user-view');
  });

  await test.step('the corp lists its new user', async () => {
    await openFromMenu(page, '계정', /사업자 관리/);
    await page.locator('.list-filter').getByLabel('사업자명').fill(CORP_NAME);
    await page.locator('.resource-list .list-filter button[type=submit]').click();
    await rows(page).filter({ hasText: CORP_NAME }).first().click();
    await page.getByRole('tab', { name: '소속 사용자' }).click();
    await expect(page.locator('.detail-sections')).toContainText(USER_ID);
    await snap(page, 'corp-users');
  });

  await test.step('the new user must change the initial password and sees the media menu and its settlement', async () => {
    await logout(page);
    await login(page, USER_ID, USER_INITIAL_PASSWORD);
    const dialog = page.getByRole('dialog', { name: '비밀번호 변경' });
    await expect(dialog).toBeVisible();
    await snap(page, 'user-initial-password');
    await dialog.getByLabel('현재 비밀번호').fill(USER_INITIAL_PASSWORD);
    await dialog.getByLabel('새 비밀번호', { exact: true }).fill(USER_NEW_PASSWORD);
    await dialog.getByLabel('새 비밀번호 확인').fill(USER_NEW_PASSWORD);
    await dialog.getByRole('button', { name: '변경' }).click();
    await expect(dialog).toBeHidden();
    await expect(sider(page).locator('.ant-menu-submenu-title .ant-menu-title-content')).toHaveText(['매체', '정산']);
    await snap(page, 'media-agent-home');
    await logout(page);
  });

  await login(page, ADMIN_ID, ADMIN_NEW_PASSWORD);

  let noticeView = '';
  await test.step('a notice is written with an attachment', async () => {
    await openFromMenu(page, '시스템', /공지사항/);
    await expect(page).toHaveURL(/\/system\/notice\/list$/);
    await expect(heading(page, '공지사항')).toBeVisible();
    await expect(page.locator('.resource-list .ant-spin-spinning')).toHaveCount(0);
    await snap(page, 'notice-list');
    await page.getByRole('button', { name: /등록/ }).click();
    await expect(page).toHaveURL(/\/system\/notice\/write$/);
    // The list (with its own 제목 filter) stays until the write screen has loaded.
    await expect(heading(page, '공지사항 등록')).toBeVisible();
    await page.getByLabel('제목').fill(NOTICE_TITLE);
    const editor = page.getByRole('textbox', { name: '내용' });
    await editor.click();
    await page.keyboard.type('새벽에 서버를 점검합니다. ');
    await page.getByRole('button', { name: '굵게' }).click();
    await page.keyboard.type('접속이 끊길 수 있습니다.');
    await expect(editor.locator('b, strong')).toHaveText('접속이 끊길 수 있습니다.');
    await page.locator('.ant-upload input[type=file]').setInputFiles({
      name: NOTICE_ATTACHMENT.name,
      mimeType: 'text/plain',
      buffer: Buffer.from(NOTICE_ATTACHMENT.text),
    });
    await expect(page.locator('.ant-upload-list')).toContainText(NOTICE_ATTACHMENT.name);
    await snap(page, 'notice-write');
    await save(page);
    await expect(page).toHaveURL(/\/system\/notice\/view\?ntIdx=\d+$/);
    noticeView = page.url();
    await expect(heading(page, '공지사항 상세')).toBeVisible();
    await expect(page.locator('.rich-text-view b, .rich-text-view strong')).toHaveText('접속이 끊길 수 있습니다.');
    await snap(page, 'notice-view');
  });

  await test.step('the attachment downloads with its content', async () => {
    const downloaded = page.waitForEvent('download');
    await page.getByRole('link', { name: new RegExp(NOTICE_ATTACHMENT.name.replace('.', '\\.')) }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(NOTICE_ATTACHMENT.name);
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe(NOTICE_ATTACHMENT.text);
  });

  await test.step('the notice is modified on its write screen', async () => {
    await page.getByRole('button', { name: /수\s*정/ }).click();
    await expect(page).toHaveURL(/\/system\/notice\/write\?ntIdx=\d+$/);
    await expect(heading(page, '공지사항 수정')).toBeVisible();
    await expect(page.locator('.ant-upload-list')).toContainText(NOTICE_ATTACHMENT.name);
    await page.getByLabel('제목').fill(`${NOTICE_TITLE} (수정)`);
    await snap(page, 'notice-modify');
    await save(page);
    await expect(page).toHaveURL(noticeView);
    await expect(page.locator('.ant-descriptions')).toContainText(`${NOTICE_TITLE} (수정)`);
  });

  await test.step('the home page lists the notice and opens it', async () => {
    await page.locator('.top-bar .logo').click();
    await expect(page).toHaveURL(/\/$/);
    const card = page.locator('.latest-notices');
    await card.getByText(`${NOTICE_TITLE} (수정)`).click();
    const dialog = page.getByRole('dialog', { name: `${NOTICE_TITLE} (수정)` });
    await expect(dialog).toContainText('새벽에 서버를 점검합니다.');
    await expect(dialog.getByRole('link', { name: new RegExp(NOTICE_ATTACHMENT.name.replace('.', '\\.')) })).toBeVisible();
    await snap(page, 'home-notice');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('a role gains a permission on the matrix', async () => {
    await openFromMenu(page, '시스템', /역할별 권한 관리/);
    await expect(page).toHaveURL(/\/system\/authrole\/auth$/);
    await choose(page, '역할', '광고주');
    const box = page.getByRole('checkbox', { name: '공지사항 목록' });
    await expect(box).not.toBeChecked();
    await box.check();
    await snap(page, 'authrole');
    await save(page);
    await expect(successMessage(page, '권한이 저장되었습니다.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: '공지사항 목록' })).toBeChecked();
  });

  await test.step('the history lists the changes and shows one side by side', async () => {
    await openFromMenu(page, '시스템', /변경 이력/);
    await listLoaded(page, '변경 이력', 'history-list');
    await page.locator('.list-filter').getByLabel('대상', { exact: true }).fill('account.corp');
    await page.locator('.resource-list .list-filter button[type=submit]').click();
    // Read by the program's name, not its code.
    await expect(rows(page).first()).toContainText('사업자 관리');
    await expect(rows(page).first()).not.toContainText('account.corp');
    await rows(page).filter({ hasText: '등록' }).first().click();
    const drawer = page.locator('.ant-drawer');
    await expect(drawer.getByText('변경 이력 상세')).toBeVisible();
    await expect(drawer.locator('.history-diff')).toContainText(CORP_NAME);
    await expect(drawer.locator('.diff-changed').first()).toBeVisible();
    await snap(page, 'history-detail');
  });

  await test.step('the menu tree shows an item in its form', async () => {
    await page.goto('/system/menu/list');
    await expect(heading(page, '메뉴 관리')).toBeVisible();
    await page.locator('.menu-tree-card').getByText('공통코드 관리', { exact: true }).click();
    await expect(heading(page, '메뉴 상세')).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toContainText('/system/code/list');
    await snap(page, 'menu');
    await page.getByRole('button', { name: /수\s*정/ }).click();
    await save(page);
    await expect(heading(page, '메뉴 상세')).toBeVisible();
    await page.getByRole('button', { name: /하위 메뉴 추가/ }).click();
    await expect(heading(page, '메뉴 등록')).toBeVisible();
    await expect(page.getByLabel('상위 메뉴')).toHaveValue('시스템');
    await snap(page, 'menu-register-sub');
    await page.getByRole('button', { name: /취\s*소/ }).click();
  });

  await test.step('programs are listed and one is opened', async () => {
    await page.goto('/system/program/list');
    await listLoaded(page, '프로그램', 'program-list');
    await page.locator('.list-filter').getByLabel('프로그램 코드').fill('system.notice');
    await page.locator('.resource-list .list-filter button[type=submit]').click();
    await rows(page).filter({ hasText: 'system.notice' }).first().click();
    await expect(heading(page, '프로그램 상세')).toBeVisible();
    await snap(page, 'program-view');
  });

  await test.step('a news provider is registered with its logo', async () => {
    await page.goto('/system/newsmng/list');
    await expect(heading(page, '뉴스 제공사')).toBeVisible();
    await snap(page, 'newsmng-list');
    await register(page, '뉴스 제공사');
    await page.getByLabel('제공사명').fill('E2E 뉴스');
    await page.getByLabel('피드 주소').fill('https://news.example.com/rss');
    await page.locator('.ant-upload input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(160, 48, [22, 119, 255]) });
    await save(page);
    await expect(page).toHaveURL(/\/system\/newsmng\/view\?nssId=\d+$/);
    const logo = page.locator('img.stored-image');
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    await snap(page, 'newsmng-view');
  });

  await test.step('a common code is added to a group found in the popup', async () => {
    await page.goto('/system/code/view');
    await page.getByRole('button', { name: /찾기/ }).click();
    const dialog = page.getByRole('dialog', { name: '공통코드 검색' });
    await dialog.getByLabel('코드 키').fill('USE_YN');
    await dialog.getByRole('button', { name: /검\s*색/ }).click();
    await clickPopupRow(dialog, undefined, () => expect(dialog).toBeHidden({ timeout: 2_000 }));
    await expect(page.getByLabel('코드 키')).toHaveValue('USE_YN');
    await expect(page.getByLabel('코드 그룹명')).toHaveValue('사용 여부');
    await snap(page, 'code-group-popup');
  });

  await test.step('a team of the corp is registered', async () => {
    await page.goto('/account/userteam/list');
    await expect(heading(page, '팀')).toBeVisible();
    await snap(page, 'userteam-list');
    await register(page, '팀');
    await page.getByLabel('팀명').fill('E2E 운영팀');
    await pickInPopup(page, '사업자', '사업자명', CORP_NAME);
    await save(page);
    await expect(page).toHaveURL(/\/account\/userteam\/view\?teamId=\d+$/);
    await expect(page.locator('.ant-descriptions')).toContainText(CORP_NAME);
    await snap(page, 'userteam-view');
  });

  await test.step('a user group is registered with permissions from the matrix', async () => {
    await page.goto('/account/usergroup/list');
    await expect(heading(page, '계정 그룹')).toBeVisible();
    await snap(page, 'usergroup-list');
    await register(page, '계정 그룹');
    await page.getByLabel('그룹명').fill('E2E 공지 담당');
    await page.getByRole('checkbox', { name: '공지사항 전체' }).check();
    await save(page);
    await expect(page).toHaveURL(/\/account\/usergroup\/view\?groupId=\d+$/);
    await expect(page.getByRole('checkbox', { name: '공지사항 목록' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '공통코드 관리 목록' })).not.toBeChecked();
    await snap(page, 'usergroup-view');
  });

  await test.step('an advertiser is registered with its main user', async () => {
    await page.goto('/account/advertiser/list');
    await expect(heading(page, '광고주')).toBeVisible();
    await snap(page, 'advertiser-list');
    await register(page, '광고주');
    await page.getByLabel('사업자명').fill('E2E 광고주');
    await page.getByLabel('대표자명').fill('최대표');
    // The corp's number again: the server refuses it as taken, on the field.
    await page.getByLabel('사업자등록번호').fill('1248100998');
    await page.getByLabel('아이디').fill('e2eadvertiser');
    await page.getByLabel('담당자명').fill('정광고');
    await page.getByLabel('초기 비밀번호').fill('Adv-Pass-2026!');
    await save(page);
    await expect(fieldError(page, '이미 등록된 값입니다.')).toBeVisible();
    await snap(page, 'advertiser-register-taken-bizno');
    await page.getByLabel('사업자등록번호').fill('2208162517');
    await save(page);
    await expect(page).toHaveURL(/\/account\/advertiser\/view\?cId=\d+$/);
    await expect(page.locator('.ant-descriptions')).toContainText('e2eadvertiser');
    await snap(page, 'advertiser-view');
  });

  await test.step('my page shows and changes one\'s own details', async () => {
    await page.getByRole('button', { name: '마이페이지' }).click();
    await expect(heading(page, '마이페이지')).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toContainText(ADMIN_ID);
    await page.getByRole('button', { name: /수\s*정/ }).click();
    await page.getByLabel('전화번호').fill('02-123-4567');
    await save(page);
    await expect(page.locator('.ant-descriptions')).toContainText('02-123-4567');
    await snap(page, 'mypage');
  });
});
