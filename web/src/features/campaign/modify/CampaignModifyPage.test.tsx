import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { answer } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import CampaignModifyPage from './CampaignModifyPage';

// Screens of many antd parts render slowly on a busy machine: waits allow more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const live = {
  cmpgId: 12,
  cmpgTitle: '봄맞이 세일',
  cmpgStatus: 50,
  displayStatus: 50,
  advertiserCId: 7,
  startDate: '2020-01-01',
  endDate: '2099-12-31',
  slotCnt: 1,
  schdRate: 100,
  targets: [{ mgId: 11, mgNm: '101동 그룹', mediaCnt: 3, templateType: 2 }],
  materials: [{ matId: 40, matName: '봄 영상', templateType: 2, matPlaytime: 15, matType: 'video' }],
  actions: ['stop', 'change'],
};

function stubServer() {
  const changes: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      if (url.endsWith('/jsonCodeKey.do')) {
        return answer({ code: 0, message: '', data: { list: [['0', '신규'], ['1', '대상 변경'], ['2', '소재 변경'], ['3', '중도 해지']].map(([cdCode, cdName]) => ({ cdCode, cdName })) } });
      }
      if (url === '/api/campaign/run/jsonDetail.do') {
        const stored = changes.map((change, index) => ({ ...change, chgIdx: index + 1, status: 0, refund: 1500000, createdAt: '2026-04-10 10:00:00' }));
        return answer({ code: 0, message: '', data: { ...live, changes: stored } });
      }
      if (url === '/api/campaign/run/jsonChange.do') {
        changes.push(body);
        return answer({ code: 0, message: '', data: { chgIdx: changes.length } });
      }
      return answer({ code: 0, message: '', data: { list: [] } });
    }),
  );
  return changes;
}

describe('a change request', () => {
  beforeEach(() => queryClient.clear());

  it('ends a live campaign early: a new end date is checked, sent, and the refund told', { timeout: 30_000 }, async () => {
    const changes = stubServer();
    startSession({ uId: 'sales01', initPwdYn: 'N', programCodeList: ['campaign.run:view'] } as unknown as SessionUser);
    renderRoutes([{ path: '/campaign/run/modify', element: <CampaignModifyPage /> }], '/campaign/run/modify?cmpgId=12');
    await userEvent.click(await screen.findByText('중도 해지'));
    await userEvent.click(screen.getByRole('button', { name: '변경 요청' }));
    expect(await screen.findByText('새 종료일을 선택해 주세요.')).toBeTruthy();
    expect(changes).toEqual([]);

    const day = screen.getByLabelText('새 종료일');
    await userEvent.click(day);
    await userEvent.type(day, '2099-06-30{enter}');
    await userEvent.type(screen.getByLabelText('사유'), '행사 조기 종료');
    await userEvent.click(screen.getByRole('button', { name: '변경 요청' }));
    await waitFor(() => expect(changes).toEqual([{ cmpgId: 12, writeType: 3, endDate: '2099-06-30', reason: '행사 조기 종료' }]));
    expect(await screen.findByText(/종료일을 2099-06-30\(으\)로 앞당김 · 환불 1,500,000원/)).toBeTruthy();
  });
});
