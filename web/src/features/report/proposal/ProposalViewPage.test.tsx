import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { answer } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import ProposalViewPage from './ProposalViewPage';

configure({ asyncUtilTimeout: 5_000 });

const detail = {
  rtIdx: 7,
  title: '봄맞이 입주민 행사 제안',
  advertiserName: '봄꽃상회',
  pkgId: 'P000000003',
  pkgNm: '기본 패키지',
  prdId: 'PRD0001',
  prdNm: '30초 광고',
  slotCnt: 2,
  schdRate: 50,
  startDate: '2026-04-01',
  endDate: '2026-04-30',
  memo: '관리사무소 협조 완료',
  uName: '최영업',
  createdAt: '2026-03-02 10:00:00',
  targets: [
    { mgId: 11, mgNm: '101동 그룹', poiNm: '래미안', mediaCnt: 3 },
    { mgId: 12, mgNm: '102동 그룹', poiNm: '래미안', mediaCnt: 2 },
  ],
  quote: {
    days: 30,
    mediaCnt: 5,
    unitPrice: 300000,
    base: 3000000,
    slotDiscount: 10,
    periodDiscount: 0,
    net: 2700000,
    adjusted: 2700000,
    coupon: 0,
    supply: 2700000,
    vat: 270000,
    total: 2970000,
    audience: 4800,
    conflicts: [],
  },
  expectedPlays: 123456,
  audience: 4800,
};

function renderView(programCodeList: string[], entry = '/report/temp/view?rtIdx=7') {
  startSession({ uIdx: 1, uId: 'sales', uName: '최영업', roleCd: 10003, initPwdYn: 'N', programCodeList } as unknown as SessionUser);
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/report/temp/jsonDetail.do') {
        asked.push(JSON.parse(String(init.body)));
        return answer({ code: 0, message: '', data: detail });
      }
      return answer({ code: 0, message: '', data: null });
    }),
  );
  const router = renderRoutes([
      { path: '/report/temp/view', element: <ProposalViewPage /> },
      { path: '/report/temp/write', element: <p>제안서 수정 화면</p> },
    ], entry);
  return { router, asked };
}

const cells = (row: Element) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('ProposalViewPage', { timeout: 30_000 }, () => {
  beforeEach(() => queryClient.clear());

  it('prints the proposal as a document: addressee, summary, expected effect, targets with their sum, and the price lines of its quote', async () => {
    const { asked } = renderView(['report.temp:view']);
    const document = (await screen.findByRole('article')) as HTMLElement;
    expect(asked).toEqual([{ rtIdx: 7 }]);
    expect(within(document).getByRole('heading', { level: 1 }).textContent).toBe('봄맞이 입주민 행사 제안');
    expect(within(document).getByText('봄꽃상회 귀하')).toBeTruthy();
    expect(within(document).getByText(/작성일 2026-03-02 · 담당 최영업/)).toBeTruthy();

    const summary = document.querySelector('.proposal-summary')!;
    expect(summary.textContent).toContain('기본 패키지 / 30초 광고');
    expect(summary.textContent).toContain('2026-04-01 ~ 2026-04-30 (30일)');
    expect(summary.textContent).toContain('2구좌');
    expect(summary.textContent).toContain('5대');

    expect(document.querySelector('[data-figure="expectedPlays"]')!.textContent).toContain('123,456회');
    expect(document.querySelector('[data-figure="audience"]')!.textContent).toContain('4,800명');

    const targets = document.querySelector('.proposal-targets')!;
    expect([...targets.querySelectorAll('tbody tr')].map(cells)).toEqual([
      ['101동 그룹', '래미안', '3'],
      ['102동 그룹', '래미안', '2'],
    ]);
    expect(cells(targets.querySelector('tfoot tr')!)).toEqual(['합계', '5']);

    const price = document.querySelector('.proposal-price')!;
    const line = (key: string) => price.querySelector(`[data-quote-line="${key}"]`)!.textContent;
    expect(line('base')).toBe('3,000,000원');
    expect(line('schdRate')).toBe('절반 (50%)');
    expect(line('slotDiscount')).toBe('10%');
    expect(line('vat')).toBe('270,000원');
    expect(line('total')).toBe('2,970,000원');
    expect(price.querySelector('.proposal-total')!.textContent).toContain('합계');
    // The reach is told once, as an expected effect, not again among the prices.
    expect(price.querySelector('[data-quote-line="audience"]')).toBeNull();
    expect(within(document).getByText('관리사무소 협조 완료')).toBeTruthy();
  });

  it('prints with the browser from its button, outside the printed document; edits only with the update permission', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { router } = renderView(['report.temp:view']);
    const button = await screen.findByRole('button', { name: /인쇄 \/ PDF/ });
    expect(button.closest('.no-print')).not.toBeNull();
    expect(button.closest('article')).toBeNull();
    await userEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /수\s*정/ })).toBeNull();
    expect(router.state.location.pathname).toBe('/report/temp/view');
  });

  it('opens the editor of the proposal for a user who may update it', async () => {
    const { router } = renderView(['report.temp:view', 'report.temp:update']);
    await userEvent.click(await screen.findByRole('button', { name: /수\s*정/ }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/report/temp/write?rtIdx=7');
  });

  it('says a proposal is missing when the address names none', async () => {
    renderView(['report.temp:view'], '/report/temp/view?rtIdx=abc');
    expect(await screen.findByText('제안서를 찾을 수 없습니다.')).toBeTruthy();
  });
});
