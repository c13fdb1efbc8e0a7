import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { answer } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import PopulationPage from './PopulationPage';

configure({ asyncUtilTimeout: 5_000 });

const SIDO = {
  list: [
    { rgnCd: '11', rgnNm: '서울특별시', sites: 12, households: 15000, multiplier: 2.5, audience: 37500 },
    { rgnCd: '41', rgnNm: '경기도', sites: 3, households: 2100, multiplier: 1, audience: 2100 },
  ],
  sum: { sites: 15, households: 17100, audience: 39600 },
};
const SEOUL = {
  list: [{ rgnCd: '11680', rgnNm: '강남구', sites: 12, households: 15000, multiplier: 2.5, audience: 37500 }],
  sum: { sites: 12, households: 15000, audience: 37500 },
};

const rowTexts = () =>
  [...document.querySelectorAll('.population-table tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('PopulationPage', { timeout: 30_000 }, () => {
  beforeEach(() => queryClient.clear());

  it('lists the sido with their sum, opens a sido\'s sigungu, and climbs back to the country', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/wpopl/jsonList.do') {
          const body = JSON.parse(String(init?.body)) as { rgnCd?: string };
          bodies.push(body);
          return answer({ code: 0, message: '', data: body.rgnCd === '11' ? SEOUL : SIDO });
        }
        if (url.startsWith('/api/data/bcode/map')) return answer({ code: 0, message: '', data: { '1100000000': '서울특별시' } });
        return answer({ code: 0, message: '', data: null });
      }),
    );
    const router = renderRoutes([{ path: '/report/wpopl/list', element: <PopulationPage /> }], '/report/wpopl/list');

    await screen.findByText('경기도');
    expect(rowTexts()).toEqual([
      ['서울특별시', '12', '15,000', '2.5', '37,500'],
      ['경기도', '3', '2,100', '1', '2,100'],
    ]);
    const sum = document.querySelector('.population-sum')!;
    expect([...sum.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['합계', '15', '17,100', '', '39,600']);
    expect(bodies).toEqual([{}]);

    await userEvent.click(screen.getByText('서울특별시'));
    await screen.findByText('강남구');
    expect(router.state.location.search).toBe('?rgnCd=11');
    expect(bodies).toEqual([{}, { rgnCd: '11' }]);
    expect(screen.getByRole('columnheader', { name: '시군구' })).toBeTruthy();
    // A sigungu is as deep as the list goes.
    expect(document.querySelector('.population-table tbody tr.clickable-row')).toBeNull();
    await waitFor(() => expect(document.querySelector('.population-trail')!.textContent).toBe('전국/서울특별시'));

    await userEvent.click(screen.getByRole('link', { name: '전국' }));
    await screen.findByText('경기도');
    expect(router.state.location.search).toBe('');
  });
});
