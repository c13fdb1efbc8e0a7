import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { answer, captureAlerts } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import type { DailyLoop } from '../loop';
import ScheduleViewPage from './ScheduleViewPage';

configure({ asyncUtilTimeout: 5_000 });

const day: DailyLoop = {
  mgId: 11,
  mgNm: '101동 그룹',
  date: '2026-03-02',
  version: 3,
  loopSec: 45,
  templateType: 2,
  generatedAt: '2026-03-01 23:00:00',
  loop: [
    { seq: 1, slotType: 1, cmpgId: 7, matId: 70, seconds: 15, loops: 'all', matName: '봄 세일', cmpgTitle: '봄맞이 행사' },
    { seq: 2, slotType: 2, cmpgId: null, matId: 90, seconds: 15, loops: 'all', matName: '자체 홍보' },
    { seq: 3, slotType: 4, cmpgId: null, matId: null, seconds: 15, loops: 'all' },
  ],
};

/** What the day's facts say beside a label. */
const fact = (label: string) => screen.getByText(label).closest('.ant-descriptions-item-label')?.nextElementSibling?.textContent;

type Call = { url: string; body: Record<string, unknown> };

function stubServer(shown: DailyLoop = day) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      calls.push({ url, body });
      const ok = (data: unknown) => answer({ code: 0, message: '', data });
      if (url.endsWith('/jsonCodeKey.do')) return ok({ list: [] });
      if (url === '/api/schedule/schedule/jsonDaily.do') return ok(shown);
      if (url === '/api/media/mediagroup/jsonDetail.do') return ok({ mgId: 11, mgNm: '101동 그룹' });
      if (url === '/api/content/material/jsonApprovedList.do') {
        return ok({ list: [{ matId: 95, matName: '새 자체 홍보', slotType: 2, templateType: 2, matPlaytime: 15, matStatus: 1 }], totalCount: 1 });
      }
      if (url === '/api/schedule/schedule/jsonModify.do') {
        return ok({ ...day, version: 4, loop: day.loop.map((item) => (item.seq === body.seq ? { ...item, matId: 95, matName: '새 자체 홍보', overridden: true } : item)) });
      }
      if (url === '/api/schedule/schedule/jsonInit.do') return ok({ ...day, version: 5 });
      return answer({ code: 10404, message: '없음', data: null }, 404);
    }),
  );
  return (url: string) => calls.filter((call) => call.url === url).map((call) => call.body);
}

function renderPage(programs: string[]) {
  startSession({ uId: 'admin', initPwdYn: 'N', programCodeList: programs } as unknown as SessionUser);
  renderRoutes([{ path: '/schedule/schedule/view', element: <ScheduleViewPage /> }], '/schedule/schedule/view?mgId=11&date=2026-03-02');
}

// A whole screen of antd parts renders slowly on a busy machine.
describe('ScheduleViewPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    queryClient.clear();
    captureAlerts();
  });

  it('shows the day of the group in the address with its version and loop length', async () => {
    const sent = stubServer();
    renderPage(['schedule.schedule:view']);
    expect(await screen.findByText('101동 그룹 · 2026-03-02')).toBeTruthy();
    expect(sent('/api/schedule/schedule/jsonDaily.do')).toEqual([{ mgId: 11, date: '2026-03-02' }]);
    expect(fact('버전')).toBe('3');
    expect(fact('루프 길이')).toBe('45초');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    // Reading only: neither replacing nor regenerating.
    expect(screen.queryByRole('button', { name: /소재 교체$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /재생성/ })).toBeNull();
  });

  it('shows a hash version by its first characters, the whole on hover', async () => {
    const hash = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    stubServer({ ...day, version: hash });
    renderPage(['schedule.schedule:view']);
    await screen.findByText('101동 그룹 · 2026-03-02');
    expect(fact('버전')).toBe('9f86d081');
    expect(screen.getByTitle(hash).textContent).toBe('9f86d081');
  });

  it('replaces a house slot with a house material of the group template and shows the day as answered', async () => {
    const sent = stubServer();
    renderPage(['schedule.schedule:view', 'schedule.schedule:update', 'campaign.material:list', 'content.material:list', 'media.mediagroup:list']);
    await userEvent.click(await screen.findByRole('button', { name: '2번 소재 교체' }));
    const dialog = await screen.findByRole('dialog', { name: '콘텐츠 소재 검색' });
    await userEvent.click(await within(dialog).findByText('새 자체 홍보'));
    await waitFor(() => expect(sent('/api/schedule/schedule/jsonModify.do')).toEqual([{ mgId: 11, date: '2026-03-02', seq: 2, matId: 95 }]));
    expect(sent('/api/content/material/jsonApprovedList.do')[0]).toMatchObject({ templateType: 2, slotType: 2 });
    const card = await screen.findByRole('article', { name: '2번 새 자체 홍보' });
    expect(within(card).getByText('수동 변경')).toBeTruthy();
    expect(fact('버전')).toBe('4');
  });

  it('regenerates the day after asking', async () => {
    const sent = stubServer();
    renderPage(['schedule.schedule:view', 'schedule.schedule:update', 'campaign.material:list', 'content.material:list', 'media.mediagroup:list']);
    await userEvent.click(await screen.findByRole('button', { name: /재생성/ }));
    await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /재생성/ }));
    await waitFor(() => expect(sent('/api/schedule/schedule/jsonInit.do')).toEqual([{ mgId: 11, date: '2026-03-02' }]));
    await waitFor(() => expect(fact('버전')).toBe('5'));
  });
});
