import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { answer } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import MediaSettlementPage from '../media/MediaSettlementPage';
import SalesSettlementPage from '../sales/SalesSettlementPage';

const ROWS = [
  { month: '2027-01', cId: 5, cName: '가람미디어', poiId: 1, poiNm: '래미안', screens: 3, revenue: 900_000, rate: 40, fee: 360_000 },
  { month: '2027-01', cId: 6, cName: '나래미디어', poiId: 2, poiNm: '자이', screens: 1, revenue: 300_000, rate: 45, fee: 135_000 },
];

function renderList(search: string, { closed = false, codes = ['settlement.media:list', 'settlement.media:download', 'account.corp:list', 'media.poi:list'], roleCd = 10001 } = {}) {
  const asked: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== '/api/settlement/media/jsonList.do') return answer({ code: 0, message: '', data: null });
      asked.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return answer({ code: 0, message: '', data: { list: ROWS, totalCount: 2, page: 1, pageSize: 10, sum: { revenue: 1_200_000, fee: 495_000 }, closed } });
    }),
  );
  startSession({ uId: 'tester', roleCd, initPwdYn: 'N', programCodeList: codes } as unknown as SessionUser);
  renderRoutes([{ path: '/settlement/media/list', element: <MediaSettlementPage /> }], `/settlement/media/list${search}`);
  return asked;
}

const sumOf = (field: string) => document.querySelector(`.settlement-sum [data-sum-field="${field}"]`)?.textContent;

describe('a settlement list', () => {
  beforeEach(() => {
    queryClient.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 1, 10, 9, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('starts from the last finished month, shows amounts in won and rates with two decimals, and sums the month', async () => {
    const asked = renderList('');
    expect(await screen.findByText('래미안')).toBeTruthy();
    expect(asked).toEqual([{ month: '2027-01', page: 1, pageSize: 10 }]);
    expect(screen.getByText('900,000원')).toBeTruthy();
    expect(screen.getByText('40.00 %')).toBeTruthy();
    expect(screen.getByText('45.00 %')).toBeTruthy();
    expect(sumOf('revenue')).toBe('1,200,000원');
    expect(sumOf('fee')).toBe('495,000원');
    expect(screen.getByText('합계')).toBeTruthy();
  });

  it('says whether the month is computed live or closed', async () => {
    renderList('?month=2027-01');
    expect(await screen.findByText('실시간 계산')).toBeTruthy();
    expect(screen.queryByText('마감', { selector: '.closed-tag' })).toBeNull();
  });

  it('shows the stored figures of a closed month as closed', async () => {
    renderList('?month=2027-01', { closed: true });
    expect(await screen.findByText('마감', { selector: '.closed-tag' })).toBeTruthy();
    expect(screen.queryByText('실시간 계산')).toBeNull();
  });

  it('links the Excel file of the month and conditions searched, for who may download it', async () => {
    renderList('?month=2026-12&cId=5');
    await screen.findByText('래미안');
    expect(screen.getByRole('link', { name: /엑셀 다운로드/ }).getAttribute('href')).toBe('/api/settlement/excel/download.do?list=media&month=2026-12&cId=5');
  });

  it('searches by owner corp for managers only: a media agent reads its own corp\'s sites', async () => {
    const asked = renderList('?month=2027-01&cId=5', { roleCd: 10004, codes: ['settlement.media:list', 'media.poi:list'] });
    await screen.findByText('래미안');
    expect(asked).toEqual([{ month: '2027-01', page: 1, pageSize: 10 }]);
    expect(screen.queryByLabelText('매체사')).toBeNull();
    expect(screen.getByLabelText('사이트')).toBeTruthy();
  });

  it('offers no Excel file without the download permission', async () => {
    renderList('?month=2027-01', { codes: ['settlement.media:list'] });
    await screen.findByText('래미안');
    await waitFor(() => expect(screen.queryByRole('link', { name: /엑셀 다운로드/ })).toBeNull());
  });
});

describe('the sales settlement list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sums the revenue once and tells the fee total apart by corps and salespeople', async () => {
    const rows = [
      { month: '2027-01', cId: 7, cName: '다온애드', uIdx: null, uName: null, revenue: 1_000_000, rate: 15, fee: 150_000 },
      { month: '2027-01', cId: 7, cName: '다온애드', uIdx: 9, uName: '김영업', revenue: 1_000_000, rate: 5, fee: 50_000 },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer({ code: 0, message: '', data: { list: rows, totalCount: 2, page: 1, pageSize: 10, sum: { revenue: 1_000_000, corpFee: 150_000, userFee: 50_000, fee: 200_000 }, closed: false } }),
      ),
    );
    startSession({ uId: 'tester', roleCd: 10001, initPwdYn: 'N', programCodeList: ['settlement.sales:list'] } as unknown as SessionUser);
    renderRoutes([{ path: '/settlement/sales/list', element: <SalesSettlementPage /> }], '/settlement/sales/list?month=2027-01');
    expect(await screen.findByText('김영업')).toBeTruthy();
    expect(sumOf('revenue')).toBe('1,000,000원');
    expect(sumOf('fee')).toBe('200,000원');
    expect(document.querySelector('[data-sum-part="corpFee"]')?.textContent).toBe('영업사 수수료 150,000원');
    expect(document.querySelector('[data-sum-part="userFee"]')?.textContent).toBe('영업사원 수수료 50,000원');
  });
});
