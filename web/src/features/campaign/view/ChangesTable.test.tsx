import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshScreens, renderRoutes, serveApi, signIn } from '../../../test/screens';
import { campaignListDefinition } from '../listDefinition';
import { ChangesTable, SUMMARY_MIN_WIDTH } from './ChangesTable';

const REASON = '입주민 요청으로 101동과 102동 그룹을 대상에서 빼고 상가 그룹을 더합니다.';

describe('ChangesTable', () => {
  beforeEach(freshScreens);

  it('reads each change whole: its content keeps a readable width and the reason is never cut', async () => {
    signIn(['campaign.run:view']);
    serveApi(() => null, { CMPG_WRITE_TYPE: [['1', '대상 변경']] });
    const change = { chgIdx: 3, writeType: 1, targets: [{ mgId: 1 }, { mgId: 2 }], priceDiff: -120000, reason: REASON, status: 0, createdAt: '2026-03-02 10:00:00' };
    renderRoutes(
      [{ path: '*', element: <ChangesTable definition={campaignListDefinition('run')} cmpgId={12} changes={[change]} /> }],
      '/campaign/run/view?cmpgId=12',
    );
    const reason = await screen.findByText(`사유: ${REASON}`);
    expect(reason.closest('.ant-table-cell-ellipsis')).toBeNull();
    expect(reason.closest('td')?.textContent).toContain('대상 매체 그룹 2개로 변경');
    // The table is never narrower than its fixed columns plus the content's minimum: it scrolls instead.
    const table = document.querySelector('.changes-table table') as HTMLTableElement;
    expect(parseFloat(table.style.width)).toBeGreaterThanOrEqual(SUMMARY_MIN_WIDTH + 500);
    const summaryCol = document.querySelectorAll('.changes-table colgroup col')[2] as HTMLElement;
    expect(summaryCol.style.width).toBe('');
  });
});
