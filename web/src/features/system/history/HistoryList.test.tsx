import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshScreens, listOf, renderRoutes, serveApi, signIn } from '../../../test/screens';
import HistoryListPage from './HistoryListPage';

const ROWS = [
  { hIdx: 3, target: 'media.media', targetId: '41', action: 'register', uId: 'player', createdAt: '2026-03-02 10:00:00' },
  { hIdx: 2, target: 'point.advertiser', targetId: '7', action: 'save', uId: 'admin', createdAt: '2026-03-02 09:00:00' },
  { hIdx: 1, target: 'campaign', targetId: '12', action: 'start', uId: 'system', createdAt: '2026-03-01 00:00:00' },
];

describe('the change history', () => {
  beforeEach(freshScreens);

  it('reads in Korean: programs by name, actions and actors that are no users in words', async () => {
    signIn(['system.history:list', 'system.history:view', 'system.program:list']);
    serveApi((url) => {
      if (url === '/api/system/history/jsonList.do') return listOf(ROWS);
      if (url === '/api/system/program/jsonList.do') return listOf([{ prgCode: 'media.media', prgName: '매체 관리', prgKinds: [] }, { prgCode: 'point.advertiser', prgName: '광고주 포인트', prgKinds: [] }]);
      return null;
    });
    renderRoutes([{ path: '/system/history/list', element: <HistoryListPage /> }], '/system/history/list');
    const screenRow = (await screen.findByText('41')).closest('tr')!;
    expect(await within(screenRow).findByText('매체 관리')).toBeTruthy();
    expect(within(screenRow).getByText('기기 등록')).toBeTruthy();
    expect(within(screenRow).getByText('플레이어(기기)')).toBeTruthy();
    const pointRow = screen.getByText('7').closest('tr')!;
    expect(within(pointRow).getByText('적립')).toBeTruthy();
    const campaignRow = screen.getByText('12').closest('tr')!;
    expect(within(campaignRow).getByText('캠페인')).toBeTruthy();
    expect(within(campaignRow).getByText('방송 시작')).toBeTruthy();
    expect(within(campaignRow).getByText('시스템(자동)')).toBeTruthy();
    const table = document.querySelector('.ant-table-tbody')!;
    for (const raw of ['media.media', 'register', 'player']) expect(table.textContent).not.toContain(raw);
  });
});
