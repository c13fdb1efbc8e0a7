import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPE_MESSAGE } from '../../../components/material/fileChecks';
import { ENCODING_REFRESH_SECONDS } from '../../../components/material/materialDefinition';
import { ResourceForm } from '../../../components/resource/ResourceForm';
import { ResourceList } from '../../../components/resource/ResourceList';
import { queryClient } from '../../../lib/queryClient';
import { startSession } from '../../../lib/session/sessionStore';
import type { SessionUser } from '../../../lib/session/user';
import { answer, captureAlerts, FakeUpload } from '../../../test/doubles';
import { renderRoutes } from '../../../test/screens';
import { campaignMaterialDefinition } from './definition';

const CODES: Record<string, [string, string][]> = {
  TEMPLATE_TYPE: [
    ['2', '디스플레이 1920'],
    ['4', '가로형 1920'],
  ],
  MAT_PLAYTIME: [
    ['15', '15초'],
    ['30', '30초'],
  ],
  MAT_STATUS: [
    ['0', '요청'],
    ['1', '승인'],
    ['2', '반려'],
  ],
  ENC_STATUS: [
    ['0', '미완료'],
    ['1', '완료'],
    ['2', '인코딩중'],
    ['3', '실패'],
  ],
  VIDEO_TYPE: [
    ['sd', 'SD'],
    ['hd', 'HD'],
    ['fhd', 'FHD'],
  ],
};

const row = (overrides: Record<string, unknown>) => ({
  matId: 7,
  matName: '봄 세일 15초',
  templateType: 2,
  matPlaytime: 15,
  matType: 'video',
  matStatus: 0,
  encodingStatus: 1,
  encodingError: null,
  advertiserCId: 3,
  cName: '한빛광고',
  createdAt: '2026-03-02 10:00:00',
  thumbUrl: '/api/material/image.do?matId=7',
  ...overrides,
});

const ENCODED_DETAIL = row({
  width: 1080,
  height: 1920,
  durationMs: 15000,
  fileSize: 5 * 1024 * 1024,
  rejectReason: null,
  files: {
    sd: '/api/material/manage/videoDownload.do?matId=7&type=sd',
    hd: '/api/material/manage/videoDownload.do?matId=7&type=hd',
    fhd: '/api/material/manage/videoDownload.do?matId=7&type=fhd',
    poster: '/api/material/manage/videoDownload.do?matId=7&type=poster',
    thumb: '/api/material/manage/videoDownload.do?matId=7&type=thumb',
  },
  renditions: [
    { type: 'sd', width: 540, height: 960, bytes: 1024 * 1024, url: '/api/material/manage/videoDownload.do?matId=7&type=sd' },
    { type: 'hd', width: 810, height: 1440, bytes: 2 * 1024 * 1024, url: '/api/material/manage/videoDownload.do?matId=7&type=hd' },
    { type: 'fhd', width: 1080, height: 1920, bytes: 3 * 1024 * 1024, url: '/api/material/manage/videoDownload.do?matId=7&type=fhd' },
  ],
  actions: ['approve', 'reject', 'edit', 'delete'],
});

type Call = { url: string; body: Record<string, unknown> };

/** A server answering the material calls: lists and details from the given answers, in turn (the last one repeats). */
function stubServer({ lists = [] as Record<string, unknown>[][], details = [] as Record<string, unknown>[] } = {}) {
  const calls: Call[] = [];
  let listAnswered = 0;
  let detailAnswered = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      calls.push({ url, body });
      if (url.endsWith('/jsonCodeKey.do')) {
        const list = (CODES[String(body.cdKey)] ?? []).map(([cdCode, cdName]) => ({ cdCode, cdName }));
        return answer({ code: 0, message: '', data: { list } });
      }
      if (url === '/api/campaign/material/jsonList.do') {
        const list = lists[Math.min(listAnswered++, lists.length - 1)] ?? [];
        return answer({ code: 0, message: '', data: { list, totalCount: list.length, page: 1, pageSize: 10 } });
      }
      if (url === '/api/campaign/material/jsonDetail.do') {
        return answer({ code: 0, message: '', data: details[Math.min(detailAnswered++, details.length - 1)] });
      }
      return answer({ code: 0, message: '', data: null });
    }),
  );
  return (url: string) => calls.filter((call) => call.url === url).map((call) => call.body);
}

