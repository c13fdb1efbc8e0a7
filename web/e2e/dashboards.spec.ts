import fs from 'node:fs';
import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ADMIN_ID, ADMIN_NEW_PASSWORD } from './accounts';
import { firstLogin, heading, login, pickMany, register, rows, save, seoulDay, snap, successMessage } from './helpers';

// Left by the earlier flows: the media corp with its Gangnam site and group, and the campaign
// approved on that group from tomorrow.
const MEDIA_CORP = 'E2E 매체사';
const GROUP = 'E2E 101동 그룹';
const CAMPAIGN = 'E2E 봄맞이 입주민 행사';
// Registered here.
const SALES_CORP = 'E2E 대시보드 영업';
const SALES_AGENT = { uId: 'e2edashsales', uName: '강영업', initial: 'Dash-Sales-Init-2026', password: 'Dash-Sales-Changed-2026' };
const MEDIA_AGENT = { uId: 'e2edashmedia', uName: '문매체', initial: 'Dash-Media-Init-2026', password: 'Dash-Media-Changed-2026' };
const PROPOSAL = 'E2E 여름 입주민 광고 제안';
const PROSPECT = 'E2E 여름빙수';

/** Calls the API as the page's signed-in user, as the screens do; `multipart` goes as the part `data`. */
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

/** A new page of its own session, set up like the test's page. */
async function newPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  return (await browser.newContext({ baseURL, locale, timezoneId, viewport })).newPage();
}

/** A dashboard card by its title. */
const card = (page: Page, title: string): Locator => page.locator('.dashboard-card', { has: page.locator('.panel-title', { hasText: title }) });
const statLink = (page: Page, title: string): Locator => page.locator('.dashboard a.stat-card-link', { hasText: title });
const stat = (page: Page, title: string): Locator => page.locator('.dashboard .stat-card', { hasText: title });

/** The screen counts the donut tells its readers. */
async function donutCounts(page: Page): Promise<number[]> {
  // The card's chart (an empty fault list beside it has an image of its own).
  const label = (await card(page, '매체 상태').getByRole('img', { name: /^매체 상태:/ }).getAttribute('aria-label')) ?? '';
  const match = /정상 ([\d,]+)대, 장애 ([\d,]+)대, 꺼짐 ([\d,]+)대/.exec(label);
  expect(match, label).not.toBeNull();
  return match!.slice(1).map((count) => Number(count.replace(/,/g, '')));
}

