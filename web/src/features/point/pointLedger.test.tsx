import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/queryClient';
import { startSession } from '../../lib/session/sessionStore';
import type { SessionUser } from '../../lib/session/user';
import { answer } from '../../test/doubles';
import { renderRoutes } from '../../test/screens';
import { AdvertiserPointScreen, SalesUserPointScreen } from './PointListPage';

// Screens of many antd parts render slowly on a busy machine: waits allow more than the default second.
configure({ asyncUtilTimeout: 5_000 });

function stubServer() {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      calls.push({ url, body });
      if (url.endsWith('/jsonList.do')) {
        const list = url.includes('salesuser')
          ? [{ uIdx: 31, uId: 'sales01', uName: '김영업', cId: 4, cName: '타운세일즈', balance: 7000, updatedAt: '2026-03-01 10:00:00' }]
          : [{ cId: 7, cName: '봄꽃상회', balance: 50000, updatedAt: '2026-03-01 10:00:00' }];
        return answer({ code: 0, message: '', data: { list, totalCount: 1, page: 1, pageSize: 10 } });
      }
      if (url.endsWith('/jsonHistory.do')) {
        const list = [{ ptIdx: 9, ptType: 'use', amount: 150000, balance: 50000, refType: 'campaign', refId: 12, memo: '승인', uId: 'admin', createdAt: '2026-03-01 10:00:00' }];
        return answer({ code: 0, message: '', data: { list, totalCount: 1, page: 1, pageSize: 10 } });
      }
      if (url.endsWith('/jsonDistribute.do')) return answer({ code: 0, message: '', data: { balance: 80000 } });
      return answer({ code: 0, message: '', data: null });
    }),
  );
  return (suffix: string) => calls.filter((call) => call.url.endsWith(suffix)).map((call) => call.body);
}

function renderScreen(element: React.ReactElement, path: string, programCodeList: string[]) {
  startSession({ uId: 'admin', initPwdYn: 'N', programCodeList } as unknown as SessionUser);
  renderRoutes([{ path, element }], path);
}

describe('point ledgers', () => {
  beforeEach(() => queryClient.clear());

  it('open from a balance; a manager distributes an amount with a memo and sees the new balance', { timeout: 30_000 }, async () => {
    const sent = stubServer();
    renderScreen(<AdvertiserPointScreen />, '/point/advertiser/list', ['point.advertiser:list', 'point.advertiser:update']);
    await userEvent.click(await screen.findByText('봄꽃상회'));
    const drawer = (await screen.findByText('봄꽃상회 포인트 내역')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('사용')).toBeTruthy();
    expect(sent('/api/point/advertiser/jsonHistory.do')).toEqual([{ cId: 7, page: 1, pageSize: 10 }]);
    expect(within(drawer).getByText('50,000P', { selector: '.point-balance' })).toBeTruthy();

    await userEvent.click(within(drawer).getByRole('button', { name: '배분' }));
    // Dialogs inside the drawer share the test id antd labels them with: found by their title instead.
    const dialog = (await screen.findByText('배분', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    await userEvent.type(within(dialog).getByLabelText('포인트'), '30000');
    await userEvent.type(within(dialog).getByLabelText('메모'), '3월 프로모션');
    await userEvent.click(within(dialog).getByRole('button', { name: /확\s*인/ }));
    await waitFor(() => expect(sent('/api/point/advertiser/jsonDistribute.do')).toEqual([{ cId: 7, amount: 30000, memo: '3월 프로모션' }]));
    expect(await within(drawer).findByText('80,000P', { selector: '.point-balance' })).toBeTruthy();
  });

  it('name sales users by uIdx and offer no distribution without the update permission', { timeout: 30_000 }, async () => {
    const sent = stubServer();
    renderScreen(<SalesUserPointScreen />, '/point/salesuser/list', ['point.salesuser:list']);
    await userEvent.click(await screen.findByText('김영업'));
    const drawer = (await screen.findByText('김영업 (sales01, 타운세일즈) 포인트 내역')).closest('.ant-drawer') as HTMLElement;
    await within(drawer).findByText('사용');
    expect(sent('/api/point/salesuser/jsonHistory.do')).toEqual([{ uIdx: 31, page: 1, pageSize: 10 }]);
    expect(within(drawer).queryByRole('button', { name: '배분' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: '회수' })).toBeNull();
  });
});
