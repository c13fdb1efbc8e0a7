import { expect, test, type Page } from '@playwright/test';
import { ADMIN_ID, ADMIN_NEW_PASSWORD } from './accounts';
import { clickPopupRow, confirmPopover, heading, login, register, rows, save, seoulDay, snap, successMessage, typeInPicker } from './helpers';
import { solidPng } from './solidPng';

// Left by the earlier flows: the media area's group (template 1080x1920, ten ad slots) and the
// campaign approved on it from tomorrow, with its image material.
const GROUP = 'E2E 101동 그룹';
const CAMPAIGN = 'E2E 봄맞이 입주민 행사';
const CAMPAIGN_MATERIAL = 'E2E 영업 포스터';
// Registered here.
const HOUSE_MATERIAL = 'E2E 자체 홍보 포스터';
const NOTICE = 'E2E 엘리베이터 점검 안내: 내일 오전 10시부터 2시간';
const URGENT = 'E2E 호우 경보: 지하 주차장 차량을 옮겨 주세요.';

const dialogTitled = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** A moment in Seoul, `minutes` from now, as "YYYY-MM-DD HH:mm". */
function seoulMinute(minutes: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

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

/** The plan list's row of the group on a day (by its date cell: the generation time may name the same day). */
const planOf = (page: Page, day: string) => rows(page).filter({ hasText: GROUP }).filter({ has: page.getByRole('cell', { name: day, exact: true }) });

/** The loop's card of the item at `seq`. */
const slotCard = (page: Page, seq: string) => page.locator(`.loop-slot-card[data-seq="${seq}"]`);

test('the plan of the campaign group is generated and its loop shows the campaign; a slot is overridden, then regenerated; reports; a footer notice and an urgent message', async ({ page }) => {
  test.setTimeout(480_000);
  const today = seoulDay(0);
  const tomorrow = seoulDay(1);
  let houseMatId = 0;

  await test.step('the manager signs in and uploads a house material for the group template', async () => {
    await login(page, ADMIN_ID, ADMIN_NEW_PASSWORD);
    ({ matId: houseMatId } = await api<{ matId: number }>(page, '/api/content/material/jsonSave.do', {
      multipart: { matName: HOUSE_MATERIAL, slotType: 2, templateType: 2, matPlaytime: 15 },
      file: { name: 'house.png', mimeType: 'image/png', buffer: solidPng(1080, 1920, [22, 119, 255]) },
    }));
  });

  await test.step('plans are generated for the group, today and tomorrow, and followed until done', async () => {
    await page.goto('/schedule/new/view');
    await expect(heading(page, '편성 계획')).toBeVisible();
    const generation = page.locator('.ant-card', { hasText: '편성 생성' });
    await generation.getByRole('button', { name: /매체 그룹 검색/ }).click();
    const popup = dialogTitled(page, '매체 그룹 검색');
    await expect(popup.locator('.ant-spin-spinning')).toHaveCount(0);
    const groupRow = popup.locator('tbody tr.ant-table-row', { hasText: GROUP });
    await expect(async () => {
      await groupRow.getByRole('checkbox').check();
      await expect(popup.getByRole('button', { name: '1건 선택' })).toBeEnabled({ timeout: 1_000 });
    }).toPass({ timeout: 45_000 });
    await popup.getByRole('button', { name: '1건 선택' }).click();
    await expect(popup).toBeHidden();
    await expect(generation.locator('.popup-many-field')).toContainText(GROUP);

    await typeInPicker(generation.getByPlaceholder('시작일'), today);
    await typeInPicker(generation.getByPlaceholder('종료일'), tomorrow);
    await expect(generation.getByPlaceholder('시작일')).toHaveValue(today);
    await expect(generation.getByPlaceholder('종료일')).toHaveValue(tomorrow);
    await generation.getByRole('button', { name: /생\s*성$/ }).click();
    await expect(successMessage(page, '1개 그룹 × 2일 편성 생성을 시작했습니다.')).toBeVisible();
    const progress = generation.locator('.generation-progress');
    await expect(progress.getByText('완료', { exact: true })).toBeVisible({ timeout: 120_000 });
    await expect(progress.getByText('편성을 생성했습니다.')).toBeVisible();
    await snap(page, 'schedule-generate');

    // The plans show below, one per group and day (the campaign's approval had the week planned already).
    await expect(planOf(page, today)).toHaveCount(1);
    await expect(planOf(page, tomorrow)).toHaveCount(1);
    await snap(page, 'schedule-plans');
  });

  await test.step('tomorrow\'s loop, the campaign\'s first day, plays its material', async () => {
    await planOf(page, tomorrow).click();
    await expect(page).toHaveURL(new RegExp(`/schedule/schedule/view\\?mgId=\\d+&date=${tomorrow}$`));
    await expect(heading(page, '편성표')).toBeVisible();
    await expect(page.getByText(`${GROUP} · ${tomorrow}`)).toBeVisible();
    const campaignCards = page.locator('.loop-slot-card.slot-type-1', { hasText: CAMPAIGN_MATERIAL });
    await expect(campaignCards.first()).toBeVisible();
    await expect(campaignCards.first()).toContainText(CAMPAIGN);
    await expect(page.getByText('수동 변경', { exact: true })).toHaveCount(0);
    await snap(page, 'schedule-loop');
  });

  await test.step('the house material is approved once encoded', async () => {
    await expect
      .poll(async () => (await api<{ encodingStatus: number }>(page, '/api/content/material/jsonDetail.do', { data: { matId: houseMatId } })).encodingStatus, {
        timeout: 300_000,
        intervals: [1_000, 2_000, 5_000],
      })
      .toBe(1);
    await api(page, '/api/content/material/jsonStatus.do', { data: { matId: houseMatId, matStatus: 1 } });
  });

  let seq = '';
  await test.step('a house slot of the day is given the house material by hand', async () => {
    const houseSlot = page.locator('.loop-slot-card.slot-type-2').first();
    seq = (await houseSlot.getAttribute('data-seq')) ?? '';
    expect(seq).not.toBe('');
    await page.getByRole('button', { name: `${seq}번 소재 교체` }).click();
    const popup = dialogTitled(page, '콘텐츠 소재 검색');
    await popup.getByLabel('소재명').fill(HOUSE_MATERIAL);
    await popup.getByRole('button', { name: /검\s*색/ }).click();
    await clickPopupRow(popup, HOUSE_MATERIAL, () => expect(popup).toBeHidden({ timeout: 2_000 }));
    await expect(successMessage(page, `${seq}번 슬롯의 소재를 바꿨습니다.`)).toBeVisible();
    await expect(slotCard(page, seq)).toContainText(HOUSE_MATERIAL);
    await expect(slotCard(page, seq)).toContainText('수동 변경');
    await expect(page.getByText('수동 변경', { exact: true })).toHaveCount(1);
    await snap(page, 'schedule-override');
  });

  await test.step('the day is regenerated: the override is gone, the house slots play the approved house material', async () => {
    await page.getByRole('button', { name: /재생성/ }).click();
    await page.locator('.ant-popover').getByRole('button', { name: /재생성/ }).click();
    await expect(successMessage(page, '편성을 다시 만들었습니다.')).toBeVisible();
    await expect(page.getByText('수동 변경', { exact: true })).toHaveCount(0);
    await expect(page.locator('.loop-slot-card.slot-type-2', { hasText: HOUSE_MATERIAL }).first()).toBeVisible();
    await expect(page.locator('.loop-slot-card.slot-type-1', { hasText: CAMPAIGN_MATERIAL }).first()).toBeVisible();
    await snap(page, 'schedule-regenerated');

    await page.getByRole('button', { name: /실행 로그/ }).click();
    const log = dialogTitled(page, '실행 로그 검색');
    await expect(log.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await snap(page, 'schedule-exec-log');
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();
  });

  await test.step('the slot report shows the group\'s days with the daily occupancy', async () => {
    await page.goto('/report/slot/list');
    await expect(heading(page, '슬롯 운영 현황')).toBeVisible();
    await expect(rows(page).filter({ hasText: GROUP }).first()).toBeVisible();
    await expect(page.getByRole('img', { name: '일자별 점유율' })).toBeVisible();
    await snap(page, 'report-slot');
  });

  await test.step('the campaign view reports its plays and offers its Excel file and a day\'s cue sheet', async () => {
    await page.goto('/campaign/run/list');
    await expect(heading(page, '진행 캠페인')).toBeVisible();
    await rows(page).filter({ hasText: CAMPAIGN }).click();
    await expect(page).toHaveURL(/\/campaign\/run\/view\?cmpgId=\d+$/);
    const cmpgId = new URL(page.url()).searchParams.get('cmpgId') ?? '';
    const report = page.locator('.campaign-report');
    await expect(report).toBeVisible();
    await expect(report.getByRole('link', { name: /엑셀 다운로드/ })).toHaveAttribute('href', `/api/campaign/report/excel/download.do?cmpgId=${cmpgId}`);
    await expect(report.getByRole('link', { name: /큐시트/ })).toHaveAttribute('href', `/api/campaign/excel/cuesheet/download.do?cmpgId=${cmpgId}&date=${tomorrow}`);
    await report.scrollIntoViewIfNeeded();
    await snap(page, 'campaign-report');
  });

  await test.step('a footer notice is posted for the week and shows as in progress', async () => {
    await page.goto('/content/contentNoti/list');
    await expect(heading(page, '콘텐츠 하단 공지')).toBeVisible();
    await register(page, '콘텐츠 하단 공지');
    await page.getByLabel('공지 문구').fill(NOTICE);
    await typeInPicker(page.getByLabel('시작일', { exact: true }), today);
    await typeInPicker(page.getByLabel('종료일', { exact: true }), seoulDay(7));
    await expect(page.getByLabel('시작일', { exact: true })).toHaveValue(today);
    await expect(page.getByLabel('종료일', { exact: true })).toHaveValue(seoulDay(7));
    await snap(page, 'content-notice-register');
    await save(page);
    await expect(page).toHaveURL(/\/content\/contentNoti\/view\?cnIdx=\d+$/);
    await expect(page.locator('.ant-descriptions')).toContainText(NOTICE);
    await expect(page.locator('.ant-descriptions .code-tag')).toHaveText('진행중');
    await snap(page, 'content-notice');
  });

  await test.step('an urgent message goes out to Seoul now, then is stopped', async () => {
    await page.goto('/content/urgentMsg/list');
    await expect(heading(page, '긴급 메시지')).toBeVisible();
    await register(page, '긴급 메시지');
    await page.getByLabel('메시지', { exact: true }).fill(URGENT);
    const [startAt, endAt] = [seoulMinute(-1), seoulMinute(24 * 60)];
    await typeInPicker(page.getByLabel('시작 일시'), startAt);
    await typeInPicker(page.getByLabel('종료 일시'), endAt);
    await expect(page.getByLabel('시작 일시')).toHaveValue(startAt);
    await expect(page.getByLabel('종료 일시')).toHaveValue(endAt);
    await page.locator('.ant-radio-button-wrapper', { hasText: /^시도$/ }).click();
    const regions = page.locator('.regions-field');
    const sido = regions.getByLabel('시도', { exact: true });
    await sido.click();
    await sido.fill('서울특별시');
    await page.locator('.ant-select-dropdown:visible').getByTitle('서울특별시', { exact: true }).click();
    await regions.getByRole('button', { name: /지역 추가/ }).click();
    await expect(page.locator('.regions-field-chosen')).toContainText('서울특별시');
    await snap(page, 'urgent-message-register');
    await save(page);
    await expect(successMessage(page, '저장되었습니다.')).toBeVisible();
    await expect(page).toHaveURL(/\/content\/urgentMsg\/view\?umIdx=\d+$/);
    const facts = page.locator('.ant-descriptions');
    await expect(facts).toContainText(URGENT);
    await expect(facts).toContainText('서울특별시');
    await expect(facts.locator('.code-tag')).toHaveText('발령중');
    await snap(page, 'urgent-message');

    await confirmPopover(page, page.getByRole('button', { name: /발령 중지/ }), () =>
      expect(successMessage(page, '긴급 메시지를 중지했습니다.')).toBeVisible({ timeout: 5_000 }),
    );
    await expect(facts.locator('.code-tag')).toHaveText('중지');
    await expect(page.getByRole('button', { name: /발령 중지/ })).toHaveCount(0);
    await snap(page, 'urgent-message-stopped');
  });
});
