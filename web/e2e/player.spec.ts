import { expect, test, type Page, type Request } from '@playwright/test';
import { ADMIN_ID, ADMIN_NEW_PASSWORD } from './accounts';
import { login, seoulDay, snap } from './helpers';

// Left by the earlier flows: the media area's screen on its device, in the group (template
// 1080x1920, a site open all day); the campaign approved on the group from tomorrow with its image
// material, tomorrow's plan with it, a footer notice in force; the materials area's approved video.
const SERIAL = 'SN-E2E-1';
const SCREEN = 'E2E 101동 로비';
const GROUP = 'E2E 101동 그룹';
const CAMPAIGN = 'E2E 봄맞이 입주민 행사';
const VIDEO_MATERIAL = 'E2E 봄 세일 15초';
const NOTICE = 'E2E 엘리베이터 점검 안내';
const URGENT = 'E2E 단수 안내: 오늘 15시까지 물을 받아 두세요.';

// The player's test-only timings (see the player's testParams): heartbeat every 5 s, schedule every
// 10 s, the open hour's counts closed every 10 s, 3 s an item, and tomorrow's plan (the campaign's first day).
const PLAYER_URL = '/player?beat=5&sync=10&popEvery=10&itemSecs=3&planDays=1';
const PLAYER_API = '**/api/player/v1/**';

/** A moment in Seoul, `minutes` from now, as "YYYY-MM-DD HH:mm:ss". */
function seoulTime(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toLocaleString('sv-SE', { timeZone: 'Asia/Seoul' });
}

