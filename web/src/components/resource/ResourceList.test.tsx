import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { codeDefinition } from '../../features/system/code/definition';
import { queryClient } from '../../lib/queryClient';
import { startSession } from '../../lib/session/sessionStore';
import type { SessionUser } from '../../lib/session/user';
import { renderRoutes, serveApi } from '../../test/screens';
import { ResourceList } from './ResourceList';

const rows = [
  { cdIdx: 1, cdKey: 'CMPG_STATUS', cdDist: '캠페인 상태', cdCode: '3', cdName: '임시저장', cdOrder: 1, useYn: 'Y' },
  { cdIdx: 2, cdKey: 'CMPG_STATUS', cdDist: '캠페인 상태', cdCode: '21', cdName: '승인요청', cdOrder: 2, useYn: 'N' },
];

/** A server for the code screens: records every call and answers from the rows above. */
function stubServer() {
  const calls = serveApi(
    (url, body) => (url.endsWith('/jsonList.do') ? { list: rows, totalCount: 23, page: body.page, pageSize: 10 } : null),
    {
      USE_YN: [
        ['Y', '사용'],
        ['N', '미사용'],
      ],
    },
  );
  return { calls, listCalls: () => calls.filter((call) => call.url === '/api/system/code/jsonList.do') };
}

function renderList(programCodeList: string[], initialEntry = '/system/code/list') {
  startSession({ uId: 'tester', initPwdYn: 'N', programCodeList } as unknown as SessionUser);
  return renderRoutes(
    [
      { path: '/system/code/list', element: <ResourceList definition={codeDefinition} /> },
      { path: '/system/code/view', element: <p>상세 화면</p> },
    ],
    initialEntry,
  );
}

const ALL = ['list', 'view', 'write', 'update', 'delete'].map((kind) => `system.code:${kind}`);

describe('ResourceList', () => {
  beforeEach(() => queryClient.clear());

  it('shows the first page of rows with code names and the total', async () => {
    const server = stubServer();
    renderList(ALL);
    expect(await screen.findByText('임시저장')).toBeTruthy();
    expect(screen.getByText('승인요청')).toBeTruthy();
    expect(await screen.findByText('미사용')).toBeTruthy();
    expect(screen.getByText('23')).toBeTruthy();
    expect(server.listCalls()[0].body).toEqual({ page: 1, pageSize: 10 });
    expect(server.calls.some((call) => call.url === '/api/system/code/jsonCodeKey.do' && call.body.cdKey === 'USE_YN')).toBe(true);
  });

  it('shows register and delete only to users who may use them', async () => {
    stubServer();
    renderList(['system.code:list', 'system.code:view']);
    await screen.findByText('임시저장');
    expect(screen.queryByRole('button', { name: /등록/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /삭제/ })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('offers register and delete with the permissions', async () => {
    stubServer();
    renderList(ALL);
    await screen.findByText('임시저장');
    expect(screen.getByRole('button', { name: /등록/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /삭제/ })).toBeTruthy();
  });

  it('asks the server to sort when a sortable header is clicked', async () => {
    const server = stubServer();
    const router = renderList(ALL);
    await screen.findByText('임시저장');
    await userEvent.click(screen.getByRole('columnheader', { name: /코드명/ }));
    await waitFor(() => expect(server.listCalls().at(-1)?.body).toMatchObject({ sortField: 'cdName', sortOrder: 'asc', page: 1 }));
    expect(router.state.location.search).toBe('?sortField=cdName&sortOrder=asc');
  });

  it('searches with the filters from page 1', async () => {
    const server = stubServer();
    renderList(ALL, '/system/code/list?page=2');
    await screen.findByText('임시저장');
    expect(server.listCalls()[0].body).toMatchObject({ page: 2 });
    const filters = within(document.querySelector('.list-filter') as HTMLElement);
    await userEvent.type(filters.getByLabelText('코드 키'), ' CMPG_STATUS ');
    await userEvent.click(filters.getByRole('button', { name: /검색/ }));
    await waitFor(() => expect(server.listCalls().at(-1)?.body).toEqual({ cdKey: 'CMPG_STATUS', page: 1, pageSize: 10 }));
  });

  it('opens the view screen of a clicked row', async () => {
    stubServer();
    const router = renderList(ALL);
    await userEvent.click(await screen.findByText('승인요청'));
    expect(await screen.findByText('상세 화면')).toBeTruthy();
    expect(router.state.location.search).toBe('?cdIdx=2');
  });

  it('opens no view screen for a user granted the list alone', async () => {
    stubServer();
    const router = renderList(['system.code:list']);
    await userEvent.click(await screen.findByText('승인요청'));
    expect(router.state.location.pathname).toBe('/system/code/list');
    expect(screen.getByText('승인요청').closest('tr')?.className).not.toContain('clickable-row');
  });

  it('deletes the selected rows after confirmation', async () => {
    const server = stubServer();
    renderList(ALL);
    const row = (await screen.findByText('승인요청')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: /삭제/ }));
    const confirm = await screen.findByText('선택한 1건을 삭제하시겠습니까?');
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popup).getByRole('button', { name: /삭제/ }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.url === '/api/system/code/jsonDelete.do')?.body).toEqual({ ids: [2] }),
    );
  });
});
