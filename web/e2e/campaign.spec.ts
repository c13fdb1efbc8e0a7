import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_ID, ADMIN_NEW_PASSWORD } from './accounts';
import { confirmButton, confirmPopover, firstLogin, heading, login, openFromMenu, pickInPopup, pickMany, rows, seoulDay, snap, successMessage } from './helpers';
import { solidPng } from './solidPng';

// Registered by the media area's flow: a running group of one screen, template 1080x1920.
const GROUP = 'E2E 101동 그룹';
// Registered here: a sales agency, its agent, the agent's advertiser and an image material of it.
const SALES_CORP = 'E2E 영업대행';
const AGENT = { uId: 'e2esales', uName: '최영업', initial: 'Sales-Initial-2026', password: 'Sales-Changed-2026' };
const ADVERTISER = 'E2E 영업 광고주';
const MATERIAL = 'E2E 영업 포스터';
const TITLE = 'E2E 봄맞이 입주민 행사';
const REJECT_REASON = '소재 문구를 확인해 주세요.';

const dialogTitled = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const statusTag = (page: Page) => page.locator('.screen-heading .code-tag');

/** Calls the API as the page's signed-in user, as the screens do; a part `file` goes with a multipart body. */
async function api<T>(page: Page, url: string, init: { data?: object; multipart?: object; file?: { name: string; mimeType: string; buffer: Buffer } }): Promise<T> {
  const response = await page.request.post(url, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    ...(init.multipart
      ? {
          multipart: {
            data: { name: 'data', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(init.multipart)) },
            ...(init.file ? { file: init.file } : {}),
          },
        }
      : { data: init.data }),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  expect(envelope.code, `${url}: ${envelope.message}`).toBe(0);
  return envelope.data;
}

