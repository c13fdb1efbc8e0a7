import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/queryClient';
import { Role } from '../../lib/roles';
import { startSession } from '../../lib/session/sessionStore';
import type { SessionUser } from '../../lib/session/user';
import { answer } from '../../test/doubles';
import { renderRoutes } from '../../test/screens';
import HomePage from './HomePage';

configure({ asyncUtilTimeout: 5_000 });

const operations = {
  awaitingApproval: 4,
  live: 1234,
  endingSoon: 2,
  screens: { normal: 1500, fault: 1, off: 20, total: 1521 },
  faults: [{ mediaId: 77, mediaNm: '101동 로비', poiNm: '래미안', mediaStatus: 4, lastHeartbeatAt: '2026-03-01 09:00:00' }],
  playsToday: 98765,
  occupancy: [
    { date: '2026-03-02', sold: 10, capacity: 40 },
    { date: '2026-03-15', sold: 5.5, capacity: 40 },
  ],
  salesThisMonth: 12345000,
  recentCampaigns: [{ cmpgId: 9, cmpgTitle: '봄맞이 세일', displayStatus: 50, approvedAt: '2026-03-01 10:00:00' }],
};

const saler = {
  awaitingApproval: 1,
  live: 3,
  endingSoon: 0,
  byStatus: [
    { displayStatus: 21, count: 1 },
    { displayStatus: 50, count: 3 },
    { displayStatus: 99, count: 0 },
  ],
  sales: { month: '2026-03', total: 2500000 },
  fees: { month: '2026-02', fee: 125000 },
  points: { corp: 1000000, user: 50000 },
};

function stubServer(dashboard: Record<string, unknown>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url.startsWith('/api/dashboard/')) return answer({ code: 0, message: '', data: dashboard });
      if (url === '/api/system/notice/jsonDashList.do') {
        return answer({ code: 0, message: '', data: { list: [{ ntIdx: 5, ntTitle: '서버 점검', createdAt: '2026-03-02 10:00:00' }] } });
      }
      if (url === '/api/system/menu/jsonUserMenu.do') {
        return answer({ code: 0, message: '', data: [{ mnId: 1, mnName: '캠페인', mnDir: 'campaign', children: [{ mnId: 2, mnName: '캠페인 등록', link: '/campaign/write/write' }] }] });
      }
      if (url.endsWith('/jsonCodeKey.do')) {
        return answer({ code: 0, message: '', data: { list: [{ cdCode: '21', cdName: '승인요청' }, { cdCode: '50', cdName: '방송중' }, { cdCode: '4', cdName: '장애' }] } });
      }
      return answer({ code: 0, message: '', data: null });
    }),
  );
  return asked;
}

function renderHome(roleCd: number, programCodeList: string[]) {
  startSession({ uIdx: 1, uId: 'u', uName: '김하나', roleCd, roleCdNm: '역할', initPwdYn: 'N', programCodeList } as unknown as SessionUser);
  renderRoutes([{ path: '/', element: <HomePage /> }], '/');
}

const link = (name: RegExp) => screen.getByRole('link', { name });

