import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_ID, ADMIN_NEW_PASSWORD } from './accounts';
import { choose, confirmPopover, fieldError, heading, login, openFromMenu, pickInPopup, register, rows, save, snap, successMessage } from './helpers';

// Registered by the account areas' flow.
const ADVERTISER = 'E2E 광고주';
const MATERIAL = 'E2E 봄 세일 15초';
const VERTICAL_TEMPLATE = '디스플레이 1920 (B, 1080x1920)';
const HORIZONTAL_TEMPLATE = '가로형 1920 (H, 2560x1080)';

const details = (page: Page) => page.locator('.ant-descriptions').first();

/** A 15-second 1080x1920 H.264 video of ffmpeg's test pattern, small enough to upload quickly. */
function makeVideo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'townboard-materials-'));
  const file = path.join(dir, 'spring-sale.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1080x1920:rate=25',
    '-t',
    '15',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '35',
    '-movflags',
    '+faststart',
    '-y',
    file,
  ]);
  return file;
}

test('a material is checked and uploaded with progress, encoded, approved and previewed', async ({ page }) => {
  test.setTimeout(420_000);
  const video = makeVideo();

  await test.step('the manager signs in and opens the campaign materials', async () => {
    await login(page, ADMIN_ID, ADMIN_NEW_PASSWORD);
    await openFromMenu(page, '캠페인', /캠페인 소재/);
    await expect(page).toHaveURL(/\/campaign\/material\/list$/);
    await expect(heading(page, '캠페인 소재')).toBeVisible();
    await snap(page, 'material-list-empty');
  });

  await test.step('a vertical video picked for a horizontal template is refused before anything is sent', async () => {
    await register(page, '캠페인 소재');
    await page.getByLabel('소재명').fill(MATERIAL);
    await pickInPopup(page, '광고주', '광고주명', ADVERTISER);
    await choose(page, '템플릿', HORIZONTAL_TEMPLATE);
    let saves = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/campaign/material/jsonSave.do')) saves += 1;
    });
    await page.locator('.resource-form input[type=file]').setInputFiles(video);
    await expect(fieldError(page, '화면 비율이 템플릿(2560x1080)과 맞지 않습니다. (파일 1080x1920)')).toBeVisible();
    await save(page);
    await expect(fieldError(page, '화면 비율이 템플릿(2560x1080)과 맞지 않습니다.')).toBeVisible();
    await snap(page, 'material-register-wrong-aspect');
    expect(saves).toBe(0);
  });

  await test.step('with the vertical template it uploads, the progress bar showing until the server answers', async () => {
    await choose(page, '템플릿', VERTICAL_TEMPLATE);
    // The answer is held until the bar has been seen: a local upload is over in an instant.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/campaign/material/jsonSave.do', async (route) => {
      await held;
      await route.continue();
    });
    await save(page);
    const bar = page.locator('.resource-form').getByRole('progressbar');
    await expect(bar).toBeVisible();
    await snap(page, 'material-upload-progress');
    release();
    await expect(page).toHaveURL(/\/campaign\/material\/view\?matId=\d+$/, { timeout: 60_000 });
    await page.unroute('**/api/campaign/material/jsonSave.do');
    await expect(heading(page, '캠페인 소재 상세')).toBeVisible();
    await expect(details(page)).toContainText(MATERIAL);
    await expect(details(page)).toContainText(ADVERTISER);
    await expect(details(page)).toContainText('요청');
    await snap(page, 'material-view-encoding');
  });

  await test.step('the list follows the encoding by itself until it is done, then shows the poster', async () => {
    await page.goto('/campaign/material/list');
    const row = rows(page).filter({ hasText: MATERIAL });
    await expect(row).toHaveCount(1);
    await snap(page, 'material-list-encoding');
    // No reload: the list asks again while an encoding is under way.
    await expect(row.locator('.code-tag', { hasText: '완료' })).toBeVisible({ timeout: 300_000 });
    const thumbnail = row.locator('img.thumbnail');
    await expect(thumbnail).toHaveAttribute('src', /\/api\/material\/image\.do\?matId=\d+/);
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await snap(page, 'material-list-encoded');
    await row.click();
    await expect(heading(page, '캠페인 소재 상세')).toBeVisible();
  });

  await test.step('the manager approves the material', async () => {
    await confirmPopover(page, page.getByRole('button', { name: /^승\s*인$/ }), () =>
      expect(successMessage(page, '승인되었습니다.')).toBeVisible({ timeout: 5_000 }),
    );
    await expect(details(page).locator('.code-tag', { hasText: '승인' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^승\s*인$/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^반\s*려$/ })).toHaveCount(0);
  });

  await test.step('the preview plays the material at the template’s size and lists its encoded files', async () => {
    const player = page.locator('video.material-preview');
    await expect(player).toHaveAttribute('width', '360');
    await expect(player).toHaveAttribute('height', '640');
    await expect(player).toHaveAttribute('poster', /type=poster/);
    await expect(player).toHaveAttribute('src', /type=sd/);
    await player.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
    const files = page.locator('.material-renditions');
    await expect(files).toContainText('540 x 960');
    await expect(files).toContainText('810 x 1440');
    await expect(files).toContainText('1080 x 1920');
    await snap(page, 'material-preview');
  });
});
