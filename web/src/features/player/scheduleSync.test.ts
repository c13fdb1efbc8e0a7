import { describe, expect, it } from 'vitest';
import { createPlayerApi, type Fetch } from './playerApi';
import { askSchedule, type HeldPlan } from './scheduleSync';
import type { LoopItem, Plan } from './types';

const ITEM: LoopItem = { seq: 1, slotType: 1, cmpgId: 7, matId: 70, seconds: 15, loops: 'all', url: '/api/player/v1/file/70/sd', matType: 'video' };
const planOf = (version: string, date = '2026-11-22'): Plan & { loopSec: number } => ({
  mediaId: 3,
  mgId: 4,
  date,
  version,
  loopSec: 15,
  templateType: 2,
  layout: 234,
  openTime: '06:00',
  closeTime: '23:00',
  loop: [ITEM],
  footer: { notices: ['엘리베이터 점검'], news: [] },
});

const json = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** A server answering from `answer`, remembering each request. */
function serverAnswering(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetchImpl: Fetch = async (input, init) => {
    const request = new Request(new URL(String(input), 'http://screen.test'), init);
    requests.push(request);
    return answer(request);
  };
  return { requests, api: createPlayerApi('token-1', fetchImpl) };
}

describe('askSchedule', () => {
  it('asks for the day with the device token and no browser session, and takes the plan with its ETag', async () => {
    const { requests, api } = serverAnswering(() => json({ code: 0, message: '', data: planOf('v1') }, { ETag: '"v1"' }));
    const outcome = await askSchedule(api, '2026-11-22', null);
    expect(requests[0].url).toBe('http://screen.test/api/player/v1/schedule?date=2026-11-22');
    expect(requests[0].headers.get('Authorization')).toBe('Bearer token-1');
    expect(requests[0].headers.get('If-None-Match')).toBeNull();
    expect(requests[0].headers.get('X-Requested-With')).toBeNull();
    expect(requests[0].credentials).toBe('omit');
    expect(outcome).toEqual({ kind: 'new', held: { plan: expect.objectContaining({ version: 'v1', loop: [ITEM], layout: 234 }), etag: '"v1"' } });
  });

  it('sends the held version and keeps the loop on a 304', async () => {
    const { requests, api } = serverAnswering(() => new Response(null, { status: 304 }));
    const held: HeldPlan = { plan: { ...planOf('v1'), version: 'v1' }, etag: '"v1"' };
    expect(await askSchedule(api, '2026-11-22', held)).toEqual({ kind: 'same' });
    expect(requests[0].headers.get('If-None-Match')).toBe('"v1"');
  });

  it('names the version itself when the answer carried no ETag', async () => {
    const { requests, api } = serverAnswering(() => new Response(null, { status: 304 }));
    await askSchedule(api, '2026-11-22', { plan: planOf('v7'), etag: null });
    expect(requests[0].headers.get('If-None-Match')).toBe('"v7"');
  });

  it('takes a changed plan in place of the held one', async () => {
    const { api } = serverAnswering(() => json({ code: 0, message: '', data: planOf('v2') }, { ETag: '"v2"' }));
    const outcome = await askSchedule(api, '2026-11-22', { plan: planOf('v1'), etag: '"v1"' });
    expect(outcome.kind === 'new' && outcome.held.plan.version).toBe('v2');
  });

  it('asks a new day without the old day’s version', async () => {
    const { requests, api } = serverAnswering(() => json({ code: 0, message: '', data: planOf('v9', '2026-11-23') }));
    const outcome = await askSchedule(api, '2026-11-23', { plan: planOf('v1'), etag: '"v1"' });
    expect(requests[0].headers.get('If-None-Match')).toBeNull();
    expect(outcome.kind === 'new' && outcome.held).toEqual({ plan: expect.objectContaining({ date: '2026-11-23' }), etag: '"v9"' });
  });

  it('fills in what a day without a plan leaves out', async () => {
    const { api } = serverAnswering(() => json({ code: 0, message: '', data: { mediaId: 3, date: '2026-11-22', version: null, loop: [] } }));
    const outcome = await askSchedule(api, '2026-11-22', null);
    expect(outcome.kind === 'new' && outcome.held).toEqual({
      plan: { mediaId: 3, mgId: null, date: '2026-11-22', version: null, templateType: null, layout: null, openTime: null, closeTime: null, loop: [], footer: { notices: [], news: [] } },
      etag: null,
    });
  });

  it('goes back to pairing when the token was revoked', async () => {
    const revoked = serverAnswering(() => json({ code: 10500, message: '로그인이 필요합니다.', data: null }, {}, 401));
    expect(await askSchedule(revoked.api, '2026-11-22', null)).toEqual({ kind: 'unpaired' });
  });

  it('keeps the held plan when the server cannot be reached or is in trouble', async () => {
    const down = serverAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await askSchedule(down.api, '2026-11-22', null)).toEqual({ kind: 'unreachable' });
    const failing = serverAnswering(() => json({ code: -1, message: '오류', data: null }, {}, 500));
    expect(await askSchedule(failing.api, '2026-11-22', null)).toEqual({ kind: 'unreachable' });
    const proxy = serverAnswering(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    expect(await askSchedule(proxy.api, '2026-11-22', null)).toEqual({ kind: 'unreachable' });
  });
});