function renderAt(path: string, programCodeList: string[], roleCd = 10001) {
  startSession({ uId: 'tester', roleCd, initPwdYn: 'N', programCodeList } as unknown as SessionUser);
  renderRoutes([
      { path: '/campaign/material/list', element: <ResourceList definition={campaignMaterialDefinition} /> },
      { path: '/campaign/material/view', element: <ResourceForm definition={campaignMaterialDefinition} /> },
    ], path);
}

/**
 * jsdom decodes no media: video elements given a source report these facts once their metadata
 * "loads", as a browser's would. Answers the undoing.
 */
function readVideosAs(facts: { width: number; height: number; seconds: number }): () => void {
  const replaced: [object, string, PropertyDescriptor | undefined][] = [];
  const define = (target: object, name: string, descriptor: PropertyDescriptor) => {
    replaced.push([target, name, Object.getOwnPropertyDescriptor(target, name)]);
    Object.defineProperty(target, name, { configurable: true, ...descriptor });
  };
  const video = HTMLVideoElement.prototype;
  define(video, 'videoWidth', { get: () => facts.width });
  define(video, 'videoHeight', { get: () => facts.height });
  define(video, 'duration', { get: () => facts.seconds });
  define(video, 'src', {
    get(this: HTMLVideoElement) {
      return this.getAttribute('src') ?? '';
    },
    set(this: HTMLVideoElement, value: string) {
      this.setAttribute('src', value);
      setTimeout(() => this.dispatchEvent(new Event('loadedmetadata')), 0);
    },
  });
  return () => {
    for (const [target, name, original] of replaced.reverse()) {
      if (original) Object.defineProperty(target, name, original);
      else delete (target as Record<string, unknown>)[name];
    }
  };
}

const OWNER = ['list', 'view', 'write', 'update', 'delete'].map((kind) => `campaign.material:${kind}`);
const APPROVER = [...OWNER, 'campaign.material:other'];

