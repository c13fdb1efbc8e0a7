import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceList } from '../../components/resource/ResourceList';
import { listOfStatus } from '../../lib/campaignStatus';
import { queryClient } from '../../lib/queryClient';
import { startSession } from '../../lib/session/sessionStore';
import type { SessionUser } from '../../lib/session/user';
import { answer } from '../../test/doubles';
import { renderRoutes } from '../../test/screens';
import { campaignExcelHref, campaignListDefinition } from './listDefinition';

// Screens of many antd parts render slowly on a busy machine: waits allow more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const STATUS_NAMES: [string, string][] = [
  ['3', '임시저장'],
  ['21', '승인요청'],
  ['24', '반려'],
  ['27', '재요청'],
  ['30', '승인'],
  ['40', '승인취소'],
  ['50', '방송중'],
  ['60', '중도중지'],
  ['99', '정상종료'],
  ['100', '방송대기'],
  ['110', '종료예정'],
  ['120', '방송취소'],
];

const statusFilter = (kind: Parameters<typeof campaignListDefinition>[0]) =>
  campaignListDefinition(kind).filters.find((filter) => filter.field === 'cmpgStatus');

describe('campaign list definitions', () => {
  it.each([
    ['temp', ['3', '24']],
    ['request', ['21', '27']],
    ['run', ['100', '50', '110']],
    ['end', ['120', '40', '60', '99']],
  ] as const)('offer the %s list only its own display statuses', (kind, codes) => {
    expect(statusFilter(kind)?.codes).toEqual(codes);
    for (const code of codes) expect(listOfStatus(Number(code))).toBe(kind);
  });

  it('are one resource per list, under its own calls and program', () => {
    const run = campaignListDefinition('run');
    expect([run.apiPath, run.routeBase, run.program]).toEqual(['campaign/run', '/campaign/run', 'campaign.run']);
    expect(run.readOnly).toBe(true);
    expect(campaignListDefinition('temp').readOnly).toBe(false);
    expect(campaignListDefinition('request').columns.some((column) => column.field === 'writeType')).toBe(true);
    expect(campaignListDefinition('run').columns.some((column) => column.field === 'writeType')).toBe(false);
  });

  it('open drafts in their editor, change requests in the running view, the others in their view', () => {
    expect(campaignListDefinition('temp').rowPath?.({ cmpgId: 4, writeType: 0 })).toBe('/campaign/temp/write?cmpgId=4');
    expect(campaignListDefinition('request').rowPath?.({ cmpgId: 5, writeType: 0, chgIdx: null })).toBe('/campaign/request/view?cmpgId=5');
    expect(campaignListDefinition('request').rowPath?.({ cmpgId: 6, writeType: 3, chgIdx: 2 })).toBe('/campaign/run/view?cmpgId=6&chgIdx=2');
    expect(campaignListDefinition('end').rowPath?.({ cmpgId: 7 })).toBe('/campaign/end/view?cmpgId=7');
  });

  it('link the Excel file of the list and its conditions', () => {
    expect(campaignExcelHref('run', { cmpgTitle: ' 봄 ', cmpgStatus: '', advertiserCId: '7' })).toBe(
      '/api/campaign/excel/download.do?list=run&cmpgTitle=%EB%B4%84&advertiserCId=7',
    );
  });
});

describe('the request list', () => {
  beforeEach(() => queryClient.clear());

  function renderRequestList(programCodeList: string[]) {
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        calls.push({ url, body });
        if (url.endsWith('/jsonCodeKey.do')) {
          const list = body.cdKey === 'CMPG_STATUS' ? STATUS_NAMES.map(([cdCode, cdName]) => ({ cdCode, cdName })) : [{ cdCode: '1', cdName: 'PRO' }, { cdCode: '3', cdName: '중도 해지' }];
          return answer({ code: 0, message: '', data: { list } });
        }
        const list = [
          { cmpgId: 5, cmpgTitle: '신규 캠페인', cmpgStatus: 21, displayStatus: 21, writeType: 0, chgIdx: null, startDate: '2026-03-01', endDate: '2026-03-31' },
          { cmpgId: 6, cmpgTitle: '진행 캠페인', cmpgStatus: 50, displayStatus: 50, writeType: 3, chgIdx: 2, startDate: '2026-02-01', endDate: '2026-04-30' },
          { cmpgId: 6, cmpgTitle: '진행 캠페인', cmpgStatus: 50, displayStatus: 50, writeType: 1, chgIdx: 3, startDate: '2026-02-01', endDate: '2026-04-30' },
        ];
        return answer({ code: 0, message: '', data: { list, totalCount: 3, page: 1, pageSize: 10 } });
      }),
    );
    startSession({ uId: 'admin', initPwdYn: 'N', programCodeList } as unknown as SessionUser);
    const definition = campaignListDefinition('request');
    renderRoutes([{ path: '/campaign/request/list', element: <ResourceList definition={definition} /> }], '/campaign/request/list');
    return calls;
  }

  it('lists change requests beside new campaigns, only campaigns can be ticked for delete', { timeout: 30_000 }, async () => {
    renderRequestList(['campaign.request:list', 'campaign.request:delete', 'campaign.request:download']);
    expect(await screen.findByText('신규 캠페인')).toBeTruthy();
    const rows = screen.getAllByRole('row').filter((row) => row.classList.contains('ant-table-row'));
    expect(rows).toHaveLength(3);
    const boxes = rows.map((row) => within(row).getByRole('checkbox') as HTMLInputElement);
    expect(boxes.map((box) => box.disabled)).toEqual([false, true, true]);
    expect(await within(rows[1]).findByText('중도 해지')).toBeTruthy();
    expect(screen.getByRole('link', { name: /엑셀 다운로드/ }).getAttribute('href')).toBe('/api/campaign/excel/download.do?list=request');
  });

  it('offers only the request statuses in its status condition', { timeout: 30_000 }, async () => {
    renderRequestList(['campaign.request:list']);
    await screen.findByText('신규 캠페인');
    await userEvent.click(screen.getByLabelText('상태'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).not.toHaveLength(0));
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
    expect(offered).toEqual(['승인요청', '재요청']);
  });
});
