import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeUpload } from '../../../test/doubles';
import { freshScreens, listOf, renderRoutes, serveApi, signIn } from '../../../test/screens';
import CampaignPhotoUploadPage from './CampaignPhotoUploadPage';
import { campaignPhotoDefinition, photoDownloadHref } from './definition';

const CAMPAIGN = { cmpgId: 12, cmpgTitle: '봄맞이 입주민 행사', agentCName: '한빛광고', displayStatus: 50 };
const SITES = [
  { poiId: 7, poiNm: '래미안 타워' },
  { poiId: 8, poiNm: '도곡렉슬' },
];

const VENDOR = 10009;

function renderUpload() {
  signIn(['cmpgphoto.cmpgphoto:list', 'cmpgphoto.cmpgphoto:write', 'campaign.run:list', 'campaign.run:view'], VENDOR);
  const calls = serveApi((url) => {
    if (url === '/api/campaign/run/jsonList.do') return listOf([CAMPAIGN]);
    if (url === '/api/cmpgphoto/cmpgphoto/jsonSites.do') return { list: SITES };
    return null;
  });
  const router = renderRoutes(
    [
      { path: '/cmpgphoto/cmpgphoto/view', element: <CampaignPhotoUploadPage /> },
      { path: '/cmpgphoto/cmpgphoto/list', element: <p>사진 목록</p> },
    ],
    '/cmpgphoto/cmpgphoto/view',
  );
  return { calls, router };
}

const siteSelect = () => screen.getByRole('combobox', { name: '사이트' });

describe('campaign photo upload', () => {
  beforeEach(() => {
    freshScreens();
    FakeUpload.made = [];
  });

  it('offers the sites of the campaign picked, uploads the photos together, then lists that campaign\'s photos', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const { calls, router } = renderUpload();
    expect(await screen.findByRole('heading', { name: '캠페인 사진 등록' })).toBeTruthy();
    // No campaign, no sites to offer.
    expect(siteSelect().closest('.ant-select')?.classList.contains('ant-select-disabled')).toBe(true);
    expect(calls.some((call) => call.url.endsWith('/jsonSites.do'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: '캠페인 검색' }));
    const dialog = await screen.findByRole('dialog', { name: '캠페인 검색' });
    await userEvent.click(await within(dialog).findByText(CAMPAIGN.cmpgTitle));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/cmpgphoto/cmpgphoto/jsonSites.do').map((call) => call.body)).toEqual([{ cmpgId: 12 }]));
    await waitFor(() => expect(siteSelect().closest('.ant-select')?.classList.contains('ant-select-disabled')).toBe(false));
    await userEvent.click(siteSelect());
    await userEvent.click(await screen.findByTitle('래미안 타워'));

    const input = () => document.querySelector<HTMLInputElement>('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input(), [new File(['a'], 'lobby-1.jpg', { type: 'image/jpeg' }), new File(['b'], 'lobby-2.png', { type: 'image/png' })]);
    await userEvent.click(screen.getByRole('button', { name: /저\s*장/ }));

    await waitFor(() => expect(FakeUpload.made).toHaveLength(1));
    const request = FakeUpload.made[0];
    expect(request.url).toBe('/api/cmpgphoto/cmpgphoto/jsonSave.do');
    expect(JSON.parse(await (request.sent?.get('data') as Blob).text())).toEqual({ cmpgId: 12, poiId: 7 });
    expect((request.sent?.getAll('files') as File[]).map((file) => file.name)).toEqual(['lobby-1.jpg', 'lobby-2.png']);
    request.respond({ code: 0, message: '', data: { photoIds: [101, 102] } });
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/cmpgphoto/cmpgphoto/list?cmpgId=12'));
  });

  it('asks for the campaign, the site and at least one photo', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    renderUpload();
    await userEvent.click(await screen.findByRole('button', { name: /저\s*장/ }));
    expect(await screen.findByText('캠페인을(를) 선택해 주세요.')).toBeTruthy();
    expect(screen.getByText('사이트을(를) 선택해 주세요.')).toBeTruthy();
    expect(screen.getByText('사진 (png, jpeg 20장까지)을(를) 선택해 주세요.')).toBeTruthy();
    expect(FakeUpload.made).toHaveLength(0);
  });

  it('downloads the list as Excel and a campaign\'s photos as a zip for the conditions given', () => {
    const filters = { cmpgId: '12', poiId: '', fromDate: '2026-05-01', toDate: '' };
    expect(campaignPhotoDefinition.exportLink?.href(filters)).toBe('/api/cmpgphoto/excel.do?cmpgId=12&fromDate=2026-05-01');
    expect(photoDownloadHref('zip', { cmpgId: '12' })).toBe('/api/cmpgphoto/zip.do?cmpgId=12');
  });
});
