import { configure, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { queryClient } from '../../../lib/queryClient';
import { answer } from '../../../test/doubles';
import { CampaignReport } from './CampaignReport';

configure({ asyncUtilTimeout: 5_000 });

const report = {
  list: [
    { date: '2026-03-01', mgId: 11, mgNm: '101동 그룹', plays: 1180, seconds: 17700, scheduledPlays: 1200, delivery: 98.3 },
    { date: '2026-03-01', mgId: 12, mgNm: '102동 그룹', plays: 0, seconds: 0, scheduledPlays: 0, delivery: null },
  ],
  sum: { plays: 1180, seconds: 17700, scheduledPlays: 1200, delivery: 98.3 },
};

describe('CampaignReport', { timeout: 30_000 }, () => {
  beforeEach(() => queryClient.clear());

  it('shows plays against scheduled plays per day and group with the sum, and links the Excel file and a day\'s cue sheet', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url !== '/api/campaign/report/jsonList.do') return answer({ code: 10404, message: '없음', data: null }, 404);
        bodies.push(JSON.parse(String(init.body)));
        return answer({ code: 0, message: '', data: report });
      }),
    );
    render(
      <Providers>
        <CampaignReport row={{ cmpgId: 7, startDate: '2020-03-01', endDate: '2020-03-31' }} />
      </Providers>,
    );
    const first = (await screen.findByText('101동 그룹')).closest('tr')!;
    expect([...first.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['2026-03-01', '101동 그룹', '1,180', '17,700', '1,200', '98.3%']);
    const idle = screen.getByText('102동 그룹').closest('tr')!;
    expect(idle.querySelectorAll('td')[5].textContent).toBe('-');
    const sum = document.querySelector('.report-sum')!;
    expect([...sum.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['합계', '1,180', '17,700', '1,200', '98.3%']);
    expect(bodies).toEqual([{ cmpgId: 7 }]);

    expect(screen.getByRole('link', { name: /엑셀 다운로드/ }).getAttribute('href')).toBe('/api/campaign/report/excel/download.do?cmpgId=7');
    // An ended campaign's cue sheet starts on its first day.
    await waitFor(() =>
      expect(within(document.body).getByRole('link', { name: /큐시트/ }).getAttribute('href')).toBe('/api/campaign/excel/cuesheet/download.do?cmpgId=7&date=2020-03-01'),
    );
  });
});
