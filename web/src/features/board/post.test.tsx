import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../../components/resource/definition';
import { freshScreens, renderResource, renderRoutes, resourceRoutes, serveApi, signIn } from '../../test/screens';
import { allScreenBoardDefinition } from './adImage/definition';
import { boardImageDefinition } from './image/definition';
import { boardVideoDefinition } from './material/definition';

const CODES: Record<string, [string, string][]> = {
  BOARD_AD_STATUS: [
    ['0', '대기'],
    ['1', '진행중'],
    ['90', '중지'],
    ['99', '종료'],
  ],
};

const ROW = { biIdx: 5, title: '6월 단지 소독 안내', fromDate: '2026-06-01', toDate: '2026-06-30', status: 1, mgCnt: 2, uName: '한관리', createdAt: '2026-05-20 09:00:00' };

const DETAIL = {
  ...ROW,
  body: '<p>소독을 <b>실시</b>합니다.</p><script>alert(1)</script>',
  mgIds: [4, 6],
  groups: [
    { mgId: 4, mgNm: '101동 그룹', boardSlotCnt: 2 },
    { mgId: 6, mgNm: '102동 그룹', boardSlotCnt: 4 },
  ],
  stopReason: null,
  stoppedAt: null,
  files: { files: [{ fileIdx: 31, fileName: 'notice.png', fileSize: 2048, url: '/api/board/image.do?biIdx=5&index=0' }] },
};

const WRITER = ['list', 'view', 'write', 'update', 'delete'].map((kind) => `board.image:${kind}`);

function renderBoard(definition: ResourceDefinition, entry: string, permissions: string[], detail: Record<string, unknown> = DETAIL) {
  return renderResource(definition, entry, { permissions, roleCd: 10008, rows: [ROW], detail, codes: CODES });
}

describe('board posts', () => {
  beforeEach(freshScreens);

  it('list their period, status, groups and writer', async () => {
    renderBoard(boardImageDefinition, '/board/image/list', WRITER);
    expect(await screen.findByText('6월 단지 소독 안내')).toBeTruthy();
    expect(screen.getByText('2026-06-01 ~ 2026-06-30')).toBeTruthy();
    expect(await screen.findByText('진행중')).toBeTruthy();
    expect(screen.getByText('한관리')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '매체 그룹' })).toBeTruthy();
  });

  it('show a post with its groups by name, its body made safe and its images', async () => {
    renderBoard(boardImageDefinition, '/board/image/view?biIdx=5', WRITER);
    expect(await screen.findByText('101동 그룹')).toBeTruthy();
    expect(screen.getByText('102동 그룹')).toBeTruthy();
    // The body's sanitiser is fetched with the first written HTML shown.
    await waitFor(() => expect(document.querySelector('.rich-text-view')?.innerHTML).toBe('<p>소독을 <b>실시</b>합니다.</p>'));
    expect(document.querySelector('img.stored-image')?.getAttribute('src')).toBe('/api/board/image.do?biIdx=5&index=0');
  });

  it('stop a post that shows, with a reason, for users who may update it', async () => {
    const calls = renderBoard(boardImageDefinition, '/board/image/view?biIdx=5', WRITER);
    await userEvent.click(await screen.findByRole('button', { name: '게시 중지' }));
    const dialog = await screen.findByRole('dialog', { name: '게시 중지' });
    await userEvent.type(within(dialog).getByLabelText('중지 사유'), '단지 요청으로 중지');
    await userEvent.click(within(dialog).getByRole('button', { name: /확\s*인/ }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/board/image/jsonStop.do').map((call) => call.body)).toEqual([{ biIdx: 5, reason: '단지 요청으로 중지' }]),
    );
  });

  it('offer neither stop nor modify to a reader', async () => {
    renderBoard(boardImageDefinition, '/board/image/view?biIdx=5', ['board.image:list', 'board.image:view']);
    expect(await screen.findByText('101동 그룹')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '게시 중지' })).toBeNull();
    expect(screen.queryByRole('button', { name: /수\s*정/ })).toBeNull();
  });

  it('tell why a stopped post stopped, and offer no stop for it', async () => {
    renderBoard(boardImageDefinition, '/board/image/view?biIdx=5', WRITER, { ...DETAIL, status: 90, stopReason: '민원 접수', stoppedAt: '2026-06-03 10:00:00' });
    expect(await screen.findByText('민원 접수')).toBeTruthy();
    expect(await screen.findByText('중지')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '게시 중지' })).toBeNull();
  });

  it('ask for the title, the period, the groups, the body and the images before saving an image post', async () => {
    renderBoard(boardImageDefinition, '/board/image/view', WRITER);
    expect(await screen.findByRole('heading', { name: '이미지 게시판 등록' })).toBeTruthy();
    expect(screen.queryByLabelText('영상 소재')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /저\s*장/ }));
    for (const problem of ['제목을(를) 입력해 주세요.', '게시 시작일을(를) 선택해 주세요.', '매체 그룹을(를) 선택해 주세요.', '내용을(를) 입력해 주세요.']) {
      expect(await screen.findByText(problem)).toBeTruthy();
    }
    expect(screen.getByText(/^이미지 \(png, jpeg 10개까지\)을\(를\) 선택해 주세요\.$/)).toBeTruthy();
  });

  it('pick a board video for a video post instead of images, and no groups for an all-screen post', async () => {
    signIn(['board.material:write', 'board.adMaterial:list', 'media.mediagroup:list']);
    serveApi(() => null, CODES);
    renderRoutes(resourceRoutes(boardVideoDefinition), '/board/material/view');
    expect(await screen.findByRole('heading', { name: '동영상 게시판 등록' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '게시판 영상 소재 검색' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /매체 그룹 검색$/ })).toBeTruthy();
    expect(screen.queryByText(/^이미지 \(/)).toBeNull();
    expect(boardVideoDefinition.saveAs).toBeUndefined();

    expect(allScreenBoardDefinition.fields.map((field) => field.field)).not.toContain('mgIds');
    expect(allScreenBoardDefinition.filters.map((filter) => filter.field)).not.toContain('mgId');
    expect(allScreenBoardDefinition.saveAs).toBe('multipart');
  });
});

describe('all-screen posts', () => {
  beforeEach(freshScreens);

  it('are read by site managers, but written, changed and stopped only by managers and operators', async () => {
    const permissions = ['list', 'view', 'write', 'update', 'delete'].map((kind) => `board.adImage:${kind}`);
    renderResource(allScreenBoardDefinition, '/board/adImage/list', { permissions, roleCd: 10008, rows: [ROW], detail: DETAIL, codes: CODES });
    expect(await screen.findByText('6월 단지 소독 안내')).toBeTruthy();
    expect(screen.getByText('전체화면 게시물은 모든 화면에 게시됩니다.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /등\s*록/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '매체 그룹' })).toBeNull();
    await userEvent.click(screen.getByText('6월 단지 소독 안내'));
    expect(await screen.findByRole('heading', { name: '전체화면 게시판 상세' })).toBeTruthy();
    expect(await screen.findByText('실시')).toBeTruthy();
    for (const name of [/^수\s*정$/, /^삭\s*제$/, /게시 중지/]) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('offer a manager the register button', async () => {
    const permissions = ['list', 'view', 'write'].map((kind) => `board.adImage:${kind}`);
    renderResource(allScreenBoardDefinition, '/board/adImage/list', { permissions, rows: [ROW], detail: DETAIL, codes: CODES });
    expect(await screen.findByRole('button', { name: /등\s*록/ })).toBeTruthy();
  });
});
