import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ResourceForm } from '../../../components/resource/ResourceForm';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { captureAlerts } from '../../../test/doubles';
import { renderRoutes, serveApi } from '../../../test/screens';
import { mediaGroupDefinition } from './definition';

const GROUP = { mgId: 4, mgNm: '101동 그룹', poiId: 9, poiNm: '래미안', layout: 1, templateType: 2, schdGroup: 0, adSlotCnt: 10, slotSec: 15, boardSlotCnt: 0, mediaGroupStatus: 0, mediaCnt: 0 };
const SCREENS = [
  { mediaId: 21, mediaNm: '101동 로비', poiNm: '래미안', mediaStatus: 1 },
  { mediaId: 22, mediaNm: '102동 로비', poiNm: '래미안', mediaStatus: 0 },
  { mediaId: 23, mediaNm: '103동 로비', poiNm: '래미안', mediaStatus: 0 },
];

function stubServer() {
  const calls = serveApi((url) => {
    if (url === '/api/media/mediagroup/jsonDetail.do') return GROUP;
    if (url === '/api/media/media/jsonList.do') return { list: SCREENS, totalCount: 3, page: 1, pageSize: 10 };
    return { mgId: 4 };
  });
  return (url: string) => calls.filter((call) => call.url === url).map((call) => call.body);
}

/**
 * The open dialog titled so. Found by its title rather than its name: in tests every dialog's title
 * gets the same id, so only the first dialog is named right.
 */
async function openDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('[role=dialog]') as HTMLElement;
}

function renderGroup() {
  startSession({ uId: 'admin', roleCd: 10001, initPwdYn: 'N', programCodeList: ['media.mediagroup:view', 'media.mediagroup:update', 'media.media:list'] } as unknown as SessionUser);
  renderRoutes([{ path: '/media/mediagroup/view', element: <ResourceForm definition={mediaGroupDefinition} /> }], '/media/mediagroup/view?mgId=4');
}

describe('media group actions', () => {
  beforeEach(() => {
    queryClient.clear();
    captureAlerts();
  });

  it('registers a demolition only with a date', async () => {
    // The calendar's closing animation never ends in jsdom; its leftover overlay must not block clicks.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const sent = stubServer();
    renderGroup();
    await userEvent.click(await screen.findByRole('button', { name: '철거 등록' }));
    const dialog = await openDialog('철거 등록');
    await userEvent.click(within(dialog).getByRole('button', { name: /확\s*인/ }));
    expect(await within(dialog).findByText(/을\(를\) 선택해 주세요/)).toBeTruthy();
    expect(sent('/api/media/mediagroup/jsonDemolish.do')).toEqual([]);

    // Enter picks the typed day and sends the form.
    await user.type(within(dialog).getByPlaceholderText('날짜 선택'), '2026-12-31{Enter}');
    await waitFor(() => expect(sent('/api/media/mediagroup/jsonDemolish.do')).toEqual([{ mgId: 4, demolishDate: '2026-12-31' }]));
  });

  it('maps screens ticked in the popup, which offers only the screens of the group’s site', async () => {
    const sent = stubServer();
    renderGroup();
    await userEvent.click(await screen.findByRole('button', { name: '매체 일괄 매핑' }));
    const dialog = await openDialog('매체 일괄 매핑');
    await userEvent.click(within(dialog).getByRole('button', { name: /매체 검색/ }));
    const popup = await openDialog('매체 검색');
    await userEvent.click(await within(popup).findByText('101동 로비'));
    await userEvent.click(within(popup).getByText('103동 로비'));
    expect(sent('/api/media/media/jsonList.do').at(-1)).toEqual({ poiId: 9, page: 1, pageSize: 10 });
    await userEvent.click(within(popup).getByRole('button', { name: '2건 선택' }));
    expect(within(dialog).getByText('101동 로비')).toBeTruthy();
    expect(within(dialog).getByText('103동 로비')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: /확\s*인/ }));
    await waitFor(() => expect(sent('/api/media/mediagroup/jsonBulkMapping.do')).toEqual([{ mgId: 4, mediaIds: [21, 23] }]));
  });
});
