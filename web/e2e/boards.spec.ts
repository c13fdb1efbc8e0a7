import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ADMIN_ID, ADMIN_NEW_PASSWORD } from './accounts';
import {
  callApi,
  choose,
  firstLogin,
  heading,
  login,
  onlyRow,
  pickInPopup,
  pickMany,
  register,
  rows,
  save,
  seoulDay,
  snap,
  successMessage,
  typeInPicker,
} from './helpers';
import { solidPng } from './solidPng';

// Left by the earlier flows: the media area's site and its group with the screen on the device
// (freed by the player flow's ssaid reset), the site managers' corp, and the campaign approved on
// the group from tomorrow.
const SITE = 'E2E 래미안 타워';
const SITE_CORP = 'E2E 관리사무소';
const GROUP = 'E2E 101동 그룹';
const SCREEN = 'E2E 101동 로비';
const SERIAL = 'SN-E2E-1';
const CAMPAIGN = 'E2E 봄맞이 입주민 행사';
// Registered here.
const BOARD_MANAGER = { uId: 'e2eboardmgr', uName: '서게시', initial: 'Board-Initial-2026', password: 'Board-Changed-2026' };
const VENDOR_CORP = 'E2E 검수업체';
const VENDOR = { uId: 'e2evendor', uName: '유검수', initial: 'Vendor-Initial-2026', password: 'Vendor-Changed-2026' };
const POST_TITLE = 'E2E 6월 단지 소독 안내';
const STOP_REASON = 'E2E 일정 변경으로 게시 중지';

// The player's test-only timings (see the player's testParams): heartbeat and schedule (and with it
// the board) every 5 s, 3 s an item; today's plan.
const PLAYER_URL = '/player?beat=5&sync=5&itemSecs=3';

const details = (page: Page) => page.locator('.ant-descriptions').first();
const dialogTitled = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** A new page of its own session, set up like the test's page (a viewport of its own if given). */
async function newPage(browser: Browser, testInfo: TestInfo, viewport = testInfo.project.use.viewport): Promise<Page> {
  const { baseURL, locale, timezoneId } = testInfo.project.use;
  return (await browser.newContext({ baseURL, locale, timezoneId, viewport })).newPage();
}

/** Width and height of the image an element shows once decoded (0 while it is not). */
const naturalWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.naturalWidth);

interface Group {
  mgId: number;
  mgNm: string;
  poiId: number;
  layout: number;
  templateType: number;
  schdGroup: number;
  adSlotCnt: number;
  slotSec: number;
  boardSlotCnt: number;
  mediaGroupStatus: number;
}

/** Saves the group as the group form does, with `boardSlotCnt` board slots. */
async function setBoardSlots(page: Page, group: Group, boardSlotCnt: number) {
  const { mgId, mgNm, poiId, layout, templateType, schdGroup, adSlotCnt, slotSec, mediaGroupStatus } = group;
  await callApi(page, '/api/media/mediagroup/jsonSave.do', {
    data: { mgId, mgNm, poiId, layout, templateType, schdGroup, adSlotCnt, slotSec, boardSlotCnt, mediaGroupStatus },
  });
}

/** Frees the screen for a new player: an ssaid reset revokes the token of the one that holds it. */
async function freeScreen(page: Page, mediaId: number) {
  const { ssaid } = await callApi<{ ssaid: string | null }>(page, '/api/media/media/jsonDetail.do', { data: { mediaId } });
  if (ssaid) await callApi(page, '/api/media/media/jsonSsaidReset.do', { data: { mediaId } });
}

