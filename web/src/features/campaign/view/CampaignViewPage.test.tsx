import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { answer } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import { campaignRowActions } from './campaignActions';
import { RequestViewScreen, RunViewScreen } from './CampaignViewPage';

// Screens of many antd parts render slowly on a busy machine: waits allow more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const detail = {
  cmpgId: 12,
  cmpgTitle: '봄맞이 세일',
  cmpgStatus: 21,
  displayStatus: 21,
  advertiserCName: '봄꽃상회',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  slotCnt: 1,
  schdRate: 100,
  targets: [{ mgId: 11, mgNm: '101동 그룹', poiNm: '래미안', mediaCnt: 3, templateType: 2 }],
  materials: [{ matId: 40, matName: '봄 영상', templateType: 2, matPlaytime: 15, matType: 'video' }],
  days: 31,
  mediaCnt: 3,
  unitPrice: 300000,
  base: 930000,
  slotDiscount: 0,
  periodDiscount: 0,
  net: 930000,
  adjusted: 930000,
  supply: 930000,
  vat: 93000,
  total: 1023000,
  audience: 2400,
  history: [{ from: 3, to: 21, action: 'request', reason: null, uId: 'sales01', createdAt: '2026-02-20 10:00:00' }],
  changes: [],
};

type Reply = (body: Record<string, unknown>) => Response;

function stubServer(actions: string[], replies: Record<string, Reply> = {}) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      calls.push({ url, body });
      if (replies[url]) return replies[url](body);
      if (url.endsWith('/jsonCodeKey.do')) return answer({ code: 0, message: '', data: { list: [{ cdCode: '21', cdName: '승인요청' }] } });
      if (url.endsWith('/jsonDetail.do')) return answer({ code: 0, message: '', data: { ...detail, actions } });
      return answer({ code: 0, message: '', data: null });
    }),
  );
  return (url: string) => calls.filter((call) => call.url === url).map((call) => call.body);
}

function renderView(screenElement: React.ReactElement, entry: string) {
  startSession({ uId: 'admin', initPwdYn: 'N', programCodeList: ['campaign.request:view', 'campaign.run:view'] } as unknown as SessionUser);
  const router = renderRoutes([
      { path: '/campaign/request/view', element: screenElement },
      { path: '/campaign/run/view', element: screenElement },
      { path: '/campaign/request/list', element: <p>승인요청 목록</p> },
    ], entry);
  return router;
}

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent?.replace(/\s/g, ''));

describe('campaign actions', () => {
  it('are the ones the detail allows, whatever else the status machine knows', () => {
    const actions = campaignRowActions('request');
    const shown = (allowed: string[]) => actions.filter((action) => action.shownWhen?.({ actions: allowed })).map((action) => action.key);
    expect(shown(['approve', 'reject', 'delete'])).toEqual(['approve', 'reject', 'delete']);
    expect(shown(['stop', 'change', 'unknown'])).toEqual(['stop']);
    expect(shown([])).toEqual([]);
    expect(actions.filter((action) => action.shownWhen?.({})).length).toBe(0);
  });
});

describe('the campaign view', () => {
  beforeEach(() => {
    queryClient.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows the price, targets, materials and history, with only the allowed buttons', { timeout: 30_000 }, async () => {
    stubServer(['approve', 'reject']);
    renderView(<RequestViewScreen />, '/campaign/request/view?cmpgId=12');
    expect(await screen.findByRole('heading', { name: '봄맞이 세일' })).toBeTruthy();
    expect(screen.getByText('1,023,000원')).toBeTruthy();
    expect(screen.getByText('101동 그룹')).toBeTruthy();
    expect(screen.getByLabelText('봄 영상 영상').getAttribute('src')).toBe('/api/material/manage/videoDownload.do?matId=40&type=sd');
    expect(screen.getByText('sales01', { exact: false })).toBeTruthy();
    const names = buttonNames();
    expect(names).toContain('승인');
    expect(names).toContain('반려');
    for (const absent of ['중지', '재개', '승인취소', '삭제', '변경요청', '수정']) expect(names).not.toContain(absent);
  });

  it('rejects with a reason, then returns to the request list', { timeout: 30_000 }, async () => {
    const sent = stubServer(['approve', 'reject']);
    const router = renderView(<RequestViewScreen />, '/campaign/request/view?cmpgId=12');
    await userEvent.click(await screen.findByRole('button', { name: /반\s*려/ }));
    const dialog = (await screen.findByText('반려', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(dialog).getByRole('button', { name: /확\s*인/ }));
    expect(await within(dialog).findByText('사유을(를) 입력해 주세요.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('사유'), '소재와 기간을 확인해 주세요.');
    await userEvent.click(within(dialog).getByRole('button', { name: /확\s*인/ }));
    await waitFor(() => expect(sent('/api/campaign/request/jsonReject.do')).toEqual([{ cmpgId: 12, reason: '소재와 기간을 확인해 주세요.' }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/request/list'));
  });

  it('shows the sold-out days of a refused approval in red, named by group', { timeout: 30_000 }, async () => {
    const conflicts = [{ mgId: 11, date: '2026-03-02', capacity: 10, used: 10 }];
    stubServer(['approve', 'reject'], {
      '/api/campaign/request/jsonApproval.do': () => answer({ code: 10409, message: '구좌가 부족합니다.', data: { conflicts } }, 409),
    });
    const router = renderView(<RequestViewScreen />, '/campaign/request/view?cmpgId=12');
    await userEvent.click(await screen.findByRole('button', { name: /승\s*인/ }));
    const confirm = (await screen.findByText(/캠페인을 승인하시겠습니까/)).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /확\s*인/ }));
    const table = (await screen.findByText('101동 그룹', { selector: '.conflicts-table span' })).closest('.conflicts-table') as HTMLElement;
    expect(within(table).getByText('2026-03-02')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/campaign/request/view');
  });

  it('tells the points missing when a prepaid approval falls short', { timeout: 30_000 }, async () => {
    stubServer(['approve'], {
      '/api/campaign/request/jsonApproval.do': () => answer({ code: 10409, message: '포인트가 부족합니다.', data: { balance: 100000, required: 1023000 } }, 409),
    });
    renderView(<RequestViewScreen />, '/campaign/request/view?cmpgId=12');
    await userEvent.click(await screen.findByRole('button', { name: /승\s*인/ }));
    const confirm = (await screen.findByText(/캠페인을 승인하시겠습니까/)).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /확\s*인/ }));
    expect(await screen.findByText('포인트 잔액 100,000원, 필요한 금액 1,023,000원 (부족 923,000원)')).toBeTruthy();
  });

  it('follows an approved campaign to the running view', { timeout: 30_000 }, async () => {
    const sent = stubServer(['approve', 'reject']);
    const router = renderView(<RequestViewScreen />, '/campaign/request/view?cmpgId=12');
    await userEvent.click(await screen.findByRole('button', { name: /승\s*인/ }));
    const confirm = (await screen.findByText(/캠페인을 승인하시겠습니까/)).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /확\s*인/ }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/campaign/run/view?cmpgId=12'));
    expect(sent('/api/campaign/request/jsonApproval.do')).toEqual([{ cmpgId: 12 }]);
  });

  it('offers a running campaign stop and a change request, not approval', { timeout: 30_000 }, async () => {
    stubServer(['stop', 'change']);
    renderView(<RunViewScreen />, '/campaign/run/view?cmpgId=12');
    await screen.findByRole('heading', { name: '봄맞이 세일' });
    const names = buttonNames();
    expect(names).toContain('중지');
    expect(names).toContain('변경요청');
    expect(names).not.toContain('승인');
  });
});
