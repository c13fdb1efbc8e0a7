import { describe, expect, it } from 'vitest';
import { boardFrames, nextFrameIndex, readBoard, runBoard, type Board, type BoardFrame } from './board';

const image = (biIdx: number, urls: string[], seconds = 10 * urls.length) => ({ biIdx, kind: 'image', title: `게시물 ${biIdx}`, urls, seconds });
const video = (biIdx: number, url: string, seconds: number) => ({ biIdx, kind: 'video', title: `영상 ${biIdx}`, urls: [url], seconds });

const BOARD: Board = readBoard(
  {
    mgId: 4,
    slots: 2,
    posts: [image(11, ['/api/player/v1/board/11/0', '/api/player/v1/board/11/1']), video(12, '/api/player/v1/file/30/sd', 15)],
  },
  4,
);

describe('readBoard', () => {
  it('keeps at most as many posts as the group has board slots, and none without slots', () => {
    const three = { mgId: 4, slots: 2, posts: [image(1, ['a']), image(2, ['b']), image(3, ['c'])] };
    expect(readBoard(three, 4).posts.map((post) => post.biIdx)).toEqual([1, 2]);
    expect(readBoard({ ...three, slots: 0 }, 4).posts).toEqual([]);
  });

  it('reads what it can of an answer and drops what is not a post', () => {
    const board = readBoard({ slots: 4, posts: [null, { biIdx: 'x' }, { biIdx: 5, urls: ['u', 3, ''] }] }, 9);
    expect(board).toEqual({ mgId: 9, slots: 4, posts: [{ biIdx: 5, kind: 'image', title: '', urls: ['u'], seconds: 0 }] });
    expect(readBoard(null, 9)).toEqual({ mgId: 9, slots: 0, posts: [] });
  });
});

describe('boardFrames', () => {
  it('shows each image of a post for its share of the post\'s seconds, and a video for all of them', () => {
    expect(boardFrames(BOARD).map(({ post, index, url, seconds }) => [post.biIdx, index, url, seconds])).toEqual([
      [11, 0, '/api/player/v1/board/11/0', 10],
      [11, 1, '/api/player/v1/board/11/1', 10],
      [12, 0, '/api/player/v1/file/30/sd', 15],
    ]);
  });

  it('gives posts without a length the usual one, leaves out posts without a file, and caps each frame in tests', () => {
    const board = readBoard({ slots: 4, posts: [image(1, ['a', 'b'], 0), image(2, []), video(3, 'v', 0)] }, 4);
    expect(boardFrames(board).map((frame) => [frame.key, frame.seconds])).toEqual([
      ['1:0:a', 10],
      ['1:1:b', 10],
      ['3:0:v', 15],
    ]);
    expect(boardFrames(board, 3).map((frame) => frame.seconds)).toEqual([3, 3, 3]);
    expect(boardFrames(null)).toEqual([]);
  });
});

describe('nextFrameIndex', () => {
  const frames = boardFrames(BOARD);
  it('goes on after the frame shown, round to the first, and starts over when the frame shown is gone', () => {
    expect(nextFrameIndex(frames, null)).toBe(0);
    expect(nextFrameIndex(frames, frames[0].key)).toBe(1);
    expect(nextFrameIndex(frames, frames[2].key)).toBe(0);
    expect(nextFrameIndex(frames, '99:0:gone')).toBe(0);
  });
});

/** Runs the cycle until it has shown `count` frames (or empty areas), answering files from `files`. */
async function cycle(frames: () => BoardFrame[], files: Record<string, Blob | null>, count: number) {
  const controller = new AbortController();
  const shown: (string | null)[] = [];
  const waits: number[] = [];
  const errors: string[] = [];
  await runBoard(
    {
      frames,
      file: async (url) => files[url] ?? null,
      show: (frame) => {
        shown.push(frame ? frame.key : null);
        if (shown.length >= count) controller.abort();
      },
      sleep: async (ms) => void waits.push(ms),
      onError: (message) => errors.push(message),
    },
    controller.signal,
  );
  return { shown, waits, errors };
}

describe('runBoard', () => {
  const blob = new Blob(['x']);
  const files = { '/api/player/v1/board/11/0': blob, '/api/player/v1/board/11/1': blob, '/api/player/v1/file/30/sd': blob };

  it('shows the posts in turn, each frame for its seconds, round and round', async () => {
    const frames = boardFrames(BOARD);
    const { shown, waits } = await cycle(() => frames, files, 5);
    expect(shown).toEqual(['11:0:/api/player/v1/board/11/0', '11:1:/api/player/v1/board/11/1', '12:0:/api/player/v1/file/30/sd', '11:0:/api/player/v1/board/11/0', '11:1:/api/player/v1/board/11/1']);
    expect(waits).toEqual([10_000, 10_000, 15_000, 10_000, 10_000]);
  });

  it('skips a frame whose file cannot be had, and empties the area while none can', async () => {
    const frames = boardFrames(BOARD);
    const partly = await cycle(() => frames, { ...files, '/api/player/v1/board/11/1': null }, 3);
    expect(partly.shown).toEqual(['11:0:/api/player/v1/board/11/0', '12:0:/api/player/v1/file/30/sd', '11:0:/api/player/v1/board/11/0']);
    expect(partly.errors).toEqual(['게시물 파일을 받지 못했습니다 (biIdx 11)']);

    const none = await cycle(() => frames, {}, 1);
    expect(none.shown).toEqual([null]);
    expect(none.errors).toHaveLength(3);
  });

  it('takes new posts at the next frame, and empties the area when there are none', async () => {
    let frames = boardFrames(BOARD);
    const controller = new AbortController();
    const shown: (string | null)[] = [];
    await runBoard(
      {
        frames: () => frames,
        file: async () => blob,
        show: (frame) => {
          shown.push(frame ? String(frame.post.biIdx) : null);
          // After the first frame the board changes to one post; after that one, to none.
          if (shown.length === 1) frames = boardFrames(readBoard({ slots: 2, posts: [image(21, ['n'])] }, 4));
          if (shown.length === 2) frames = [];
          if (shown.length === 3) controller.abort();
        },
        sleep: async () => undefined,
        onError: () => undefined,
      },
      controller.signal,
    );
    expect(shown).toEqual(['11', '21', null]);
  });
});