test('a manager posts an image for a group; the site\'s manager reads it, the group\'s screen shows it beside the loop until it is stopped', async ({ page, browser }, testInfo) => {
  test.setTimeout(480_000);
  const admin = page;
  // What the flow changes, to be put back.
  const found: { group?: Group; mediaId?: number } = {};
  let biIdx = 0;
  const player = await newPage(browser, testInfo, { width: 540, height: 960 });

  try {
    await test.step('the manager gives the group two board slots and makes an apartment site manager the site\'s node manager', async () => {
      await login(admin, ADMIN_ID, ADMIN_NEW_PASSWORD);
      const { mgId } = await onlyRow<{ mgId: number }>(admin, '/api/media/mediagroup/jsonList.do', { mgNm: GROUP });
      found.group = await callApi<Group>(admin, '/api/media/mediagroup/jsonDetail.do', { data: { mgId } });
      await setBoardSlots(admin, found.group, 2);
      found.mediaId = (await onlyRow<{ mediaId: number }>(admin, '/api/media/media/jsonList.do', { mediaNm: SCREEN })).mediaId;

      const { poiId } = await onlyRow<{ poiId: number }>(admin, '/api/media/poi/jsonList.do', { poiNm: SITE });
      const { cId } = await onlyRow<{ cId: number }>(admin, '/api/account/corp/jsonList.do', { cName: SITE_CORP });
      await callApi(admin, '/api/account/user/jsonSave.do', {
        data: {
          uId: BOARD_MANAGER.uId,
          uName: BOARD_MANAGER.uName,
          uPw: BOARD_MANAGER.initial,
          cId,
          roleCd: 10008,
          uStatus: 1,
          authType: 1,
          showBoardMenu: 'Y',
          showImgBoard: 'Y',
          showMovBoard: 'Y',
        },
      });
      const { uIdx } = await onlyRow<{ uIdx: number }>(admin, '/api/account/user/jsonList.do', { uId: BOARD_MANAGER.uId });
      await callApi(admin, '/api/account/nodemanager/jsonSave.do', { data: { uIdx, poiId } });
    });

    await test.step('the manager writes an image post for the group: period, group, body and a PNG', async () => {
      await admin.goto('/board/image/list');
      await expect(heading(admin, '이미지 게시판')).toBeVisible();
      await register(admin, '이미지 게시판');
      await admin.getByLabel('제목').fill(POST_TITLE);
      for (const [label, day] of [['게시 시작일', seoulDay(0)], ['게시 종료일', seoulDay(7)]]) {
        await typeInPicker(admin.getByLabel(label, { exact: true }), day);
        await expect(admin.getByLabel(label, { exact: true })).toHaveValue(day);
      }
      await pickMany(admin, /매체 그룹 검색$/, '매체 그룹 검색', GROUP, '그룹명');
      await expect(admin.locator('.popup-many-field')).toContainText(GROUP);
      await admin.getByRole('textbox', { name: '내용' }).click();
      await admin.keyboard.type('6월 10일 오전에 단지 전체를 소독합니다.');
      await admin.locator('.resource-form input[type=file]').setInputFiles({
        name: 'disinfection.png',
        mimeType: 'image/png',
        buffer: solidPng(1080, 480, [46, 125, 50]),
      });
      await expect(admin.locator('.ant-upload-list')).toContainText('disinfection.png');
      await snap(admin, 'board-image-register');
      await save(admin);
      await expect(admin).toHaveURL(/\/board\/image\/view\?biIdx=\d+$/, { timeout: 30_000 });
      biIdx = Number(new URL(admin.url()).searchParams.get('biIdx'));
      await expect(heading(admin, '이미지 게시판 상세')).toBeVisible();
      await expect(details(admin)).toContainText(GROUP);
      await expect(details(admin).locator('.code-tag', { hasText: '진행중' })).toBeVisible();
      await expect.poll(() => naturalWidth(admin.locator('img.stored-image').first())).toBe(1080);
      await snap(admin, 'board-image-view');
      await admin.goto('/board/image/list');
      await expect(rows(admin).filter({ hasText: POST_TITLE })).toContainText('진행중');
      await snap(admin, 'board-image-list');
    });

    await test.step('the site\'s manager signs in and finds the post among the boards of their site', async () => {
      const siteManager = await newPage(browser, testInfo);
      try {
        await firstLogin(siteManager, BOARD_MANAGER);
        await siteManager.goto('/board/image/list');
        await expect(heading(siteManager, '이미지 게시판')).toBeVisible();
        const row = rows(siteManager).filter({ hasText: POST_TITLE });
        await expect(row).toContainText('진행중');
        await snap(siteManager, 'board-image-list-site-manager');
        await row.click();
        await expect(details(siteManager)).toContainText(GROUP);
        await expect(details(siteManager)).toContainText('6월 10일 오전에 단지 전체를 소독합니다.');
      } finally {
        await siteManager.context().close();
      }
    });

    await test.step('the group\'s screen pairs and shows the post in its board area beside the loop', async () => {
      await freeScreen(admin, found.mediaId ?? 0);
      await player.goto(PLAYER_URL);
      await player.getByLabel('디바이스 시리얼 번호').fill(SERIAL);
      await player.getByRole('button', { name: '등록' }).click();
      await expect(player.locator('.player-screen')).toBeVisible({ timeout: 30_000 });
      const post = player.locator(`[data-testid="board-area"] [data-testid="board-post"][data-bi-idx="${biIdx}"]`);
      await expect(post).toBeVisible({ timeout: 60_000 });
      await expect(post).toContainText(POST_TITLE);
      const image = post.locator('img');
      await expect(image).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => naturalWidth(image), { timeout: 30_000 }).toBe(1080);
      // The loop keeps the rest of the frame.
      await expect(player.locator('.player-main .player-media')).toBeAttached();
      await snap(player, 'board-player');
    });

    await test.step('the manager stops the post with a reason; the screen takes it off', async () => {
      await admin.goto(`/board/image/view?biIdx=${biIdx}`);
      await admin.getByRole('button', { name: '게시 중지' }).click();
      const dialog = dialogTitled(admin, '게시 중지');
      await dialog.getByLabel('중지 사유').fill(STOP_REASON);
      await dialog.getByRole('button', { name: /확\s*인/ }).click();
      await expect(successMessage(admin, '게시를 중지했습니다.')).toBeVisible();
      await expect(details(admin).locator('.code-tag', { hasText: '중지' })).toBeVisible();
      await expect(details(admin)).toContainText(STOP_REASON);
      await expect(admin.getByRole('button', { name: '게시 중지' })).toHaveCount(0);
      await snap(admin, 'board-image-stopped');
      await expect(player.locator(`[data-testid="board-post"][data-bi-idx="${biIdx}"]`)).toHaveCount(0, { timeout: 30_000 });
      await snap(player, 'board-player-stopped');
    });
  } finally {
    await player.context().close();
    // The screen and the group as the earlier flows left them.
    if (found.mediaId) await freeScreen(admin, found.mediaId);
    if (found.group) await setBoardSlots(admin, found.group, found.group.boardSlotCnt);
  }
});

