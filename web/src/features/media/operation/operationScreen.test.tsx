import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceList } from '../../../components/resource/ResourceList';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { answer } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import { operationDefinition } from './definition';

const MEDIA_STATUS = [
  { cdCode: '0', cdName: 'ON' },
  { cdCode: '1', cdName: 'OFF' },
  { cdCode: '2', cdName: '이상감지' },
  { cdCode: '3', cdName: '비정상' },
  { cdCode: '4', cdName: '장애' },
];
const SCREENS = [
  { mediaId: 11, mediaNm: '래미안 101동 로비', poiNm: '래미안', mediaStatus: 0, lastHeartbeatAt: '2026-11-22T01:00:00Z', lastError: '' },
  { mediaId: 12, mediaNm: '래미안 102동 로비', poiNm: '래미안', mediaStatus: 4, lastHeartbeatAt: '2026-11-22T00:40:00Z', lastError: 'display off' },
];
const COUNTS = { '0': 1, '1': 0, '2': 0, '3': 0, '4': 1 };

function stubServer() {
  const listBodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/jsonCodeKey.do')) return answer({ code: 0, message: '', data: { list: MEDIA_STATUS } });
      if (url === '/api/media/operation/jsonList.do') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        listBodies.push(body);
        // Without a status the server lists only the screens needing attention.
        const list = body.mediaStatus === undefined ? SCREENS.filter((s) => s.mediaStatus >= 2) : SCREENS.filter((s) => String(s.mediaStatus) === body.mediaStatus);
        return answer({ code: 0, message: '', data: { counts: COUNTS, list, totalCount: list.length, page: 1, pageSize: 10 } });
      }
      if (url === '/api/media/monitoring/jsonMonitoringList.do') {
        const changes = [{ logIdx: 5, mediaId: 12, mediaNm: '래미안 102동 로비', fromStatus: 0, toStatus: 4, reason: 'display off', createdAt: '2026-11-22T00:40:00Z' }];
        return answer({ code: 0, message: '', data: { counts: COUNTS, attention: [], changes } });
      }
      return answer({ code: 0, message: '', data: null });
    }),
  );
  return listBodies;
}

function renderScreen() {
  startSession({ uId: 'tester', initPwdYn: 'N', programCodeList: ['media.operation:list'] } as unknown as SessionUser);
  const router = renderRoutes([
      { path: '/media/operation/list', element: <ResourceList definition={operationDefinition} /> },
      { path: '/media/media/view', element: <p>매체 상세</p> },
    ], '/media/operation/list');
  return router;
}

const table = () => document.querySelector('.resource-list > .ant-table-wrapper') as HTMLElement;

describe('operation status screen', () => {
  beforeEach(() => queryClient.clear());

  it('counts screens per status on cards; a card lists that status, clicked again it goes back to the attention list', async () => {
    const listBodies = stubServer();
    const router = renderScreen();
    const faultCard = await screen.findByRole('button', { name: '장애 1건' });
    expect(screen.getByRole('button', { name: 'ON 1건' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '비정상 0건' })).toBeTruthy();
    expect(listBodies[0]).toEqual({ page: 1, pageSize: 10 });
    expect(await within(table()).findByText('래미안 102동 로비')).toBeTruthy();
    expect(within(table()).queryByText('래미안 101동 로비')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'ON 1건' }));
    await waitFor(() => expect(listBodies.at(-1)).toEqual({ mediaStatus: '0', page: 1, pageSize: 10 }));
    expect(router.state.location.search).toBe('?mediaStatus=0');
    expect(screen.getByRole('button', { name: 'ON 1건' }).getAttribute('aria-pressed')).toBe('true');
    expect(faultCard.getAttribute('aria-pressed')).toBe('false');
    expect(await within(table()).findByText('래미안 101동 로비')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'ON 1건' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(within(table()).queryByText('래미안 101동 로비')).toBeNull());
    expect(within(table()).getByText('래미안 102동 로비')).toBeTruthy();
  });

  it('shows the latest status changes, each opening its screen', async () => {
    stubServer();
    const router = renderScreen();
    const panel = (await screen.findByText('최근 상태 변경')).closest('.list-panel') as HTMLElement;
    const change = await within(panel).findByText('display off');
    await userEvent.click(change);
    await waitFor(() => expect(router.state.location.pathname).toBe('/media/media/view'));
    expect(router.state.location.search).toBe('?mediaId=12');
  });
});
