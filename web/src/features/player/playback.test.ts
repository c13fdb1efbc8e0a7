import { describe, expect, it } from 'vitest';
import { playSeconds, runPlayback, type Played, type ScreenView, type Surface } from './playback';
import type { LoopItem, Plan } from './types';

const item = (seq: number, over: Partial<LoopItem> = {}): LoopItem => ({
  seq,
  slotType: 1,
  cmpgId: seq,
  matId: seq * 10,
  seconds: 15,
  loops: 'all',
  url: `/api/player/v1/file/${seq * 10}/sd`,
  matType: 'video',
  ...over,
});

const planOf = (loop: LoopItem[], over: Partial<Plan> = {}): Plan => ({
  mediaId: 1,
  mgId: 1,
  date: '2026-11-22',
  version: 'v1',
  templateType: 2,
  layout: 234,
  openTime: '06:00',
  closeTime: '22:00',
  loop,
  footer: { notices: [], news: [] },
  ...over,
});

/**
 * Runs the playback on a clock that moves only when it sleeps, until `plays` items have played (or
 * the clock passes `untilMs`), and tells what the surface was asked and what was shown and counted.
 */
async function run(plan: Plan | (() => Plan | null), options: { plays?: number; start?: string; untilMs?: number; missing?: string[]; itemSecs?: number | null } = {}) {
  let clock = new Date(`2026-11-22T${options.start ?? '09:00:00'}`).getTime();
  const startedAt = clock;
  const calls: string[] = [];
  const views: ScreenView[] = [];
  const played: Played[] = [];
  const errors: string[] = [];
  const controller = new AbortController();
  const surface: Surface = {
    load: async (layer, slide) => {
      calls.push(`load ${layer} ${slide.item.seq}`);
      return true;
    },
    bringToFront: (layer) => void calls.push(`front ${layer}`),
    pause: () => void calls.push('pause'),
  };
  await runPlayback(
    {
      surface,
      plan: typeof plan === 'function' ? plan : () => plan,
      file: async (url) => {
        calls.push(`file ${url.split('/')[5]}`);
        return options.missing?.includes(url) ? null : new Blob([url]);
      },
      now: () => new Date(clock),
      sleep: async (ms) => {
        calls.push(`wait ${ms / 1000}`);
        clock += ms;
        if (clock - startedAt > (options.untilMs ?? 3_600_000)) controller.abort();
      },
      itemSecs: options.itemSecs ?? null,
      onView: (view) => views.push(view),
      onPlayed: (each) => {
        played.push(each);
        if (played.length >= (options.plays ?? 1_000)) controller.abort();
      },
      onError: (message) => errors.push(message),
    },
    controller.signal,
  );
  const shown = views.map((view) => (view.state === 'playing' ? `${view.slide.loop}:${view.slide.item.seq}` : view.state));
  return { calls, shown, played, errors };
}