/** Calls the API as the page's signed-in user, as the screens do. */
async function api<T>(page: Page, url: string, data: object): Promise<T> {
  const response = await page.request.post(url, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  expect(envelope.code, `${url}: ${envelope.message}`).toBe(0);
  return envelope.data;
}

/** The one row of a list found by a filter. */
async function onlyRow<T>(page: Page, url: string, filter: object): Promise<T> {
  const { list } = await api<{ list: T[] }>(page, url, { ...filter, page: 1, pageSize: 10 });
  expect(list, `${url} ${JSON.stringify(filter)}`).toHaveLength(1);
  return list[0];
}

interface LoopItem {
  seq: number;
  slotType: number;
  cmpgId: number | null;
  matId: number | null;
  matType: string | null;
}

interface PopBatch {
  batchId: string;
  date: string;
  hour: number;
  items: { cmpgId: number | null; matId: number | null; slotType: number; plays: number; seconds: number }[];
}

const campaignPlays = (batch: PopBatch, cmpgId: number) => batch.items.filter((item) => item.cmpgId === cmpgId).reduce((sum, item) => sum + item.plays, 0);
const allPlays = (batch: PopBatch) => batch.items.reduce((sum, item) => sum + item.plays, 0);
const batchOf = (request: Request) => request.postDataJSON() as PopBatch;

/** Width and height of a PNG, from its header. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('the browser player pairs, plays the campaign from its cache, reports its plays, and keeps them through an outage', async ({ page, browser }, testInfo) => {
  test.setTimeout(600_000);
  const admin = page;
  const today = seoulDay(0);
  const tomorrow = seoulDay(1);
  let mgId = 0;
  let cmpgId = 0;
  let mediaId = 0;
  let videoMatId = 0;

  /**
   * The screen's plays reported for today (the daily usage report). The player plays tomorrow's
   * plan today, the campaign's first day: the campaign's own report starts at its first day, so
   * today's plays show in the screen's report.
   */
  const reportedPlays = async () => {
    const rows = await api<{ list: { mediaId: number; plays: number }[] }>(admin, '/api/media/report/jsonDailyList.do', { date: today, mediaNm: SCREEN });
    return rows.list.filter((row) => row.mediaId === mediaId).reduce((sum, row) => sum + row.plays, 0);
  };

  await test.step('the manager finds the screen, the group, the campaign and the video, and frees the screen for a new player', async () => {
    await login(admin, ADMIN_ID, ADMIN_NEW_PASSWORD);
    ({ mgId } = await onlyRow<{ mgId: number }>(admin, '/api/media/mediagroup/jsonList.do', { mgNm: GROUP }));
    ({ cmpgId } = await onlyRow<{ cmpgId: number }>(admin, '/api/campaign/run/jsonList.do', { cmpgTitle: CAMPAIGN }));
    ({ matId: videoMatId } = await onlyRow<{ matId: number }>(admin, '/api/campaign/material/jsonList.do', { matName: VIDEO_MATERIAL }));
    const screen = await onlyRow<{ mediaId: number; ssaid: string | null }>(admin, '/api/media/media/jsonList.do', { mediaNm: SCREEN });
    mediaId = screen.mediaId;
    // The simulated player of the media area holds the screen: an ssaid reset lets this one register.
    const { ssaid } = await api<{ ssaid: string | null }>(admin, '/api/media/media/jsonDetail.do', { mediaId });
    if (ssaid) await api(admin, '/api/media/media/jsonSsaidReset.do', { mediaId });
  });

  await test.step('tomorrow\'s loop plays the campaign; one house slot is given the video, so the loop has both kinds', async () => {
    const day = await api<{ loop: LoopItem[] }>(admin, '/api/schedule/schedule/jsonDaily.do', { mgId, date: tomorrow });
    expect(day.loop.some((item) => item.cmpgId === cmpgId)).toBe(true);
    const house = day.loop.find((item) => item.slotType === 2);
    expect(house, 'a house slot in the loop').toBeDefined();
    const changed = await api<{ loop: LoopItem[] }>(admin, '/api/schedule/schedule/jsonModify.do', { mgId, date: tomorrow, seq: house?.seq, matId: videoMatId });
    expect(changed.loop.find((item) => item.seq === house?.seq)).toMatchObject({ matId: videoMatId, matType: 'video' });
  });

  const { baseURL, locale, timezoneId } = testInfo.project.use;
  // A portrait screen at half its size.
  const player = await (await browser.newContext({ baseURL, locale, timezoneId, viewport: { width: 540, height: 960 } })).newPage();
  const screen = player.locator('.player-screen');
  const frontLayer = player.locator('.player-layer[data-front="true"]');
  // Every proof-of-play batch the server acknowledged, with its plays and the campaign's among them.
  const acknowledged = new Map<string, { all: number; campaign: number }>();
  player.on('response', async (response) => {
    if (!response.url().endsWith('/api/player/v1/pop')) return;
    const envelope = (await response.json().catch(() => null)) as { code: number } | null;
    if (envelope?.code === 0) {
      const batch = batchOf(response.request());
      acknowledged.set(batch.batchId, { all: allPlays(batch), campaign: campaignPlays(batch, cmpgId) });
    }
  });
  const acknowledgedPlays = () => [...acknowledged.values()].reduce((sum, plays) => sum + plays.all, 0);
  const acknowledgedCampaignPlays = () => [...acknowledged.values()].reduce((sum, plays) => sum + plays.campaign, 0);
  const reportedBefore = await reportedPlays();

  try {
    await test.step('the player asks for the device serial once, registers and starts playing', async () => {
      await player.goto(PLAYER_URL);
      await expect(player.getByRole('heading', { name: '플레이어 등록' })).toBeVisible();
      await player.getByLabel('디바이스 시리얼 번호').fill(SERIAL);
      await snap(player, 'player-pairing');
      const registered = player.waitForResponse((response) => response.url().endsWith('/api/player/v1/register'));
      await player.getByRole('button', { name: '등록' }).click();
      expect(((await (await registered).json()) as { code: number }).code).toBe(0);
      await expect(screen).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
      const kept = await player.evaluate(() => JSON.parse(localStorage.getItem('townboard.player.pairing') ?? '{}') as { serial: string; token: string });
      expect(kept.serial).toBe(SERIAL);
      expect(kept.token).toBeTruthy();
    });

    await test.step('it shows the campaign\'s material, decoded from its cached file', async () => {
      // Items change every 3 s: read the layer that shows the campaign, again if it moved on meanwhile.
      await expect(async () => {
        await expect(screen).toHaveAttribute('data-cmpg-id', String(cmpgId), { timeout: 120_000 });
        const shown = await player.locator(`.player-layer[data-front="true"][data-cmpg-id="${cmpgId}"] img:not([hidden])`).evaluate((image: HTMLImageElement) => ({
          src: image.src,
          width: image.naturalWidth,
        }), undefined, { timeout: 2_000 });
        expect(shown).toEqual({ src: expect.stringMatching(/^blob:/), width: 1080 });
      }).toPass({ timeout: 240_000 });
      await snap(player, 'player-campaign');
      await expect(player.locator('.player-ticker')).toContainText(NOTICE);
    });

    await test.step('it plays the video of the loop', async () => {
      await expect(async () => {
        await expect(screen).toHaveAttribute('data-mat-id', String(videoMatId), { timeout: 120_000 });
        // Read while the video is in front: its source, and whether it moves on while still in front.
        const playing = await frontLayer.evaluate(async (layer: HTMLElement) => {
          const video = layer.querySelector('video');
          if (!video) return null;
          const from = video.currentTime;
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          return { matId: layer.dataset.matId, front: layer.dataset.front, src: video.currentSrc, paused: video.paused, advanced: video.currentTime > from };
        }, undefined, { timeout: 2_000 });
        expect(playing).toEqual({ matId: String(videoMatId), front: 'true', src: expect.stringMatching(/^blob:/), paused: false, advanced: true });
      }).toPass({ timeout: 240_000 });
      await snap(player, 'player-video');
    });

    await test.step('its heartbeat reaches the server: the screen is on, bound to this player', async () => {
      const beat = await player.waitForResponse((response) => response.url().endsWith('/api/player/v1/heartbeat'));
      expect(((await beat.json()) as { code: number }).code).toBe(0);
      const sent = beat.request().postDataJSON() as { status: string; playerVersion: string };
      expect(sent.status).toBe('ok');
      const { ssaid } = await player.evaluate(() => JSON.parse(localStorage.getItem('townboard.player.pairing') ?? '{}') as { ssaid: string });
      await expect
        .poll(async () => api<{ ssaid: string; playerVersion: string; mediaStatus: number }>(admin, '/api/media/media/jsonDetail.do', { mediaId }), { timeout: 90_000 })
        .toMatchObject({ ssaid, playerVersion: sent.playerVersion, mediaStatus: 0 });
    });

    await test.step('a capture asked for in the back office is a picture of the screen at the template size', async () => {
      const { uuid } = await api<{ uuid: string }>(admin, `/api/media/${mediaId}/capture.do`, {});
      let imageUrl = '';
      await expect
        .poll(
          async () => {
            const result = await admin.request.get(`/api/media/${mediaId}/capture/result.do?uuid=${uuid}`);
            const { data } = (await result.json()) as { data: { status: string; imageUrl?: string } };
            imageUrl = data.imageUrl ?? '';
            return data.status;
          },
          { timeout: 30_000 },
        )
        .toBe('done');
      const picture = await (await admin.request.get(imageUrl)).body();
      expect(pngSize(picture)).toEqual({ width: 1080, height: 1920 });
      await testInfo.attach('player-capture', { body: picture, contentType: 'image/png' });
    });

    await test.step('its plays of the campaign arrive as proof of play and show in the screen\'s daily report', async () => {
      await expect.poll(acknowledgedCampaignPlays, { timeout: 120_000 }).toBeGreaterThan(0);
      await expect.poll(async () => (await reportedPlays()) - reportedBefore, { timeout: 30_000 }).toBeGreaterThanOrEqual(acknowledgedPlays());
    });

    // Counts (plays of every slot) the server never received while it was unreachable. The queue
    // sends its oldest batch first and waits after a failure, so the batches tried may hold no play
    // of the campaign; the campaign's plays are checked once they are delivered.
    const withheld = new Map<string, number>();
    await test.step('while the server cannot be reached it plays on from its cache and keeps its counts', async () => {
      await player.route(PLAYER_API, async (route) => {
        if (route.request().url().endsWith('/api/player/v1/pop')) {
          const batch = batchOf(route.request());
          withheld.set(batch.batchId, batch.items.reduce((sum, item) => sum + item.plays, 0));
        }
        await route.abort('internetdisconnected');
      });
      const shown = new Set<string>();
      const states = new Set<string>();
      await expect
        .poll(
          async () => {
            states.add((await screen.getAttribute('data-state')) ?? '');
            shown.add((await screen.getAttribute('data-seq')) ?? '');
            return shown.size;
          },
          { timeout: 60_000 },
        )
        .toBeGreaterThanOrEqual(4);
      expect([...states]).toEqual(['playing']);
      await expect.poll(() => [...withheld.values()].reduce((sum, plays) => sum + plays, 0), { timeout: 120_000 }).toBeGreaterThan(0);
      await snap(player, 'player-offline');
    });

    await test.step('once the server answers again, every withheld batch is delivered and counted', async () => {
      await player.unroute(PLAYER_API);
      await expect.poll(() => [...withheld.keys()].filter((batchId) => !acknowledged.has(batchId)), { timeout: 90_000 }).toEqual([]);
      await expect.poll(async () => (await reportedPlays()) - reportedBefore, { timeout: 30_000 }).toBeGreaterThanOrEqual(acknowledgedPlays());
    });

    await test.step('an urgent message pushed over the channel covers the screen at once, and goes when stopped', async () => {
      // Heartbeats cannot carry it here: only the push channel can.
      await player.route('**/api/player/v1/heartbeat', (route) => route.abort());
      const { umIdx } = await api<{ umIdx: number }>(admin, '/api/content/urgentMsg/jsonSave.do', {
        text: URGENT,
        startAt: seoulTime(-1),
        endAt: seoulTime(60),
        targetType: 'all',
      });
      await expect(player.locator('.player-urgent')).toContainText(URGENT, { timeout: 10_000 });
      await snap(player, 'player-urgent');
      // The back office shows how far it reached: received and acknowledged by this screen.
      await expect
        .poll(async () => (await api<{ reach: { delivered: number; acknowledged: number } }>(admin, '/api/content/urgentMsg/jsonDetail.do', { umIdx })).reach, { timeout: 20_000 })
        .toMatchObject({ delivered: 1, acknowledged: 1 });
      await api(admin, '/api/content/urgentMsg/jsonStop.do', { umIdx });
      await expect(player.locator('.player-urgent')).toHaveCount(0, { timeout: 10_000 });
      await player.unroute('**/api/player/v1/heartbeat');
    });

    await test.step('an ssaid reset revokes the token: the player asks to be paired again', async () => {
      await api(admin, '/api/media/media/jsonSsaidReset.do', { mediaId });
      await expect(player.getByRole('heading', { name: '플레이어 등록' })).toBeVisible({ timeout: 30_000 });
      await expect(player.getByLabel('디바이스 시리얼 번호')).toHaveValue(SERIAL);
      await snap(player, 'player-unpaired');
    });
  } finally {
    await player.context().close();
    // Tomorrow's loop as the schedule flow left it.
    await api(admin, '/api/schedule/schedule/jsonInit.do', { mgId, date: tomorrow });
  }
});
