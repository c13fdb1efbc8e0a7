import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { ADMIN_ID, ADMIN_NEW_PASSWORD } from './accounts';
import {
  choose,
  chooseTyping,
  confirmButton,
  confirmPopover,
  fieldError,
  heading,
  login,
  openFromMenu,
  pickInPopup,
  register,
  rows,
  save,
  snap,
  successMessage,
} from './helpers';
import { startPlayers, type Simulator } from './playerSimulator';

const MEDIA_CORP = 'E2E 매체사';
const SITE = 'E2E 래미안 타워';
const KAPT_SITE = '도곡렉슬';
const SERIAL = 'SN-E2E-1';
const DEVICE = 'E2E 로비 디바이스';
const GROUP = 'E2E 101동 그룹';
const SCREEN = 'E2E 101동 로비';
const PLAYER_VERSION = '2.4.1-e2e';
const PLAYER_FILE = 'townboard-player-2.4.1.apk';
const SITE_MANAGER = { uId: 'e2esitemgr', uName: '한관리', uPw: 'Site-Manager-2026' };

const details = (page: Page) => page.locator('.ant-descriptions').first();
const dialogTitled = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** An Android package is a zip: the server checks the content, so the build starts like one. */
function playerBuild(): Buffer {
  const body = Buffer.alloc(2048, 0x20);
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('townboard player e2e build'), body]);
}

/** Fills an antd date or time picker by typing, as a person would; leaving the field keeps the value. */
async function typeInPicker(page: Page, label: string, text: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await input.press('Tab');
  await expect(input).toHaveValue(text);
}

/** Calls the API as the signed-in user (the page's session), as the screens do. */
async function api<T>(page: Page, url: string, init: { data?: object; multipart?: object }): Promise<T> {
  const response = await page.request.post(url, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    ...(init.multipart
      ? { multipart: { data: { name: 'data', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(init.multipart)) } } }
      : { data: init.data }),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  expect(envelope.code, `${url}: ${envelope.message}`).toBe(0);
  return envelope.data;
}

