import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ResourceList } from '../../../components/resource/ResourceList';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { captureAlerts } from '../../../test/doubles';
import { renderRoutes, serveApi } from '../../../test/screens';
import { mediaDefinition } from './definition';

const SCREENS = [
  { mediaId: 21, mediaNm: '101동 로비', poiNm: '래미안', mediaStatus: 0 },
  { mediaId: 22, mediaNm: '102동 로비', poiNm: '래미안', mediaStatus: 0 },
  { mediaId: 23, mediaNm: '103동 로비', poiNm: '래미안', mediaStatus: 1 },
];

function stubServer() {
  const calls = serveApi((url) => {
    if (url === '/api/media/media/jsonList.do') return { list: SCREENS, totalCount: 3, page: 1, pageSize: 10 };
    return { queued: 2 };
  });
  return (url: string) => calls.filter((call) => call.url === url).map((call) => call.body);
}

function renderList(programCodeList: string[]) {
  startSession({ uId: 'admin', roleCd: 10001, initPwdYn: 'N', programCodeList } as unknown as SessionUser);
  renderRoutes([{ path: '/media/media/list', element: <ResourceList definition={mediaDefinition} /> }], '/media/media/list');
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('sending a message to the selected screens', () => {
  beforeEach(() => {
    queryClient.clear();
    captureAlerts();
  });

  it('sends the text and its seconds to every selected screen', async () => {
    const sent = stubServer();
    renderList(['media.media:list', 'media.media:other']);
    await screen.findByText('101동 로비');
    const button = screen.getByRole('button', { name: '메시지 전송' });
    expect((button as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(within(rowOf('101동 로비')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('103동 로비')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: '메시지 전송 (2)' }));
    const dialog = (await screen.findByText('메시지 전송 (2건)', { selector: '.ant-modal-title' })).closest('[role=dialog]') as HTMLElement;
    await userEvent.type(within(dialog).getByLabelText('메시지'), '엘리베이터 점검 중입니다.');
    await userEvent.click(within(dialog).getByRole('button', { name: /확\s*인/ }));
    await waitFor(() =>
      expect(sent('/api/media/media/jsonSendMsg.do')).toEqual([{ mediaIds: [21, 23], text: '엘리베이터 점검 중입니다.', seconds: 30 }]),
    );
  });

  it('offers neither the selection nor the button without the permission to command screens', async () => {
    stubServer();
    renderList(['media.media:list']);
    await screen.findByText('101동 로비');
    expect(screen.queryByRole('button', { name: /메시지 전송/ })).toBeNull();
    expect(within(rowOf('101동 로비')).queryByRole('checkbox')).toBeNull();
  });
});