test('a verification vendor uploads a photo of the campaign at a site; the manager finds it and downloads the campaign\'s photos', async ({ page, browser }, testInfo) => {
  test.setTimeout(300_000);
  const admin = page;
  let cmpgId = 0;

  await test.step('the manager registers a verification vendor', async () => {
    await login(admin, ADMIN_ID, ADMIN_NEW_PASSWORD);
    ({ cmpgId } = await onlyRow<{ cmpgId: number }>(admin, '/api/campaign/run/jsonList.do', { cmpgTitle: CAMPAIGN }));
    const { cId } = await callApi<{ cId: number }>(admin, '/api/account/corp/jsonSave.do', {
      multipart: { cName: VENDOR_CORP, cRep: '유대표', cBizNo: '9999999999', cType: 1, cPayType: 2, roleCd: 10009, cStatus: 1 },
    });
    await callApi(admin, '/api/account/user/jsonSave.do', {
      data: { uId: VENDOR.uId, uName: VENDOR.uName, uPw: VENDOR.initial, cId, roleCd: 10009, uStatus: 1, authType: 1 },
    });
  });

  const vendor = await newPage(browser, testInfo);
  try {
    await test.step('the vendor picks the campaign and one of its sites, uploads a photo, and lands on the campaign\'s photos', async () => {
      await firstLogin(vendor, VENDOR);
      await vendor.goto('/cmpgphoto/cmpgphoto/list');
      await expect(heading(vendor, '캠페인 사진 리포트')).toBeVisible();
      await vendor.getByRole('button', { name: /사진 등록/ }).click();
      await expect(heading(vendor, '캠페인 사진 등록')).toBeVisible();
      await pickInPopup(vendor, '캠페인', '캠페인명', CAMPAIGN);
      // The sites come from the campaign's groups.
      await choose(vendor, '사이트', SITE);
      await vendor.locator('.resource-form input[type=file]').setInputFiles({
        name: 'lobby.png',
        mimeType: 'image/png',
        buffer: solidPng(640, 480, [22, 119, 255]),
      });
      await snap(vendor, 'cmpgphoto-register');
      await save(vendor);
      await expect(vendor).toHaveURL(new RegExp(`/cmpgphoto/cmpgphoto/list\\?cmpgId=${cmpgId}$`), { timeout: 30_000 });
      const row = rows(vendor).filter({ hasText: SITE });
      await expect(row).toContainText(VENDOR.uName);
      await expect(row).toContainText(CAMPAIGN);
      await snap(vendor, 'cmpgphoto-list-vendor');
    });
  } finally {
    await vendor.context().close();
  }

  await test.step('the manager searches the campaign\'s photos, sees the vendor\'s, opens it and downloads the zip and the Excel file', async () => {
    await admin.goto('/cmpgphoto/cmpgphoto/list');
    await expect(heading(admin, '캠페인 사진 리포트')).toBeVisible();
    await expect(admin.getByRole('button', { name: /ZIP 다운로드/ })).toBeDisabled();
    await pickInPopup(admin, '캠페인', '캠페인명', CAMPAIGN);
    await admin.locator('.list-filter').getByRole('button', { name: /^검\s*색$/ }).click();
    await expect(admin).toHaveURL(new RegExp(`cmpgId=${cmpgId}`));
    const row = rows(admin).filter({ hasText: VENDOR.uName });
    await expect(row).toContainText(SITE);
    await expect.poll(() => naturalWidth(row.locator('img.thumbnail'))).toBeGreaterThan(0);
    await snap(admin, 'cmpgphoto-list-manager');

    await row.getByText(VENDOR.uName).click();
    const preview = admin.locator('img.ant-image-preview-img');
    await expect(preview).toBeVisible();
    await expect.poll(() => naturalWidth(preview)).toBe(640);
    await snap(admin, 'cmpgphoto-preview');
    await admin.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    const excel = admin.getByRole('link', { name: /엑셀 다운로드/ });
    await expect(excel).toHaveAttribute('href', `/api/cmpgphoto/excel.do?cmpgId=${cmpgId}`);
    const sheet = await admin.request.get(`/api/cmpgphoto/excel.do?cmpgId=${cmpgId}`);
    expect(sheet.status()).toBe(200);
    // An xlsx file is a zip too.
    expect((await sheet.body()).subarray(0, 2).toString('latin1')).toBe('PK');

    const zip = admin.getByRole('link', { name: /ZIP 다운로드/ });
    await expect(zip).toHaveAttribute('href', `/api/cmpgphoto/zip.do?cmpgId=${cmpgId}`);
    const archive = await admin.request.get(`/api/cmpgphoto/zip.do?cmpgId=${cmpgId}`);
    expect(archive.status()).toBe(200);
    expect((await archive.body()).subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