describe('runPlayback', () => {
  it('plays loop after loop, each item by its parity, for its seconds, counting each one played', async () => {
    const plan = planOf([item(1), item(2, { loops: 'even' }), item(3, { loops: 'odd', seconds: 30 }), item(4, { slotType: 4, cmpgId: null, matId: null, url: null, matType: null, seconds: 10 })]);
    const { shown, played } = await run(plan, { plays: 6 });
    expect(shown).toEqual(['0:1', '0:2', '0:4', '1:1', '1:3', '1:4']);
    expect(played.map((each) => [each.item.seq, each.seconds])).toEqual([[1, 15], [2, 15], [4, 10], [1, 15], [3, 30], [4, 10]]);
    expect(played[1].startedAt.getTime() - played[0].startedAt.getTime()).toBe(15_000);
  });

  it('readies the next material on the hidden layer while the current one plays, then swaps', async () => {
    const { calls } = await run(planOf([item(1), item(2), item(3, { matType: 'image', url: '/api/player/v1/file/30/fhd' })]), { plays: 3 });
    // The next file is asked for before the current item's time starts running out.
    expect(calls.filter((call) => !call.startsWith('load'))).toEqual([
      'file 10',
      'front 1',
      'file 20',
      'wait 15',
      'front 0',
      'file 30',
      'wait 15',
      'front 1',
      'file 10',
      'wait 15',
    ]);
    // Each layer is readied with the item it then brings to the front, on the layer not shown.
    expect(calls.filter((call) => call.startsWith('load') || call.startsWith('front'))).toEqual([
      'load 1 1',
      'front 1',
      'load 0 2',
      'front 0',
      'load 1 3',
      'front 1',
      'load 0 1',
    ]);
  });

  it('shows slots without a material itself, the notice slot as a notice, without touching the layers', async () => {
    const house = item(2, { slotType: 2, cmpgId: null, matId: null, url: null, matType: null });
    const notice = item(3, { slotType: 4, cmpgId: null, matId: null, url: null, matType: null });
    const { calls, played } = await run(planOf([item(1), house, notice]), { plays: 3 });
    expect(calls.filter((call) => call.startsWith('front'))).toEqual(['front 1']);
    expect(played.map((each) => each.item.slotType)).toEqual([1, 2, 4]);
  });

  it('skips an item whose file cannot be had, counting nothing for it, and says so', async () => {
    const { shown, played, errors } = await run(planOf([item(1), item(2), item(3)]), { plays: 3, missing: ['/api/player/v1/file/20/sd'] });
    expect(shown).toEqual(['0:1', '0:3', '1:1']);
    expect(played.map((each) => each.item.seq)).toEqual([1, 3, 1]);
    expect(errors[0]).toContain('matId 20');
  });

  it('waits as an empty screen when no file of the loop can be had', async () => {
    const { shown, played } = await run(planOf([item(1)]), { missing: ['/api/player/v1/file/10/sd'], untilMs: 12_000 });
    expect(played).toEqual([]);
    expect(shown).toContain('empty');
  });

  it('plays and counts nothing outside the site’s hours, and starts when it opens', async () => {
    const { shown, played, calls } = await run(planOf([item(1)]), { start: '05:59:50', plays: 1 });
    expect(shown.slice(0, 2)).toEqual(['closed', 'closed']);
    expect(calls[0]).toBe('pause');
    expect(shown.at(-1)).toBe('0:1');
    expect(played[0].startedAt.getHours()).toBe(6);
  });

  it('waits for a plan, and shows an empty screen for a day without items', async () => {
    let plan: Plan | null = null;
    let asked = 0;
    const { shown } = await run(() => {
      asked += 1;
      if (asked === 3) plan = planOf([]);
      return plan;
    }, { untilMs: 4_000 });
    expect(shown).toEqual(['loading', 'loading', 'empty', 'empty', 'empty']);
  });

  it('takes a new version of the plan at the next item, keeping its place in the loop', async () => {
    let calls = 0;
    const first = planOf([item(1), item(2), item(3)]);
    const second = planOf([item(1), item(2), item(9)], { version: 'v2' });
    const { shown } = await run(() => (++calls > 2 ? second : first), { plays: 4 });
    expect(shown).toEqual(['0:1', '0:2', '0:9', '1:1']);
  });

  it('starts a new day at loop 0', async () => {
    let day = '2026-11-22';
    const plan = () => planOf([item(1), item(2, { loops: 'odd' })], { date: day });
    let asked = 0;
    const { shown } = await run(() => {
      asked += 1;
      if (asked === 4) day = '2026-11-23';
      return plan();
    }, { plays: 4 });
    expect(shown).toEqual(['0:1', '1:1', '1:2', '0:1']);
  });

  it('shortens items only when a test asks', async () => {
    expect(playSeconds(item(1, { seconds: 30 }), null)).toBe(30);
    expect(playSeconds(item(1, { seconds: 30 }), 3)).toBe(3);
    expect(playSeconds(item(1, { seconds: 0 }), null)).toBe(15);
    const { played } = await run(planOf([item(1)]), { plays: 2, itemSecs: 3 });
    expect(played.map((each) => each.seconds)).toEqual([3, 3]);
  });
});
