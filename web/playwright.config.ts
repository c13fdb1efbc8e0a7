import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_INITIAL_PASSWORD, TEST_CAPTCHA } from './e2e/accounts';

const port = 18080;
const baseURL = `http://127.0.0.1:${port}`;

// A fresh database for every run. Worker processes load this file again: they inherit the directory.
const dataDir = (process.env.TOWNBOARD_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'townboard-e2e-')));

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // One server, one admin account whose password the run changes: the steps run in order.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // Each test is a whole flow of many steps; two busy cores can stretch one past two minutes.
  timeout: 300_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The areas run after the skeleton flow, which gives the admin account its working password.
  projects: [
    { name: 'skeleton', testMatch: 'backoffice.spec.ts', use: { browserName: 'chromium' } },
    { name: 'areas', testMatch: 'system-account.spec.ts', use: { browserName: 'chromium' }, dependencies: ['skeleton'] },
    // Every code list a screen names exists on the server.
    { name: 'codes', testMatch: 'codeKeys.spec.ts', use: { browserName: 'chromium' }, dependencies: ['skeleton'] },
    // The media area uses the media corp the account areas registered.
    { name: 'media', testMatch: 'media.spec.ts', use: { browserName: 'chromium' }, dependencies: ['areas'] },
    // Materials belong to the advertiser the account areas registered; they run after the media area.
    { name: 'materials', testMatch: 'materials.spec.ts', use: { browserName: 'chromium' }, dependencies: ['media'] },
    // Campaigns target the media area's group; they run after the materials.
    { name: 'campaigns', testMatch: 'campaign.spec.ts', use: { browserName: 'chromium' }, dependencies: ['materials'] },
    // Schedules play the campaign the campaign flow approved on the media area's group.
    { name: 'schedule', testMatch: 'schedule.spec.ts', use: { browserName: 'chromium' }, dependencies: ['campaigns'] },
    // The browser player plays the schedule flow's plan of the campaign on the media area's screen.
    { name: 'player', testMatch: 'player.spec.ts', use: { browserName: 'chromium' }, dependencies: ['schedule'] },
    // Boards: an image post on the media area's group shows on its screen, paired after the player flow let it go; photos of the campaign flow's campaign.
    { name: 'boards', testMatch: 'boards.spec.ts', use: { browserName: 'chromium' }, dependencies: ['player'] },
    // Fees of the media area's owner and site and of the campaign flow's sales agency; a month closed and reopened; a coupon.
    { name: 'money', testMatch: 'money.spec.ts', use: { browserName: 'chromium' }, dependencies: ['campaigns'] },
    // Dashboards read the network the earlier flows built (screens, the approved campaign); a proposal targets the media area's group.
    { name: 'dashboards', testMatch: 'dashboards.spec.ts', use: { browserName: 'chromium' }, dependencies: ['campaigns'] },
    // The campaign flow's advertiser writes a campaign of its own and requests it.
    { name: 'advertiser', testMatch: 'advertiser.spec.ts', use: { browserName: 'chromium' }, dependencies: ['campaigns'] },
    // Lists with the rows the flows left: their name columns measured.
    { name: 'lists', testMatch: 'lists.spec.ts', use: { browserName: 'chromium' }, dependencies: ['advertiser'] },
    // A user of every role walks its menu through the rows the flows left.
    { name: 'roles', testMatch: 'roles.spec.ts', use: { browserName: 'chromium' }, dependencies: ['advertiser'] },
  ],
  webServer: {
    command: `"${process.env.TOWNBOARD_BIN ?? 'townboard'}" serve`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      TOWNBOARD_BIND: `127.0.0.1:${port}`,
      TOWNBOARD_DATA_DIR: dataDir,
      TOWNBOARD_ADMIN_PASSWORD: ADMIN_INITIAL_PASSWORD,
      TOWNBOARD_TEST_CAPTCHA: TEST_CAPTCHA,
      TOWNBOARD_ENV: 'local',
      // The front end as last built, read from disk: a binary built before it serves it all the same.
      TOWNBOARD_WEB_DIR: path.resolve(import.meta.dirname, 'dist'),
      // Warnings and errors only: a line per request would bury them.
      TOWNBOARD_LOG: 'warn',
    },
  },
});
