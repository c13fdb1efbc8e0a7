import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listQueryProblem, readListQuery } from '../../../components/resource/listQuery';
import { ResourceList } from '../../../components/resource/ResourceList';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { answer } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import { dailyReportDefinition } from './dailyDefinition';
import { monthReportDefinition } from './monthDefinition';
import { usageExcelHref } from './reportColumns';

// The chart library draws on a canvas jsdom lacks; what the chart is given is checked instead.
vi.mock('../../../components/resource/list/ListChart', () => ({
  default: ({ filters, rows }: { filters: Record<string, string>; rows: unknown[] }) => (
    <p>
      chart of {filters.month ?? filters.date} ({rows.length} rows)
    </p>
  ),
}));

const read = (search: string, definition = monthReportDefinition) => readListQuery(new URLSearchParams(search), definition);

describe('usage report conditions', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 5, 9, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('start from this month, or today, when the address names none', () => {
    expect(read('').filters).toEqual({ month: '2025-03', mediaNm: '' });
    expect(read('', dailyReportDefinition).filters).toEqual({ date: '2025-03-05', mediaNm: '' });
    expect(read('month=2025-02&mediaNm=로비').filters).toEqual({ month: '2025-02', mediaNm: '로비' });
  });

  it.each([
    ['2026-11', null],
    ['2026-13', '월은(는) YYYY-MM 형식이어야 합니다.'],
    ['2026-1', '월은(는) YYYY-MM 형식이어야 합니다.'],
    ['2026-11-01', '월은(는) YYYY-MM 형식이어야 합니다.'],
    ['', '월을(를) 선택해 주세요.'],
  ])('accept month %j only as a real YYYY-MM', (month, problem) => {
    expect(listQueryProblem(monthReportDefinition, { month, mediaNm: '' })).toBe(problem);
  });

  it.each([
    ['2026-11-22', null],
    ['2026.02.03', null],
    ['2026-02-30', '일자은(는) YYYY-MM-DD 형식의 날짜여야 합니다.'],
    ['22/11/2026', '일자은(는) YYYY-MM-DD 형식의 날짜여야 합니다.'],
  ])('accept day %j only as a real calendar date', (date, problem) => {
    expect(listQueryProblem(dailyReportDefinition, { date, mediaNm: '' })).toBe(problem);
  });

  it('link the Excel file of the same conditions', () => {
    expect(monthReportDefinition.exportLink?.href({ month: '2026-11', mediaNm: '' })).toBe('/api/media/report/excel/download.do?kind=month&month=2026-11');
    expect(monthReportDefinition.exportLink?.href({ month: '2026-11', mediaNm: ' 101동 로비 ' })).toBe(
      '/api/media/report/excel/download.do?kind=month&month=2026-11&mediaNm=101%EB%8F%99+%EB%A1%9C%EB%B9%84',
    );
    expect(usageExcelHref('day', '2026-11-22', '')).toBe('/api/media/report/excel/download.do?kind=day&date=2026-11-22');
  });
});

describe('usage report screen', () => {
  beforeEach(() => queryClient.clear());

  function renderReport(search: string) {
    const bodies: { url: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        bodies.push({ url, body: JSON.parse(String(init.body ?? '{}')) as Record<string, unknown> });
        const list = [{ mediaId: 3, mediaNm: '101동 로비', poiNm: '래미안', plays: 1440, seconds: 21600, month: '2026-10' }];
        return answer({ code: 0, message: '', data: { list, totalCount: 1, page: 1, pageSize: 10 } });
      }),
    );
    startSession({ uId: 'tester', initPwdYn: 'N', programCodeList: ['media.report:list', 'media.report:download'] } as unknown as SessionUser);
    renderRoutes([{ path: '/media/report/monthList', element: <ResourceList definition={monthReportDefinition} /> }], `/media/report/monthList${search}`);
    return () => bodies.filter((call) => call.url === '/api/media/report/jsonMonthList.do').map((call) => call.body);
  }

  it('asks the month list with the month of the address and links its Excel file', async () => {
    const monthCalls = renderReport('?month=2026-10');
    expect(await screen.findByText('101동 로비')).toBeTruthy();
    expect(monthCalls()).toEqual([{ month: '2026-10', page: 1, pageSize: 10 }]);
    expect(await screen.findByText('chart of 2026-10 (1 rows)')).toBeTruthy();
    expect(screen.getByRole('link', { name: /엑셀 다운로드/ }).getAttribute('href')).toBe('/api/media/report/excel/download.do?kind=month&month=2026-10');
  });

  it('asks nothing and says why while the month is not a month', async () => {
    const monthCalls = renderReport('?month=2026-13');
    expect(await screen.findByText('월은(는) YYYY-MM 형식이어야 합니다.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: /엑셀 다운로드/ })).toBeNull());
    expect(screen.queryByText(/chart of/)).toBeNull();
    expect(monthCalls()).toEqual([]);
  });
});