describe('HomePage dashboards', { timeout: 30_000 }, () => {
  beforeEach(() => queryClient.clear());

  it('shows a manager the network: campaign cards opening their filtered lists, screens, faults, occupancy, sales, recent campaigns, and the notices', async () => {
    const asked = stubServer(operations);
    renderHome(Role.manager, ['dashboard.main:view', 'campaign.request:list', 'campaign.run:list', 'media.media:view', 'media.media:list', 'media.operation:list', 'report.slot:list', 'campaign.run:view']);

    expect((await screen.findByRole('link', { name: /승인 대기/ })).getAttribute('href')).toBe('/campaign/request/list');
    expect(link(/방송중/).getAttribute('href')).toBe('/campaign/run/list?cmpgStatus=50');
    expect(link(/방송중/).textContent).toContain('1,234');
    expect(link(/종료 임박/).getAttribute('href')).toBe('/campaign/run/list?cmpgStatus=110');
    expect(screen.getByText('오늘 재생').closest('.stat-card')!.textContent).toContain('98,765');
    expect(screen.getByText('이번 달 매출').closest('.stat-card')!.textContent).toContain('12,345,000');

    expect(await screen.findByRole('img', { name: '매체 상태: 정상 1,500대, 장애 1대, 꺼짐 20대' })).toBeTruthy();
    expect(link(/101동 로비 · 래미안/).getAttribute('href')).toBe('/media/media/view?mediaId=77');
    expect(await screen.findByRole('img', { name: '앞으로 14일의 판매 슬롯과 전체 슬롯' })).toBeTruthy();
    expect(link(/슬롯 운영 현황/).getAttribute('href')).toBe('/report/slot/list?fromDate=2026-03-02&toDate=2026-03-15');
    expect(link(/봄맞이 세일/).getAttribute('href')).toBe('/campaign/run/view?cmpgId=9');

    expect(await screen.findByText('서버 점검')).toBeTruthy();
    // A dashboard takes the place of the menu cards.
    expect(screen.queryByRole('link', { name: '캠페인 등록' })).toBeNull();
    expect(asked).toContain('/api/dashboard/manager/jsonMain.do');
  });

  it('shows a media agent their screens and last month\'s settlement, linking only where they may go', async () => {
    const asked = stubServer({ ...operations, salesThisMonth: undefined, recentCampaigns: undefined, settlement: { month: '2026-02', revenue: 3000000, fee: 450000, closed: true } });
    renderHome(Role.mediaAgent, ['dashboard.main:view', 'media.media:view', 'settlement.media:list']);

    const settlement = await screen.findByRole('link', { name: /지난달 정산 \(2026-02\)/ });
    expect(settlement.getAttribute('href')).toBe('/settlement/media/list?month=2026-02');
    expect(settlement.textContent).toContain('450,000');
    expect(settlement.textContent).toContain('매출 3,000,000원');
    expect(within(settlement).getByText('마감')).toBeTruthy();
    // Campaign lists and the slot report are not theirs: the figures show without links.
    expect(screen.getByText('승인 대기').closest('a')).toBeNull();
    expect(screen.queryByRole('link', { name: /슬롯 운영 현황/ })).toBeNull();
    expect(screen.queryByText('이번 달 매출')).toBeNull();
    expect(link(/101동 로비/).getAttribute('href')).toBe('/media/media/view?mediaId=77');
    expect(asked).toContain('/api/dashboard/media/jsonMain.do');
  });

  it('shows a sales agent their campaigns by status, sales, fees and points, each opening its list', async () => {
    const asked = stubServer(saler);
    renderHome(Role.adSalesAgent, ['dashboard.main:view', 'campaign.request:list', 'campaign.run:list', 'settlement.sales:list', 'point.sales:list', 'point.salesuser:list']);

    expect((await screen.findByRole('link', { name: /지난달 수수료/ })).getAttribute('href')).toBe('/settlement/sales/list?month=2026-02');
    expect(link(/지난달 수수료/).textContent).toContain('125,000');
    expect(screen.getByText('이번 달 매출').closest('.stat-card')!.textContent).toContain('2,500,000');
    expect(link(/회사 포인트/).getAttribute('href')).toBe('/point/sales/list');
    expect(link(/회사 포인트/).textContent).toContain('1,000,000');
    expect(link(/내 포인트/).getAttribute('href')).toBe('/point/salesuser/list');
    expect(link(/승인요청 1건/).getAttribute('href')).toBe('/campaign/request/list?cmpgStatus=21');
    expect(link(/방송중 3건/).getAttribute('href')).toBe('/campaign/run/list?cmpgStatus=50');
    expect(await screen.findByRole('img', { name: '상태별 캠페인: 승인요청 1건, 방송중 3건' })).toBeTruthy();
    expect(screen.queryByText('매체 상태')).toBeNull();
    expect(asked).toContain('/api/dashboard/saler/jsonMain.do');
  });

  it('keeps the menu cards and asks for no dashboard for a role without one', async () => {
    const asked = stubServer({});
    renderHome(10006, ['dashboard.main:view']);
    expect(await screen.findByRole('link', { name: '캠페인 등록' })).toBeTruthy();
    expect(await screen.findByText('서버 점검')).toBeTruthy();
    expect(asked.some((url) => url.startsWith('/api/dashboard/'))).toBe(false);
  });
});
