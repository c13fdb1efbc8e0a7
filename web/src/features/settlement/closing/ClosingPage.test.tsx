import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { answer, captureAlerts } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import ClosingPage from './ClosingPage';

configure({ asyncUtilTimeout: 5_000 });

const MONTHS = [
  { month: '2027-02', status: 0, campaigns: 3, revenue: 1_800_000, closedAt: null, closedBy: null },
  { month: '2027-01', status: 1, campaigns: 2, revenue: 1_200_000, closedAt: '2027-02-01 09:00:00', closedBy: '관리자' },
];

const MANAGER = ['settlement.closing:list', 'settlement.closing:update', 'settlement.media:list', 'settlement.sales:list'];

type Reply = (body: Record<string, unknown>) => Response;

function renderClosing(codes: string[], replies: Record<string, Reply> = {}) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  const ok = (data: unknown) => answer({ code: 0, message: '', data });
  const defaults: Record<string, Reply> = {
    '/api/settlement/closing/jsonList.do': () => ok({ list: MONTHS, totalCount: 2, page: 1, pageSize: 10 }),
    '/api/settlement/closing/jsonClose.do': (body) => ok({ month: body.month, campaigns: 3, revenue: 900000, jobId: 9 }),
    '/api/settlement/closing/jsonProgress.do': (body) => ok({ month: body.month, status: 1, progress: 100, error: null }),
    '/api/settlement/closing/jsonReopen.do': (body) => ok({ month: body.month }),
    '/api/settlement/closing/jsonHistory.do': () =>
      ok({ list: [{ action: 'close', reason: null, uName: '관리자', createdAt: '2027-02-01 09:00:00', campaigns: 2, revenue: 1_200_000 }] }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      calls.push({ url, body });
      const reply = replies[url] ?? defaults[url];
      return reply ? reply(body) : ok(null);
    }),
  );
  startSession({ uId: 'tester', initPwdYn: 'N', programCodeList: codes } as unknown as SessionUser);
  renderRoutes([{ path: '/settlement/closing/list', element: <ClosingPage /> }], '/settlement/closing/list');
  return (url: string) => calls.filter((call) => call.url === url).map((call) => call.body);
}

const rowOf = async (month: string) => (await screen.findByText(month)).closest('tr') as HTMLElement;

describe('the closing of months', () => {
  beforeEach(() => {
    queryClient.clear();
    captureAlerts();
  });

  it('shows each month with its status, figures and the lists of that month it may read', async () => {
    renderClosing(MANAGER);
    const january = await rowOf('2027-01');
    expect(within(january).getByText('마감')).toBeTruthy();
    expect(within(january).getByText('1,200,000원')).toBeTruthy();
    expect(within(january).getByRole('link', { name: '매체' }).getAttribute('href')).toBe('/settlement/media/list?month=2027-01');
    expect(within(january).getByRole('link', { name: '영업' }).getAttribute('href')).toBe('/settlement/sales/list?month=2027-01');
    expect(within(january).getByRole('link', { name: '캠페인' }).getAttribute('href')).toBe('/settlement/jungsan/list?month=2027-01');
    expect(within(await rowOf('2027-02')).getByText('미마감')).toBeTruthy();
  });

  it('lets a reader see months and history but neither close nor reopen', async () => {
    renderClosing(['settlement.closing:list']);
    const february = await rowOf('2027-02');
    expect(within(february).queryByRole('button', { name: '마감' })).toBeNull();
    expect(within(await rowOf('2027-01')).queryByRole('button', { name: '재오픈' })).toBeNull();
    expect(screen.queryByRole('button', { name: '월 마감 실행' })).toBeNull();
    expect(within(february).queryByRole('link', { name: '매체' })).toBeNull();
    await userEvent.click(within(february).getByRole('button', { name: '이력' }));
    expect(await screen.findByText('2027-02 마감 이력')).toBeTruthy();
  });

  it('closes an open month and follows its job until it is closed', async () => {
    const sent = renderClosing(MANAGER);
    await userEvent.click(within(await rowOf('2027-02')).getByRole('button', { name: '마감' }));
    const confirm = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-popconfirm:not(.ant-popover-hidden)');
      if (!found) throw new Error('not asked');
      return found;
    });
    expect(within(confirm).getByText('2027-02을(를) 마감하시겠습니까?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: /마\s*감/ }));
    expect(await screen.findByText('마감 완료')).toBeTruthy();
    expect(sent('/api/settlement/closing/jsonClose.do')).toEqual([{ month: '2027-02' }]);
    expect(sent('/api/settlement/closing/jsonProgress.do').at(-1)).toEqual({ month: '2027-02' });
  });

  it('follows a closing already under way instead of offering to close the month again', async () => {
    const sent = renderClosing(MANAGER, {
      '/api/settlement/closing/jsonList.do': () =>
        answer({ code: 0, message: '', data: { list: [{ ...MONTHS[0], closing: true }, MONTHS[1]], totalCount: 2, page: 1, pageSize: 10 } }),
      '/api/settlement/closing/jsonProgress.do': (body) => answer({ code: 0, message: '', data: { month: body.month, status: 0, closing: true, progress: 40, error: null } }),
    });
    const february = await rowOf('2027-02');
    expect(within(february).getByText('마감 중')).toBeTruthy();
    expect(within(february).queryByRole('button', { name: '마감' })).toBeNull();
    expect(await screen.findByText('2027-02 마감')).toBeTruthy();
    await waitFor(() => expect(sent('/api/settlement/closing/jsonProgress.do')[0]).toEqual({ month: '2027-02' }));
    expect(screen.queryByText('마감 완료')).toBeNull();
  });

  it('reopens a closed month only with a reason', async () => {
    const sent = renderClosing(MANAGER);
    await userEvent.click(within(await rowOf('2027-01')).getByRole('button', { name: '재오픈' }));
    const dialog = await screen.findByRole('dialog', { name: '2027-01 재오픈' });
    await userEvent.click(within(dialog).getByRole('button', { name: /확\s*인/ }));
    expect(await within(dialog).findByText('재오픈 사유을(를) 입력해 주세요.')).toBeTruthy();
    expect(sent('/api/settlement/closing/jsonReopen.do')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('재오픈 사유'), '광고주 환불 반영');
    await userEvent.click(within(dialog).getByRole('button', { name: /확\s*인/ }));
    await waitFor(() => expect(sent('/api/settlement/closing/jsonReopen.do')).toEqual([{ month: '2027-01', reason: '광고주 환불 반영' }]));
  });
});