/** Types a day into one side of the period picker and confirms it. */
async function typeDay(input: Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

test('dashboards by role: the network for a manager, their screens for a media agent, their sales for a sales agent; a proposal printed to PDF; population by region', async ({ page, browser }, testInfo) => {
  test.setTimeout(300_000);
  const admin = page;

  await test.step('the manager\'s home shows the campaign cards, screens, occupancy, sales and recent campaigns beside the notices', async () => {
    await login(admin, ADMIN_ID, ADMIN_NEW_PASSWORD);
    await expect(admin.locator('.dashboard-manager')).toBeVisible();
    for (const title of ['승인 대기', '방송중', '종료 임박']) await expect(statLink(admin, title)).toBeVisible();
    await expect(statLink(admin, '방송중')).toHaveAttribute('href', '/campaign/run/list?cmpgStatus=50');
    await expect(statLink(admin, '종료 임박')).toHaveAttribute('href', '/campaign/run/list?cmpgStatus=110');
    await expect(stat(admin, '오늘 재생')).toContainText('회');
    await expect(stat(admin, '이번 달 매출')).toContainText(/[\d,]+ ?원/);
    // The media area registered screens: the donut counts them.
    const [normal, fault, off] = await donutCounts(admin);
    expect(normal + fault + off).toBeGreaterThan(0);
    await expect(card(admin, '슬롯 점유 (14일)').getByRole('img', { name: '앞으로 14일의 판매 슬롯과 전체 슬롯' })).toBeVisible();
    await expect(card(admin, '최근 승인 캠페인').getByRole('link', { name: CAMPAIGN })).toBeVisible();
    await expect(admin.locator('.latest-notices')).toBeVisible();
    // Charts are drawn as SVG.
    await expect(admin.locator('.dashboard .chart svg').first()).toBeVisible();
    await snap(admin, 'dashboard-manager');
  });

  await test.step('its cards and charts open the lists they summarise', async () => {
    await statLink(admin, '승인 대기').click();
    await expect(admin).toHaveURL(/\/campaign\/request\/list$/);
    await expect(heading(admin, '승인요청 캠페인')).toBeVisible();
    await admin.goBack();
    await card(admin, '슬롯 점유 (14일)').getByRole('link', { name: '슬롯 운영 현황' }).click();
    await expect(admin).toHaveURL(new RegExp(`/report/slot/list\\?fromDate=${seoulDay(0)}&toDate=${seoulDay(13)}$`));
    await expect(heading(admin, '슬롯 운영 현황')).toBeVisible();
    await admin.goBack();
    await card(admin, '최근 승인 캠페인').getByRole('link', { name: CAMPAIGN }).click();
    await expect(admin).toHaveURL(/\/campaign\/run\/view\?cmpgId=\d+$/);
    await expect(heading(admin, CAMPAIGN)).toBeVisible();
  });

  await test.step('the manager registers a sales agency with its agent, and a media agent of the media corp', async () => {
    const { cId: salesCId } = await api<{ cId: number }>(admin, '/api/account/corp/jsonSave.do', {
      multipart: { cName: SALES_CORP, cRep: '서대표', cBizNo: '9999999999', cType: 1, cPayType: 2, roleCd: 10003, cStatus: 1 },
    });
    await api(admin, '/api/account/user/jsonSave.do', {
      data: { uId: SALES_AGENT.uId, uName: SALES_AGENT.uName, uPw: SALES_AGENT.initial, cId: salesCId, roleCd: 10003, uStatus: 1, authType: 3 },
    });
    const corps = await api<{ list: { cId: number; cName: string }[] }>(admin, '/api/account/corp/jsonList.do', { data: { cName: MEDIA_CORP, page: 1, pageSize: 10 } });
    const mediaCorp = corps.list.find((corp) => corp.cName === MEDIA_CORP);
    expect(mediaCorp).toBeDefined();
    await api(admin, '/api/account/user/jsonSave.do', {
      data: { uId: MEDIA_AGENT.uId, uName: MEDIA_AGENT.uName, uPw: MEDIA_AGENT.initial, cId: mediaCorp!.cId, roleCd: 10004, uStatus: 1, authType: 3 },
    });
  });

  const mediaAgent = await newPage(browser, testInfo);
  await test.step('the media agent\'s home shows their screens, faults, occupancy and last month\'s settlement', async () => {
    await firstLogin(mediaAgent, MEDIA_AGENT);
    await expect(mediaAgent.locator('.dashboard-media')).toBeVisible();
    const [normal, fault, off] = await donutCounts(mediaAgent);
    // The corp's Gangnam site holds the group's screen.
    expect(normal + fault + off).toBeGreaterThan(0);
    await expect(card(mediaAgent, '매체 상태').getByText('장애 매체', { exact: true })).toBeVisible();
    await expect(card(mediaAgent, '슬롯 점유 (14일)').locator('.chart')).toBeVisible();
    const settlement = statLink(mediaAgent, '지난달 정산');
    await expect(settlement).toHaveAttribute('href', /^\/settlement\/media\/list\?month=\d{4}-\d{2}$/);
    await expect(settlement).toContainText(/매출 [\d,]+원/);
    // The network's sales and the campaign lists are not theirs.
    await expect(stat(mediaAgent, '이번 달 매출')).toHaveCount(0);
    await expect(statLink(mediaAgent, '승인 대기')).toHaveCount(0);
    await expect(mediaAgent.locator('.latest-notices')).toBeVisible();
    await snap(mediaAgent, 'dashboard-media');
  });
  await mediaAgent.context().close();

  const agent = await newPage(browser, testInfo);
  await test.step('the sales agent\'s home shows their campaigns, sales, last month\'s fees and points', async () => {
    await firstLogin(agent, SALES_AGENT);
    await expect(agent.locator('.dashboard-saler')).toBeVisible();
    await expect(statLink(agent, '승인 대기')).toHaveAttribute('href', '/campaign/request/list');
    await expect(stat(agent, '이번 달 매출')).toContainText(/[\d,]+ ?원/);
    await expect(statLink(agent, '지난달 수수료')).toHaveAttribute('href', /^\/settlement\/sales\/list\?month=\d{4}-\d{2}$/);
    await expect(statLink(agent, '회사 포인트')).toHaveAttribute('href', '/point/sales/list');
    await expect(statLink(agent, '내 포인트')).toHaveAttribute('href', '/point/salesuser/list');
    // A new agency has no campaigns yet.
    await expect(card(agent, '상태별 캠페인')).toContainText('캠페인이 없습니다.');
    await expect(agent.locator('.screens-card')).toHaveCount(0);
    await snap(agent, 'dashboard-saler');
  });

  let proposalPath = '';
  await test.step('the sales agent writes a proposal priced live for a prospective advertiser', async () => {
    await agent.goto('/report/temp/list');
    await expect(heading(agent, '가상 리포트')).toBeVisible();
    await register(agent, '가상 리포트');
    await agent.getByLabel('제목').fill(PROPOSAL);
    await agent.getByLabel('광고주명').fill(PROSPECT);
    await expect(agent.locator('.proposal-write').getByText(/P000000003/)).toBeVisible();
    await typeDay(agent.getByPlaceholder('시작일'), seoulDay(7));
    await typeDay(agent.getByPlaceholder('종료일'), seoulDay(36));
    await expect(agent.getByPlaceholder('종료일')).toHaveValue(seoulDay(36));

    await pickMany(agent, /매체 그룹 추가/, '매체 그룹 검색', GROUP);
    await expect(agent.locator('.targets-table')).toContainText(GROUP);

    const quote = agent.locator('.quote-panel');
    await expect(quote.locator('[data-quote-line="days"]')).toHaveText('30일');
    await expect(quote.locator('[data-quote-line="total"]')).toHaveText(/^[1-9][\d,]*원$/);
    await snap(agent, 'proposal-write');

    await save(agent);
    await expect(successMessage(agent, '저장했습니다.')).toBeVisible();
    await expect(agent).toHaveURL(/\/report\/temp\/view\?rtIdx=\d+$/);
    proposalPath = new URL(agent.url()).pathname + new URL(agent.url()).search;
  });

  await test.step('the proposal reads as a document: addressee, targets, price and expected reach', async () => {
    const document = agent.getByRole('article');
    await expect(document.getByRole('heading', { level: 1 })).toHaveText(PROPOSAL);
    await expect(document).toContainText(`${PROSPECT} 귀하`);
    await expect(document.locator('.proposal-targets tbody tr')).toHaveCount(1);
    await expect(document.locator('.proposal-targets')).toContainText(GROUP);
    await expect(document.locator('.proposal-summary')).toContainText(`${seoulDay(7)} ~ ${seoulDay(36)} (30일)`);
    await expect(document.locator('[data-quote-line="total"]')).toHaveText(/^[1-9][\d,]*원$/);
    await expect(document.locator('[data-figure="expectedPlays"]')).toContainText(/[1-9][\d,]*회/);
    await expect(document.locator('[data-figure="audience"]')).toContainText(/[\d,]+명/);
    await snap(agent, 'proposal-view');
  });

  await test.step('printed, the proposal fills A4 pages without the app\'s frame and saves as a PDF', async () => {
    // The browser's print dialog cannot be driven: the button is seen calling it.
    await agent.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await agent.getByRole('button', { name: /인쇄 \/ PDF/ }).click();
    expect(await agent.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await agent.emulateMedia({ media: 'print' });
    await expect(agent.locator('.app-sider')).toBeHidden();
    await expect(agent.locator('.top-bar')).toBeHidden();
    await expect(agent.locator('.proposal-toolbar')).toBeHidden();
    await expect(agent.getByRole('article')).toBeVisible();
    await snap(agent, 'proposal-print');
    const pdf = await agent.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    fs.writeFileSync(testInfo.outputPath('proposal.pdf'), pdf);
    await agent.emulateMedia({ media: 'screen' });
  });
  await agent.context().close();

  await test.step('the manager finds the proposal among every corp\'s and opens it', async () => {
    await admin.goto('/report/temp/list');
    await expect(heading(admin, '가상 리포트')).toBeVisible();
    const row = rows(admin).filter({ hasText: PROPOSAL });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(PROSPECT);
    await expect(row).toContainText(SALES_AGENT.uName);
    await snap(admin, 'proposal-list');
    await row.click();
    await expect(admin).toHaveURL(new RegExp(`${proposalPath.replace('?', '\\?')}$`));
    await expect(admin.getByRole('article')).toContainText(`${PROSPECT} 귀하`);
  });

  await test.step('population by region: the sido with their sum, then the sigungu of Seoul', async () => {
    await admin.goto('/report/wpopl/list');
    await expect(heading(admin, '지역별 세대·노출 인원')).toBeVisible();
    const table = admin.locator('.population-table');
    const seoul = table.locator('tbody tr.ant-table-row', { hasText: '서울특별시' });
    await expect(seoul).toBeVisible();
    await expect(table.locator('.population-sum')).toContainText('합계');
    await snap(admin, 'population-sido');
    await seoul.click();
    await expect(admin).toHaveURL(/\/report\/wpopl\/list\?rgnCd=11$/);
    await expect(table.getByRole('columnheader', { name: '시군구' })).toBeVisible();
    const gangnam = table.locator('tbody tr.ant-table-row', { hasText: '강남구' });
    await expect(gangnam).toBeVisible();
    // The media area's Gangnam site alone has 980 households.
    const households = Number(((await gangnam.locator('td').nth(2).innerText()) || '0').replace(/,/g, ''));
    expect(households).toBeGreaterThanOrEqual(980);
    await expect(admin.locator('.population-trail')).toContainText('서울특별시');
    await snap(admin, 'population-sigungu');
  });
});