test('sites, devices, groups and screens are set up; a simulated player turns the screen on, is captured and reported', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const server = String(testInfo.project.use.baseURL);
  let simulator: Simulator | null = null;

  try {
    await test.step('the manager signs in', async () => {
      await login(page, ADMIN_ID, ADMIN_NEW_PASSWORD);
    });

    await test.step('a site is registered in Seoul, Gangnam, open all day', async () => {
      await openFromMenu(page, '매체', /사이트 관리/);
      await expect(page).toHaveURL(/\/media\/poi\/list$/);
      await expect(heading(page, '사이트')).toBeVisible();
      await snap(page, 'poi-list-empty');
      await register(page, '사이트');
      await page.getByLabel('사이트명').fill(SITE);
      await pickInPopup(page, '매체사', '사업자명', MEDIA_CORP);
      await chooseTyping(page, '시도', '서울특별시');
      await chooseTyping(page, '시군구', '강남구');
      await page.getByLabel('도로명 주소').fill('서울특별시 강남구 테헤란로 1');
      await typeInPicker(page, '운영 시작', '00:00');
      await typeInPicker(page, '운영 종료', '23:59');
      await choose(page, '상태', '운영중');
      await page.getByLabel('동 수').fill('12');
      await page.getByLabel('세대 수').fill('980');
      await page.getByLabel('매체 등급').fill('A');
      await snap(page, 'poi-register');
      await save(page);
      await expect(page).toHaveURL(/\/media\/poi\/view\?poiId=\d+$/);
      await expect(heading(page, '사이트 상세')).toBeVisible();
      await expect(details(page)).toContainText('서울특별시 강남구');
      await expect(details(page)).toContainText(MEDIA_CORP);
      await expect(details(page)).toContainText('23:59');
      await expect(details(page).locator('.code-tag')).toHaveText('운영중');
      await snap(page, 'poi-view');
    });

    await test.step('a second site is registered from the apartment registry', async () => {
      await page.goto('/media/poi/list');
      await page.getByRole('button', { name: '공동주택에서 등록' }).click();
      const dialog = dialogTitled(page, '공동주택에서 등록');
      await expect(dialog).toBeVisible();
      await pickInPopup(page, '공동주택', '단지명', KAPT_SITE);
      await expect(dialog.getByLabel('공동주택', { exact: true })).toHaveValue(KAPT_SITE);
      await snap(page, 'poi-from-registry');
      await dialog.getByRole('button', { name: confirmButton }).click();
      await expect(page).toHaveURL(/\/media\/poi\/view\?poiId=\d+$/);
      await expect(details(page)).toContainText(KAPT_SITE);
      await expect(details(page)).toContainText('서울특별시 강남구');
      await expect(details(page).locator('.code-tag')).toHaveText('대기');
      await snap(page, 'poi-view-registry');
    });

    await test.step('the site list finds both sites of Gangnam by region', async () => {
      await page.goto('/media/poi/list');
      await chooseTyping(page, '시도', '서울특별시');
      await chooseTyping(page, '시군구', '강남구');
      await page.locator('.resource-list .list-filter button[type=submit]').click();
      await expect(page).toHaveURL(/rgnCd=1168000000/);
      await expect(rows(page)).toHaveCount(2);
      await snap(page, 'poi-list');
    });

    await test.step('a device is registered; its serial number cannot be registered twice', async () => {
      await openFromMenu(page, '매체', /디바이스 관리/);
      await expect(heading(page, '디바이스')).toBeVisible();
      await snap(page, 'device-list-empty');
      for (const attempt of [1, 2]) {
        await page.goto('/media/device/list');
        await register(page, '디바이스');
        await page.getByLabel('디바이스명').fill(DEVICE);
        await page.getByLabel('시리얼 번호').fill(SERIAL);
        await typeInPicker(page, '입고일', '2026-11-02');
        await page.getByLabel('ERP 코드').fill(`ERP-${attempt}`);
        await save(page);
        if (attempt === 1) {
          await expect(page).toHaveURL(/\/media\/device\/view\?dvcIdx=\d+$/);
          await expect(details(page)).toContainText(SERIAL);
          await expect(details(page)).toContainText('55인치');
          await snap(page, 'device-view');
        } else {
          await expect(fieldError(page, '이미 등록된 값입니다.')).toBeVisible();
          await snap(page, 'device-register-taken-serial');
        }
      }
    });

    await test.step('a media group is registered at the site', async () => {
      await openFromMenu(page, '매체', /매체 그룹 관리/);
      await expect(heading(page, '매체 그룹')).toBeVisible();
      await register(page, '매체 그룹');
      await page.getByLabel('그룹명').fill(GROUP);
      await pickInPopup(page, '사이트', '사이트명', SITE);
      await snap(page, 'mediagroup-register');
      await save(page);
      await expect(page).toHaveURL(/\/media\/mediagroup\/view\?mgId=\d+$/);
      await expect(details(page)).toContainText(SITE);
      await expect(details(page)).toContainText('디스플레이 1920');
      await snap(page, 'mediagroup-view');
    });

    let screenView = '';
    await test.step('a screen is registered at the site, in the group, on the device', async () => {
      await openFromMenu(page, '매체', /매체 관리/);
      await expect(heading(page, '매체')).toBeVisible();
      await register(page, '매체');
      await page.getByLabel('매체명').fill(SCREEN);
      await expect(page.getByRole('button', { name: '매체 그룹 검색' })).toBeDisabled();
      await pickInPopup(page, '사이트', '사이트명', SITE);
      await pickInPopup(page, '매체 그룹', '그룹명', GROUP);
      await pickInPopup(page, '디바이스', '시리얼 번호', SERIAL);
      await snap(page, 'media-register');
      await save(page);
      await expect(page).toHaveURL(/\/media\/media\/view\?mediaId=\d+$/);
      screenView = page.url();
      await expect(details(page)).toContainText(GROUP);
      await expect(details(page)).toContainText(DEVICE);
      await expect(details(page)).toContainText('서울특별시 강남구 테헤란로 1');
      // Statuses read in Korean, from the code list.
      await expect(details(page).locator('.code-tag')).toHaveText('꺼짐');
      await snap(page, 'media-view-off');
    });

    await test.step('the simulated player registers and heartbeats: the screen is on within seconds', async () => {
      simulator = startPlayers(server, [SERIAL], 40, 2);
      await openFromMenu(page, '매체', /운영 현황/);
      await expect(heading(page, '운영 현황')).toBeVisible();
      await expect(async () => {
        await page.goto('/media/operation/list?mediaStatus=0');
        await expect(rows(page).filter({ hasText: SCREEN })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 45_000 });
      await expect(page.getByRole('button', { name: /^정상 1건$/ })).toHaveAttribute('aria-pressed', 'true');
      const changes = page.locator('.list-panel', { hasText: '최근 상태 변경' });
      // It comes on by its first heartbeat or by its push channel, whichever is written first.
      await expect(changes.locator('tbody tr', { hasText: SCREEN }).first()).toContainText(/하트비트|푸시 채널/);
      await snap(page, 'operation-list');

      await page.goto(screenView);
      await expect(details(page).locator('.code-tag')).toHaveText('정상');
      await expect(details(page)).toContainText(`sim-${SERIAL}`);
      await snap(page, 'media-view-on');
    });

    await test.step('a capture asked on the screen shows the picture the player uploaded', async () => {
      await page.getByRole('tab', { name: '화면 캡처' }).click();
      await page.getByRole('button', { name: /화면 캡처 요청/ }).click();
      const image = page.getByRole('img', { name: '화면 캡처' });
      await expect(image).toBeVisible({ timeout: 20_000 });
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
      await snap(page, 'media-capture');
    });

    await test.step('a message is sent to the screen', async () => {
      await page.getByRole('button', { name: '메시지 전송' }).click();
      const dialog = dialogTitled(page, '메시지 전송');
      await dialog.getByLabel('메시지').fill('오늘 14시부터 엘리베이터를 점검합니다.');
      await dialog.getByLabel('표시 시간 (초)').fill('60');
      await snap(page, 'media-message');
      await dialog.getByRole('button', { name: confirmButton }).click();
      await expect(successMessage(page, '메시지를 보냈습니다.')).toBeVisible();
      await expect(dialog).toBeHidden();
    });

    await test.step('the screen list sends a message to the selected screens', async () => {
      await page.goto('/media/media/list');
      const row = rows(page).filter({ hasText: SCREEN });
      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: '메시지 전송 (1)' }).click();
      const dialog = dialogTitled(page, '메시지 전송 (1건)');
      await dialog.getByLabel('메시지').fill('관리사무소 공지를 확인해 주세요.');
      await dialog.getByRole('button', { name: confirmButton }).click();
      await expect(successMessage(page, '메시지를 보냈습니다.')).toBeVisible();
      await snap(page, 'media-list');
    });

    await test.step('the screens of the site are mapped into the group in one go', async () => {
      await page.goto('/media/mediagroup/list');
      await rows(page).filter({ hasText: GROUP }).click();
      await page.getByRole('button', { name: '매체 일괄 매핑' }).click();
      const dialog = dialogTitled(page, '매체 일괄 매핑');
      await dialog.getByRole('button', { name: /매체 검색/ }).click();
      const popup = dialogTitled(page, '매체 검색');
      await expect(popup.locator('.ant-spin-spinning')).toHaveCount(0);
      const screenRow = popup.locator('tbody tr.ant-table-row', { hasText: SCREEN });
      await expect(async () => {
        await screenRow.getByRole('checkbox').check();
        await expect(popup.getByRole('button', { name: '1건 선택' })).toBeEnabled({ timeout: 1_000 });
      }).toPass({ timeout: 45_000 });
      await popup.getByRole('button', { name: '1건 선택' }).click();
      await expect(dialog.locator('.ant-tag', { hasText: SCREEN })).toBeVisible();
      await snap(page, 'mediagroup-mapping');
      await dialog.getByRole('button', { name: confirmButton }).click();
      await expect(successMessage(page, '매체를 그룹에 매핑했습니다.')).toBeVisible();
      await page.getByRole('tab', { name: '매체' }).click();
      await expect(page.locator('.detail-sections')).toContainText(SCREEN);
    });

    await test.step('the month report counts the screen\'s plays, charts them and exports them to Excel', async () => {
      await openFromMenu(page, '매체', /월별 사용 현황/);
      await expect(heading(page, '월별 사용 현황')).toBeVisible();
      const row = rows(page).filter({ hasText: SCREEN });
      await expect(async () => {
        await page.reload();
        await expect(row).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 45_000 });
      const plays = Number((await row.locator('td').nth(3).innerText()).replace(/,/g, ''));
      expect(plays).toBeGreaterThan(0);
      await expect(page.locator('.list-chart .chart svg').first()).toBeVisible();
      await snap(page, 'report-month');

      const downloaded = page.waitForEvent('download');
      await page.getByRole('link', { name: /엑셀 다운로드/ }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/^월별_매체_사용현황_\d{4}-\d{2}\.xlsx$/);
      expect(fs.readFileSync(await download.path()).subarray(0, 2).toString('latin1')).toBe('PK');
    });

    await test.step('the daily report lists today\'s plays with a chart of the page', async () => {
      await openFromMenu(page, '매체', /일별 사용 현황/);
      await expect(heading(page, '일별 사용 현황')).toBeVisible();
      await expect(rows(page).filter({ hasText: SCREEN })).toBeVisible();
      await expect(page.locator('.list-chart .chart svg').first()).toBeVisible();
      await snap(page, 'report-daily');
    });
  } finally {
    const running = simulator as Simulator | null;
    running?.stop();
    if (running) await testInfo.attach('player-simulator', { body: running.output(), contentType: 'text/plain' });
  }

  await test.step('a player build is uploaded and deployed', async () => {
    await openFromMenu(page, '매체', /플레이어 관리/);
    await expect(heading(page, '플레이어')).toBeVisible();
    await register(page, '플레이어');
    await page.getByLabel('버전').fill(PLAYER_VERSION);
    await page.locator('.ant-upload input[type=file]').setInputFiles({ name: PLAYER_FILE, mimeType: 'application/vnd.android.package-archive', buffer: playerBuild() });
    await expect(page.locator('.ant-upload-list')).toContainText(PLAYER_FILE);
    await page.getByLabel('설명').fill('E2E 빌드');
    await snap(page, 'player-register');
    await save(page);
    await expect(page).toHaveURL(/\/media\/player\/view\?plyIdx=\d+$/);
    const link = page.getByRole('link', { name: new RegExp(PLAYER_FILE.replace(/\./g, '\\.')) });
    await expect(link).toHaveAttribute('href', new RegExp(`^/api/common/file/download/player/\\d+/${PLAYER_FILE.replace(/\./g, '\\.')}$`));
    await expect(details(page).locator('.code-tag')).toHaveText('아니오');
    await confirmPopover(page, page.getByRole('button', { name: '배포' }), () =>
      expect(successMessage(page, '배포했습니다.')).toBeVisible({ timeout: 5_000 }),
    );
    await expect(details(page).locator('.code-tag')).toHaveText('예');
    await expect(page.getByRole('button', { name: '배포' })).toHaveCount(0);
    await snap(page, 'player-view');
    await page.goto('/media/player/list');
    await expect(rows(page).filter({ hasText: PLAYER_VERSION })).toContainText('예');
    await snap(page, 'player-list');
  });

  await test.step('an apartment site manager is assigned to the site, once', async () => {
    const { cId } = await api<{ cId: number }>(page, '/api/account/corp/jsonSave.do', {
      multipart: { cName: 'E2E 관리사무소', cRep: '오관리', cBizNo: '9999999999', cType: 1, cPayType: 2, roleCd: 10008, cStatus: 1 },
    });
    await api(page, '/api/account/user/jsonSave.do', { data: { ...SITE_MANAGER, cId, uStatus: 1, authType: 1 } });

    for (const attempt of [1, 2]) {
      await page.goto('/account/nodemanager/list');
      await expect(heading(page, '위치 관리자')).toBeVisible();
      if (attempt === 1) await snap(page, 'nodemanager-list-empty');
      await register(page, '위치 관리자');
      await pickInPopup(page, '관리사무소 사용자', '이름', SITE_MANAGER.uName);
      await pickInPopup(page, '사이트', '사이트명', SITE);
      await save(page);
      if (attempt === 1) {
        await expect(page).toHaveURL(/\/account\/nodemanager\/view\?nmIdx=\d+$/);
        await expect(details(page)).toContainText(SITE_MANAGER.uId);
        await expect(details(page)).toContainText(SITE);
        await snap(page, 'nodemanager-view');
      } else {
        await expect(fieldError(page, '이미 등록된 값입니다.')).toBeVisible();
        await snap(page, 'nodemanager-register-taken');
      }
    }
    await page.goto('/account/nodemanager/list');
    await expect(rows(page)).toHaveCount(1);
    await snap(page, 'nodemanager-list');
  });
});