describe('campaign materials', () => {
  beforeEach(() => {
    queryClient.clear();
    captureAlerts();
    FakeUpload.made = [];
  });
  let restoreMedia = () => {};
  afterEach(() => {
    vi.useRealTimers();
    restoreMedia();
    restoreMedia = () => {};
  });

  it('lists thumbnails loaded lazily, a placeholder while a material has none, and its status and encoding', async () => {
    stubServer({ lists: [[row({}), row({ matId: 8, matName: '여름 세일', thumbUrl: null, encodingStatus: 3 })]] });
    renderAt('/campaign/material/list', OWNER);
    expect(await screen.findByText('봄 세일 15초')).toBeTruthy();
    const image = document.querySelector<HTMLImageElement>('img.thumbnail');
    expect(image?.getAttribute('src')).toBe('/api/material/image.do?matId=7');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('img', { name: '미리보기 없음' })).toBeTruthy();
    expect(await screen.findByText('완료')).toBeTruthy();
    expect(screen.getByText('실패')).toBeTruthy();
    expect(screen.getAllByText('요청')).toHaveLength(2);
  });

  it('asks the list again while an encoding is under way, and no more once every row is done', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sent = stubServer({ lists: [[row({ encodingStatus: 2 }), row({ matId: 8 })], [row({ encodingStatus: 1 }), row({ matId: 8 })]] });
    renderAt('/campaign/material/list', OWNER);
    expect(await screen.findByText('인코딩중')).toBeTruthy();
    const asked = () => sent('/api/campaign/material/jsonList.do').length;
    expect(asked()).toBe(1);

    await act(async () => vi.advanceTimersByTime(ENCODING_REFRESH_SECONDS * 1000));
    await waitFor(() => expect(screen.queryByText('인코딩중')).toBeNull());
    expect(asked()).toBe(2);

    await act(async () => vi.advanceTimersByTime(ENCODING_REFRESH_SECONDS * 1000 * 3));
    expect(asked()).toBe(2);
  });

  it('follows the encoding of the material shown until it ends', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sent = stubServer({ details: [row({ encodingStatus: 0, thumbUrl: null, actions: [] }), ENCODED_DETAIL] });
    renderAt('/campaign/material/view?matId=7', OWNER);
    expect(await screen.findByText('인코딩이 끝나면 미리보기가 나타납니다.')).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(ENCODING_REFRESH_SECONDS * 1000));
    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    await act(async () => vi.advanceTimersByTime(ENCODING_REFRESH_SECONDS * 1000 * 3));
    expect(sent('/api/campaign/material/jsonDetail.do')).toHaveLength(2);
  });

  it('plays an encoded video at its template’s preview size with its poster, and lists every file with its size', async () => {
    stubServer({ details: [ENCODED_DETAIL] });
    renderAt('/campaign/material/view?matId=7', OWNER);
    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    const video = document.querySelector('video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/api/material/manage/videoDownload.do?matId=7&type=sd');
    expect(video.getAttribute('poster')).toBe('/api/material/manage/videoDownload.do?matId=7&type=poster');
    expect([video.getAttribute('width'), video.getAttribute('height')]).toEqual(['360', '640']);
    expect(video.hasAttribute('controls')).toBe(true);

    const files = document.querySelector('.material-renditions') as HTMLElement;
    expect(within(files).getByText('540 x 960')).toBeTruthy();
    expect(within(files).getByText('2.0 MB')).toBeTruthy();
    expect(within(files).getByText('1080 x 1920')).toBeTruthy();
    expect(within(files).getAllByRole('link', { name: '다운로드' })).toHaveLength(3);
  });

  it('shows a horizontal material 202 high and an image material as its image', async () => {
    stubServer({ details: [{ ...ENCODED_DETAIL, templateType: 4, matType: 'image', renditions: [] }] });
    renderAt('/campaign/material/view?matId=7', OWNER);
    const image = (await screen.findByAltText('봄 세일 15초')) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/api/material/image.do?matId=7');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['360', '202']);
    expect(document.querySelector('video')).toBeNull();
  });

  it('offers approve and reject only when the material allows it now and the user holds the approval permission', async () => {
    stubServer({ details: [ENCODED_DETAIL] });
    renderAt('/campaign/material/view?matId=7', OWNER);
    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    expect(screen.queryByRole('button', { name: /승\s*인/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /반\s*려/ })).toBeNull();
  });

  it('hides approve and reject of a material whose actions do not list them, even to an approver', async () => {
    stubServer({ details: [{ ...ENCODED_DETAIL, matStatus: 1, actions: ['edit', 'delete'] }] });
    renderAt('/campaign/material/view?matId=7', APPROVER);
    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    expect(screen.queryByRole('button', { name: /승\s*인/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /반\s*려/ })).toBeNull();
  });

  it('approves after confirmation, and rejects with the reason asked in a dialog', async () => {
    const sent = stubServer({ details: [ENCODED_DETAIL] });
    renderAt('/campaign/material/view?matId=7', APPROVER);
    await userEvent.click(await screen.findByRole('button', { name: /승\s*인/ }));
    const confirm = (await screen.findByText('이 소재를 승인하시겠습니까?')).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /확\s*인/ }));
    await waitFor(() => expect(sent('/api/campaign/material/jsonStatus.do')).toEqual([{ matId: 7, matStatus: 1 }]));

    await userEvent.click(screen.getByRole('button', { name: /반\s*려/ }));
    const dialog = await screen.findByRole('dialog', { name: '반려' });
    await userEvent.click(within(dialog).getByRole('button', { name: /확\s*인/ }));
    expect(await within(dialog).findByText('반려 사유을(를) 입력해 주세요.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('반려 사유'), '화면 비율이 다릅니다');
    await userEvent.click(within(dialog).getByRole('button', { name: /확\s*인/ }));
    await waitFor(() =>
      expect(sent('/api/campaign/material/jsonStatus.do')).toEqual([
        { matId: 7, matStatus: 1 },
        { matId: 7, matStatus: 2, reason: '화면 비율이 다릅니다' },
      ]),
    );
  });

  it('shows the encoder’s error of a failed material and retries it', async () => {
    const sent = stubServer({
      details: [row({ encodingStatus: 3, encodingError: 'ffmpeg: moov atom not found', thumbUrl: null, actions: ['retry', 'edit', 'delete'] })],
    });
    renderAt('/campaign/material/view?matId=7', OWNER);
    expect(await screen.findByText('인코딩에 실패했습니다.')).toBeTruthy();
    expect(screen.getAllByText('ffmpeg: moov atom not found').length).toBeGreaterThan(0);
    expect(document.querySelector('video')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '인코딩 다시 시도' }));
    const confirm = (await screen.findByText('인코딩을 다시 시도하시겠습니까?')).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /확\s*인/ }));
    await waitFor(() => expect(sent('/api/campaign/material/jsonRetry.do')).toEqual([{ matId: 7 }]));
  });

  it('checks the picked file before sending, uploads it with a progress bar, and shows the server’s refusal on the field', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const media = { width: 1080, height: 1920, seconds: 15 };
    restoreMedia = readVideosAs(media);
    stubServer();
    // An advertiser registers for its own corp: no advertiser to pick.
    renderAt('/campaign/material/view', OWNER, 10006);
    await userEvent.type(await screen.findByLabelText('소재명'), '가을 세일');
    expect(screen.queryByLabelText('광고주')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: '템플릿' }));
    await userEvent.click(await screen.findByTitle('디스플레이 1920'));

    // The picker's input is made anew after each pick.
    const input = () => document.querySelector<HTMLInputElement>('input[type=file]') as HTMLInputElement;
    const gifNamedMp4 = new File([new Uint8Array([...'GIF89a'].map((char) => char.charCodeAt(0)))], 'ad.mp4', { type: 'video/mp4' });
    await userEvent.upload(input(), gifNamedMp4);
    expect(await screen.findByText(TYPE_MESSAGE)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /저\s*장/ }));
    await waitFor(() => expect(screen.getByText(TYPE_MESSAGE)).toBeTruthy());
    expect(FakeUpload.made).toHaveLength(0);

    // The video read says 30 seconds: refused before sending, as a 15-second material.
    const mp4 = () => new File([new Uint8Array([0, 0, 0, 0x20, ...[...'ftypisom'].map((char) => char.charCodeAt(0)), 0, 0, 2, 0])], 'ad.mp4', { type: 'video/mp4' });
    media.seconds = 30;
    await userEvent.upload(input(), mp4());
    expect(await screen.findByText('재생 시간이 15초가 아닙니다. (파일 30.0초)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(TYPE_MESSAGE)).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: /저\s*장/ }));
    await waitFor(() => expect(screen.getByText('재생 시간이 15초가 아닙니다. (파일 30.0초)')).toBeTruthy());
    expect(FakeUpload.made).toHaveLength(0);

    media.seconds = 15.2;
    await userEvent.upload(input(), mp4());
    await waitFor(() => expect(screen.queryByText('재생 시간이 15초가 아닙니다. (파일 30.0초)')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: /저\s*장/ }));
    await waitFor(() => expect(FakeUpload.made).toHaveLength(1));
    const request = FakeUpload.made[0];
    expect(request.url).toBe('/api/campaign/material/jsonSave.do');
    expect(JSON.parse(await (request.sent?.get('data') as Blob).text())).toEqual({ matName: '가을 세일', templateType: 2, matPlaytime: 15 });
    expect((request.sent?.get('file') as File).name).toBe('ad.mp4');

    // The bar shows from the start, then follows the reports.
    expect((await screen.findByRole('progressbar')).getAttribute('aria-valuenow')).toBe('0');
    act(() => request.progress(40, 100));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40'));

    act(() => request.respond({ code: 10400, message: '입력값을 확인해 주세요.', data: { fieldErrors: { file: '재생 시간이 15초가 아닙니다.' } } }, 400));
    expect(await screen.findByText('재생 시간이 15초가 아닙니다.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
