import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshScreens, listOf, renderRoutes, serveApi, signIn } from '../../../test/screens';
import CampaignPhotoListPage from './CampaignPhotoListPage';

const PHOTO = {
  photoId: 101,
  cmpgId: 12,
  cmpgTitle: '봄맞이 입주민 행사',
  poiId: 7,
  poiNm: '래미안 타워',
  takenAt: '2026-05-03 14:20:00',
  uName: '검수팀',
  fileName: 'lobby-1.jpg',
  url: '/api/cmpgphoto/image.do?photoId=101&size=original',
  thumbUrl: '/api/cmpgphoto/image.do?photoId=101&size=thumb',
};

const ALL = ['list', 'view', 'write', 'delete', 'download'].map((kind) => `cmpgphoto.cmpgphoto:${kind}`);

function renderList(entry: string, programCodeList = ALL) {
  signIn(programCodeList, 10009);
  const calls = serveApi((url) => {
    if (url === '/api/cmpgphoto/cmpgphoto/jsonList.do') return listOf([PHOTO]);
    if (url === '/api/cmpgphoto/cmpgphoto/jsonSites.do') return { list: [{ poiId: 7, poiNm: '래미안 타워' }] };
    if (url === '/api/campaign/run/jsonDetail.do') return { cmpgId: 12, cmpgTitle: '봄맞이 입주민 행사' };
    return null;
  });
  renderRoutes([{ path: '/cmpgphoto/cmpgphoto/list', element: <CampaignPhotoListPage /> }], entry);
  return calls;
}

const zipButton = () => screen.getByText('ZIP 다운로드').closest('a, button') as HTMLElement;

describe('campaign photo list', () => {
  beforeEach(freshScreens);

  it('lists the photos by thumbnail with campaign, site, time taken and uploader; the zip waits for a campaign', async () => {
    renderList('/cmpgphoto/cmpgphoto/list');
    expect(await screen.findByText('봄맞이 입주민 행사')).toBeTruthy();
    expect(screen.getByText('래미안 타워')).toBeTruthy();
    expect(screen.getByText('2026-05-03 14:20:00')).toBeTruthy();
    expect(screen.getByText('검수팀')).toBeTruthy();
    expect(document.querySelector('img.thumbnail')?.getAttribute('src')).toBe(PHOTO.thumbUrl);
    expect(screen.getByRole('button', { name: /사진 등록/ })).toBeTruthy();
    expect(zipButton().getAttribute('href')).toBeNull();
    expect(screen.getByText('엑셀 다운로드').closest('a')?.getAttribute('href')).toBe('/api/cmpgphoto/excel.do');
  });

  it('filters on a campaign: its sites are offered, its photos zipped and exported', async () => {
    const calls = renderList('/cmpgphoto/cmpgphoto/list?cmpgId=12');
    expect(await screen.findByText('래미안 타워')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/cmpgphoto/cmpgphoto/jsonList.do')?.body).toEqual({ cmpgId: '12', page: 1, pageSize: 10 });
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/cmpgphoto/cmpgphoto/jsonSites.do').map((call) => call.body)).toContainEqual({ cmpgId: 12 }));
    expect(zipButton().getAttribute('href')).toBe('/api/cmpgphoto/zip.do?cmpgId=12');
    expect(screen.getByText('엑셀 다운로드').closest('a')?.getAttribute('href')).toBe('/api/cmpgphoto/excel.do?cmpgId=12');
  });

  it('shows the original of a photo clicked', async () => {
    renderList('/cmpgphoto/cmpgphoto/list');
    await userEvent.click(await screen.findByText('검수팀'));
    await waitFor(() => expect(Array.from(document.querySelectorAll('img')).some((image) => image.getAttribute('src') === PHOTO.url)).toBe(true));
  });

  it('offers neither upload nor downloads to a reader without those permissions', async () => {
    renderList('/cmpgphoto/cmpgphoto/list', ['cmpgphoto.cmpgphoto:list']);
    expect(await screen.findByText('검수팀')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /사진 등록/ })).toBeNull();
    expect(screen.queryByText('ZIP 다운로드')).toBeNull();
    expect(screen.queryByText('엑셀 다운로드')).toBeNull();
  });
});