/** Types a day into one side of the period picker and confirms it. */
async function typeDay(input: Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

/** Opens the campaign of a list by its title. */
async function openFromList(page: Page, path: string, title: string) {
  await page.goto(path);
  const row = rows(page).filter({ hasText: TITLE });
  await expect(row).toHaveCount(1);
  await expect(heading(page, title)).toBeVisible();
  await row.click();
}

test('a sales agent writes a campaign priced live and requests it; rejected, re-requested and approved, it runs', async ({ page, browser }, testInfo) => {
  test.setTimeout(480_000);
  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const admin = await (await browser.newContext({ baseURL, locale, timezoneId, viewport })).newPage();
  const agent = page;
  const startDate = seoulDay(1);
  const endDate = seoulDay(30);
  let cmpgId = '';

  await test.step('the manager registers a sales agency and its agent', async () => {
    await login(admin, ADMIN_ID, ADMIN_NEW_PASSWORD);
    const { cId } = await api<{ cId: number }>(admin, '/api/account/corp/jsonSave.do', {
      multipart: { cName: SALES_CORP, cRep: '한대표', cBizNo: '9999999999', cType: 1, cPayType: 2, roleCd: 10003, cStatus: 1 },
    });
    await api(admin, '/api/account/user/jsonSave.do', {
      data: { uId: AGENT.uId, uName: AGENT.uName, uPw: AGENT.initial, cId, roleCd: 10003, uStatus: 1, authType: 3 },
    });
  });

  let matId = 0;
  await test.step('the agent signs in, changes the initial password, and brings an advertiser with an image material', async () => {
    await firstLogin(agent, AGENT);

    // Postpaid: the approval takes no points.
    const { cId } = await api<{ cId: number }>(agent, '/api/account/advertiser/jsonSave.do', {
      multipart: { cName: ADVERTISER, cRep: '윤광고', cBizNo: '9999999999', cType: 1, cPayType: 2, cStatus: 1, uId: 'e2esalesadv', uName: '윤광고', uPw: 'Adv-Initial-2026' },
    });
    ({ matId } = await api<{ matId: number }>(agent, '/api/campaign/material/jsonSave.do', {
      multipart: { matName: MATERIAL, advertiserCId: cId, templateType: 2, matPlaytime: 15 },
      file: { name: 'poster.png', mimeType: 'image/png', buffer: solidPng(1080, 1920, [250, 140, 22]) },
    }));
  });

  await test.step('the manager approves the material once it is encoded', async () => {
    await expect
      .poll(async () => (await api<{ encodingStatus: number }>(admin, '/api/campaign/material/jsonDetail.do', { data: { matId } })).encodingStatus, {
        timeout: 300_000,
        intervals: [1_000, 2_000, 5_000],
      })
      .toBe(1);
    await api(admin, '/api/campaign/material/jsonStatus.do', { data: { matId, matStatus: 1 } });
  });

  await test.step('the agent writes the campaign: advertiser, period, group with its free days, material; the quote follows', async () => {
    await openFromMenu(agent, '캠페인', /캠페인 등록/);
    await expect(agent).toHaveURL(/\/campaign\/write\/write$/);
    await expect(heading(agent, '캠페인 등록')).toBeVisible();
    await agent.getByLabel('캠페인명').fill(TITLE);
    await pickInPopup(agent, '광고주', '광고주명', ADVERTISER);
    // The agent sells it: their own name is filled in, the default package and its product chosen.
    await expect(agent.getByLabel('영업 담당자')).toHaveValue(AGENT.uName);
    await expect(agent.locator('.campaign-write').getByText(/P000000003/)).toBeVisible();
    await typeDay(agent.getByPlaceholder('시작일'), startDate);
    await typeDay(agent.getByPlaceholder('종료일'), endDate);
    await expect(agent.getByPlaceholder('시작일')).toHaveValue(startDate);
    await expect(agent.getByPlaceholder('종료일')).toHaveValue(endDate);

    await pickMany(agent, /매체 그룹 추가/, '매체 그룹 검색', GROUP);
    const strip = agent.getByRole('img', { name: new RegExp(`${GROUP} 가용 현황: 여유 \\d+일`) });
    await expect(strip).toBeVisible();
    await expect(strip.locator('.availability-day')).toHaveCount(30);

    await pickMany(agent, /소재 추가/, '소재 검색', MATERIAL);
    await expect(agent.locator('.materials-table')).toContainText(MATERIAL);

    const quote = agent.locator('.quote-panel');
    await expect(quote.locator('[data-quote-line="days"]')).toHaveText('30일');
    await expect(quote.locator('[data-quote-line="mediaCnt"]')).toHaveText('1대');
    await expect(quote.locator('[data-quote-line="total"]')).toHaveText(/^[1-9][\d,]*원$/);
    await expect(quote.locator('.conflicts-table')).toHaveCount(0);
    const before = await quote.locator('[data-quote-line="total"]').innerText();
    await snap(agent, 'campaign-write-quote');

    // Two slots: the slot discount applies and the price follows without a save.
    await agent.getByLabel('구좌 수').fill('2');
    await expect(quote.locator('[data-quote-line="slotDiscount"]')).toHaveText('10%');
    await expect(quote.locator('[data-quote-line="total"]')).not.toHaveText(before);
    await snap(agent, 'campaign-write-quote-two-slots');
  });

  await test.step('the agent requests approval: the campaign is saved and opens in the request view', async () => {
    await agent.getByRole('button', { name: '승인요청' }).click();
    await expect(successMessage(agent, '승인을 요청했습니다.')).toBeVisible();
    await expect(agent).toHaveURL(/\/campaign\/request\/view\?cmpgId=\d+$/);
    cmpgId = new URL(agent.url()).searchParams.get('cmpgId') ?? '';
    await expect(heading(agent, TITLE)).toBeVisible();
    await expect(statusTag(agent)).toHaveText('승인요청');
    await expect(agent.locator('.campaign-history')).toContainText('승인요청');
    // The writer does not approve.
    await expect(agent.getByRole('button', { name: /^승\s*인$/ })).toHaveCount(0);
    await snap(agent, 'campaign-requested');
  });

  await test.step('the manager rejects it with a reason', async () => {
    await openFromList(admin, '/campaign/request/list', '승인요청 캠페인');
    await expect(admin).toHaveURL(new RegExp(`/campaign/request/view\\?cmpgId=${cmpgId}$`));
    await expect(admin.locator('.quote-panel [data-quote-line="total"]')).toHaveText(/^[1-9][\d,]*원$/);
    await snap(admin, 'campaign-request-view');
    await admin.getByRole('button', { name: /^반\s*려$/ }).click();
    const dialog = dialogTitled(admin, '반려');
    await dialog.getByLabel('사유').fill(REJECT_REASON);
    await snap(admin, 'campaign-reject-reason');
    await dialog.getByRole('button', { name: confirmButton }).click();
    await expect(successMessage(admin, '반려했습니다.')).toBeVisible();
    await expect(admin).toHaveURL(/\/campaign\/request\/list$/);
    await expect(rows(admin).filter({ hasText: TITLE })).toHaveCount(0);
  });

  await test.step('the agent finds it rejected among the drafts, reads the reason and requests it again', async () => {
    await openFromList(agent, '/campaign/temp/list', '임시저장 캠페인');
    await expect(agent).toHaveURL(new RegExp(`/campaign/temp/write\\?cmpgId=${cmpgId}$`));
    await expect(agent.getByText(`반려 사유: ${REJECT_REASON}`)).toBeVisible();
    await expect(agent.getByLabel('캠페인명')).toHaveValue(TITLE);
    await expect(agent.locator('.quote-panel [data-quote-line="slotDiscount"]')).toHaveText('10%');
    await snap(agent, 'campaign-rejected-draft');
    await agent.getByRole('button', { name: '승인요청' }).click();
    await expect(agent).toHaveURL(new RegExp(`/campaign/request/view\\?cmpgId=${cmpgId}$`));
    await expect(statusTag(agent)).toHaveText('재요청');
    await expect(agent.locator('.campaign-history')).toContainText(REJECT_REASON);
    await snap(agent, 'campaign-rerequested');
  });

  await test.step('the manager approves it: the slots are taken and it waits for its start among the running campaigns', async () => {
    await openFromList(admin, '/campaign/request/list', '승인요청 캠페인');
    // The detail read now (the re-request's status) before the approval: a confirm opened while
    // the page still showed an earlier read of the campaign is replaced, unanswered, when it arrives.
    await expect(admin).toHaveURL(new RegExp(`/campaign/request/view\\?cmpgId=${cmpgId}$`));
    await expect(statusTag(admin)).toHaveText('재요청');
    await confirmPopover(admin, admin.getByRole('button', { name: /^승\s*인$/ }), () =>
      expect(successMessage(admin, '승인했습니다.')).toBeVisible({ timeout: 5_000 }),
    );
    await expect(admin).toHaveURL(new RegExp(`/campaign/run/view\\?cmpgId=${cmpgId}$`));
    await expect(statusTag(admin)).toHaveText('방송대기');
    await expect(admin.locator('.campaign-history')).toContainText('승인');
    await expect(admin.locator('video, .material-player img').first()).toBeVisible();
    await snap(admin, 'campaign-approved');

    await admin.goto('/campaign/run/list');
    await expect(heading(admin, '진행 캠페인')).toBeVisible();
    const row = rows(admin).filter({ hasText: TITLE });
    await expect(row).toHaveCount(1);
    await expect(row.locator('.code-tag')).toHaveText('방송대기');
    await expect(admin.getByRole('link', { name: /엑셀 다운로드/ })).toHaveAttribute('href', /^\/api\/campaign\/excel\/download\.do\?list=run/);
    await snap(admin, 'campaign-run-list');
  });

  await test.step('the agent sees it running too, with the slots of the group now sold for its days', async () => {
    await openFromList(agent, '/campaign/run/list', '진행 캠페인');
    await expect(statusTag(agent)).toHaveText('방송대기');
    await snap(agent, 'campaign-run-view-agent');
  });

  await admin.context().close();
});
