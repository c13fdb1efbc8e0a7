import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { campaignListDefinition } from '../../features/campaign/listDefinition';
import { mediaDefinition } from '../../features/media/media/definition';
import { mediaGroupDefinition } from '../../features/media/mediagroup/definition';
import { freshScreens, renderResource } from '../../test/screens';

/**
 * What a user may not call is never offered: a search condition chosen in a popup the user may not
 * search is left out, a form field of such a popup shows its value without a search.
 */
describe('popups a user may not search', () => {
  beforeEach(freshScreens);

  it('leave their search condition out of a list', async () => {
    const calls = renderResource(campaignListDefinition('run'), '/campaign/run/list', {
      permissions: ['campaign.run:list', 'campaign.run:view'],
      roleCd: 10006,
      rows: [{ cmpgId: 3, cmpgTitle: '봄맞이 행사', advertiserCName: '봄꽃상회' }],
      detail: {},
    });
    expect(await screen.findByText('봄맞이 행사')).toBeTruthy();
    expect(screen.getByLabelText('캠페인명')).toBeTruthy();
    expect(screen.queryByLabelText('광고주')).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/account/advertiser/'))).toBe(false);
  });

  it('keep it for users who may search there', async () => {
    renderResource(campaignListDefinition('run'), '/campaign/run/list', {
      permissions: ['campaign.run:list', 'account.advertiser:list'],
      rows: [],
      detail: {},
    });
    expect(await screen.findByRole('button', { name: '광고주 검색' })).toBeTruthy();
  });

  it('show a form field\'s value without a search, asking no label the user may not ask', async () => {
    // An installer edits a screen: it may read screens and devices, not sites or groups.
    const calls = renderResource(mediaDefinition, '/media/media/view?mediaId=5', {
      permissions: ['media.media:list', 'media.media:view', 'media.media:update', 'media.device:list', 'media.device:view'],
      roleCd: 10007,
      rows: [],
      detail: { mediaId: 5, mediaNm: '101동 엘리베이터', poiId: 9, poiNm: '래미안', mgId: 4, dvcIdx: 2, dvcNm: 'TB-0002', osType: 'AND' },
    });
    await screen.findByText('101동 엘리베이터');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/media/media/jsonDetail.do')).toBe(true));
    await userEvent.click(await screen.findByRole('button', { name: /수\s*정/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '디바이스 검색' })).not.toBeNull());
    expect(screen.queryByRole('button', { name: '사이트 검색' })).toBeNull();
    expect(screen.queryByRole('button', { name: '매체 그룹 검색' })).toBeNull();
    expect((screen.getByLabelText('사이트') as HTMLInputElement).value).toBe('래미안');
    expect(calls.some((call) => call.url.startsWith('/api/media/poi/') || call.url.startsWith('/api/media/mediagroup/'))).toBe(false);
  });

  it('leave out a view screen\'s tab of another program the user may not read', async () => {
    // An advertiser reads groups to pick them for its campaigns, not their screens.
    const calls = renderResource(mediaGroupDefinition, '/media/mediagroup/view?mgId=4', {
      permissions: ['media.mediagroup:list', 'media.mediagroup:view'],
      roleCd: 10006,
      rows: [],
      detail: { mgId: 4, mgNm: '101동 그룹', poiId: 9, poiNm: '래미안' },
    });
    await screen.findByText('101동 그룹');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/media/mediagroup/jsonDetail.do')).toBe(true));
    expect(screen.queryByRole('tab', { name: '매체' })).toBeNull();
    expect(calls.some((call) => call.url === '/api/media/media/jsonList.do')).toBe(false);
  });
});
