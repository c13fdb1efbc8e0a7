import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import { ADMIN_ID, ADMIN_NEW_PASSWORD } from './accounts';
import { choose, clickUntil, fieldError, heading, login, pickInPopup, register, rows, save, seoulDay, snap, successMessage } from './helpers';

// Left by the earlier flows: the media owner and its site (account and media areas), the sales
// agency and its agent (campaign flow).
const MEDIA_CORP = 'E2E 매체사';
const SITE = 'E2E 래미안 타워';
const SALES_CORP = 'E2E 영업대행';
const SALES_AGENT = '최영업';
// Registered here.
const COUPON = 'E2E 소상공인 봄맞이 쿠폰';
const REOPEN_REASON = 'E2E 광고주 환불을 반영하기 위해 다시 엽니다.';

const RATE_MESSAGE = '수수료율은 0~100 사이, 소수점 둘째 자리까지 입력해 주세요.';

/** The month before this one in Seoul, as "YYYY-MM": the last month that can be closed. */
function lastMonthInSeoul(): string {
  const [year, month] = seoulDay(0).split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** Types a day into the date picker labelled `label` and leaves it with Tab (Enter would send the form). */
async function typeDay(page: Page, label: string, day: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(day);
  await input.press('Tab');
  await expect(input).toHaveValue(day);
}

/** The open confirmation bubble, confirmed with its button. */
async function confirmBubble(page: Page, question: string, button: RegExp) {
  const bubble = page.locator('.ant-popconfirm', { hasText: question });
  await expect(bubble).toBeVisible();
  await bubble.getByRole('button', { name: button }).click();
}

const details = (page: Page): Locator => page.locator('.ant-descriptions').first();
const closedTag = (page: Page) => page.locator('.settlement-heading .closed-tag');

test('fees, a month settled live then closed and reopened, and a coupon', async ({ page }) => {
  test.setTimeout(300_000);
  const lastMonth = lastMonthInSeoul();
  const firstDay = `${lastMonth}-01`;

  await test.step('the manager signs in', async () => {
    await login(page, ADMIN_ID, ADMIN_NEW_PASSWORD);
  });

  await test.step('a media fee: a rate with three decimals is refused, the owner\'s rate is saved, then a site\'s own rate', async () => {
    await page.goto('/settlement/fee/media/list');
    await expect(heading(page, '매체 수수료')).toBeVisible();
    await register(page, '매체 수수료');
    await pickInPopup(page, '매체사', '사업자명', MEDIA_CORP);
    await page.getByLabel('수수료율 (%)').fill('40.125');
    await typeDay(page, '적용 시작일', firstDay);
    await save(page);
    await expect(fieldError(page, RATE_MESSAGE)).toBeVisible();
    await snap(page, 'fee-media-invalid-rate');

    await page.getByLabel('수수료율 (%)').fill('40.5');
    await save(page);
    await expect(heading(page, '매체 수수료 상세')).toBeVisible();
    await expect(details(page)).toContainText(MEDIA_CORP);
    await expect(details(page)).toContainText(firstDay);

    await page.goto('/settlement/fee/media/list');
    await register(page, '매체 수수료');
    await pickInPopup(page, '매체사', '사업자명', MEDIA_CORP);
    // The site is searched among the chosen owner's sites.
    await pickInPopup(page, '사이트', '사이트명', SITE);
    await page.getByLabel('수수료율 (%)').fill('45');
    await typeDay(page, '적용 시작일', firstDay);
    await save(page);
    await expect(heading(page, '매체 수수료 상세')).toBeVisible();
    await expect(details(page)).toContainText(SITE);

    await page.goto('/settlement/fee/media/list');
    await expect(rows(page).filter({ hasText: '매체사 전체' }).filter({ hasText: '40.50 %' })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: SITE }).filter({ hasText: '45.00 %' })).toHaveCount(1);
    await snap(page, 'fee-media-list');
  });

  await test.step('a sales fee for the agency and one for its agent', async () => {
    await page.goto('/settlement/fee/sales/list');
    await expect(heading(page, '영업 수수료')).toBeVisible();
    await register(page, '영업 수수료');
    await pickInPopup(page, '영업사', '사업자명', SALES_CORP);
    await page.getByLabel('수수료율 (%)').fill('15');
    await typeDay(page, '적용 시작일', firstDay);
    await save(page);
    await expect(heading(page, '영업 수수료 상세')).toBeVisible();

    await page.goto('/settlement/fee/sales/list');
    await register(page, '영업 수수료');
    await pickInPopup(page, '영업사', '사업자명', SALES_CORP);
    await pickInPopup(page, '사용자', '이름', SALES_AGENT);
    await page.getByLabel('수수료율 (%)').fill('5.25');
    await typeDay(page, '적용 시작일', firstDay);
    await save(page);
    await expect(heading(page, '영업 수수료 상세')).toBeVisible();
    await expect(details(page)).toContainText(SALES_AGENT);

    await page.goto('/settlement/fee/sales/list');
    await expect(rows(page).filter({ hasText: '영업사 전체' }).filter({ hasText: '15.00 %' })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: SALES_AGENT }).filter({ hasText: '5.25 %' })).toHaveCount(1);
    await snap(page, 'fee-sales-list');
  });

  await test.step('the media settlement of last month is computed live, summed and downloaded as Excel', async () => {
    await page.goto('/settlement/media/list');
    await expect(heading(page, '매체 정산')).toBeVisible();
    await expect(page.getByLabel('정산 월')).toHaveValue(lastMonth);
    await expect(closedTag(page)).toHaveText('실시간 계산');
    await expect(page.locator('.settlement-sum [data-sum-field="revenue"]')).toHaveText(/^[\d,]+원$/);
    await snap(page, 'settlement-media-live');

    const link = page.getByRole('link', { name: /엑셀 다운로드/ });
    await expect(link).toHaveAttribute('href', `/api/settlement/excel/download.do?list=media&month=${lastMonth}`);
    const downloaded = page.waitForEvent('download');
    await link.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(fs.readFileSync(await download.path()).subarray(0, 2).toString('latin1')).toBe('PK');
  });

  await test.step('last month is closed, its job followed until closed; its lists then read the stored figures', async () => {
    await page.goto('/settlement/closing/list');
    await expect(heading(page, '월 마감')).toBeVisible();
    await expect(page.locator('#closeMonth')).toHaveValue(lastMonth);
    await page.getByRole('button', { name: '월 마감 실행' }).click();
    await confirmBubble(page, `${lastMonth}을(를) 마감하시겠습니까?`, /마\s*감/);
    const progress = page.locator('.closing-progress');
    await expect(progress).toContainText(`${lastMonth} 마감`);
    await expect(progress.getByText('마감 완료')).toBeVisible({ timeout: 120_000 });
    await expect(progress.locator('.ant-progress-status-success')).toBeVisible();
    await snap(page, 'closing-closed');

    const month = rows(page).filter({ hasText: lastMonth });
    await expect(month.locator('.closing-status')).toHaveText('마감');
    await month.getByRole('link', { name: '매체' }).click();
    await expect(heading(page, '매체 정산')).toBeVisible();
    await expect(closedTag(page)).toHaveText('마감');
    await snap(page, 'settlement-media-closed');
  });

  await test.step('the month is reopened with a reason, and its history tells both', async () => {
    await page.goto('/settlement/closing/list');
    const month = rows(page).filter({ hasText: lastMonth });
    await month.getByRole('button', { name: '재오픈' }).click();
    const dialog = page.getByRole('dialog', { name: `${lastMonth} 재오픈` });
    await clickUntil(dialog.getByRole('button', { name: /확\s*인/ }), () => expect(dialog.locator('.ant-form-item-explain-error')).toBeVisible({ timeout: 2_000 }));
    await dialog.getByLabel('재오픈 사유').fill(REOPEN_REASON);
    await dialog.getByRole('button', { name: /확\s*인/ }).click();
    await expect(successMessage(page, `${lastMonth}을(를) 재오픈했습니다.`)).toBeVisible();
    await expect(month.locator('.closing-status')).toHaveText('미마감');

    await month.getByRole('button', { name: '이력' }).click();
    const history = page.locator('.ant-drawer', { hasText: `${lastMonth} 마감 이력` });
    await expect(history.locator('.closing-history tbody tr.ant-table-row')).toHaveCount(2);
    await expect(history).toContainText(REOPEN_REASON);
    await snap(page, 'closing-history');
  });

  await test.step('a coupon: a percentage over 100 is refused, then it is saved with its period and uses', async () => {
    await page.goto('/promotion/biz/list');
    await expect(heading(page, '프로모션 쿠폰')).toBeVisible();
    await register(page, '프로모션 쿠폰');
    await page.getByLabel('쿠폰명').fill(COUPON);
    await choose(page, '할인 단위', '%');
    await page.getByLabel('할인 값').fill('150');
    await typeDay(page, '시작일', seoulDay(0));
    await typeDay(page, '종료일', seoulDay(30));
    await page.getByLabel('최대 사용 수').fill('50');
    await save(page);
    await expect(fieldError(page, '할인율은 1~100% 사이의 정수로 입력해 주세요.')).toBeVisible();

    await page.getByLabel('할인 값').fill('15');
    await save(page);
    await expect(heading(page, '프로모션 쿠폰 상세')).toBeVisible();
    await expect(details(page)).toContainText(COUPON);
    await snap(page, 'coupon-view');

    await page.goto('/promotion/biz/list');
    const coupon = rows(page).filter({ hasText: COUPON });
    await expect(coupon).toContainText('15%');
    await expect(coupon).toContainText('0 / 50');
    await snap(page, 'coupon-list');
  });
});
