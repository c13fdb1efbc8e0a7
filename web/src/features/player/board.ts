/**
 * The board of a screen: the posts in force for its group (`GET /api/board/material/id.do?mgId=`),
 * shown one after another in an area of their own beside or below the loop.
 */

/** A post as the screen shows it: its images or its video, device-fetchable with the token. */
export interface BoardPost {
  biIdx: number;
  kind: 'image' | 'video';
  title: string;
  urls: string[];
  /** How long the post shows: every image of it in turn, or its video. */
  seconds: number;
}

/** The group's board slots (0, 2, 4 or 8) and the posts in force today, all-screen ones first. */
export interface Board {
  mgId: number;
  slots: number;
  posts: BoardPost[];
}

/** One picture of the cycle: a post's image (or its video) for its share of the post's seconds. */
export interface BoardFrame {
  key: string;
  post: BoardPost;
  index: number;
  url: string;
  seconds: number;
}

/** How long a post shows when the answer gives no sensible length: an image, a video. */
const IMAGE_SECONDS = 10;
const VIDEO_SECONDS = 15;
/** How soon an empty board looks again. */
const IDLE_CHECK_MS = 1_000;
/** How long it waits after no file of the board could be had, before trying them all again. */
const NO_FILES_WAIT_MS = 5_000;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string' && each !== '') : []);

function readPost(value: unknown): BoardPost | null {
  if (value === null || typeof value !== 'object') return null;
  const post = value as Record<string, unknown>;
  const biIdx = Number(post.biIdx);
  if (!Number.isFinite(biIdx)) return null;
  return {
    biIdx,
    kind: post.kind === 'video' ? 'video' : 'image',
    title: typeof post.title === 'string' ? post.title : '',
    urls: strings(post.urls),
    seconds: Number(post.seconds) > 0 ? Number(post.seconds) : 0,
  };
}

/** The board as the server answered it, at most `slots` posts; nothing for a group without board slots. */
export function readBoard(data: unknown, mgId: number): Board {
  const answer = (data ?? {}) as Record<string, unknown>;
  const slots = Number(answer.slots) > 0 ? Number(answer.slots) : 0;
  const posts = (Array.isArray(answer.posts) ? answer.posts : []).map(readPost).filter((post): post is BoardPost => post !== null);
  return { mgId: Number(answer.mgId ?? mgId), slots, posts: posts.slice(0, slots) };
}

/**
 * The pictures the board cycles through: each image of a post for an equal share of its seconds, a
 * video for all of them; posts without a file are left out. `itemSecs` (tests only) caps each one.
 */
export function boardFrames(board: Board | null, itemSecs: number | null = null): BoardFrame[] {
  if (!board) return [];
  return board.posts.flatMap((post) => {
    const urls = post.kind === 'video' ? post.urls.slice(0, 1) : post.urls;
    const whole = post.seconds > 0 ? post.seconds : (post.kind === 'video' ? VIDEO_SECONDS : IMAGE_SECONDS * urls.length);
    const each = Math.max(1, whole / Math.max(1, urls.length));
    return urls.map((url, index) => ({
      key: `${post.biIdx}:${index}:${url}`,
      post,
      index,
      url,
      seconds: itemSecs === null ? each : Math.min(each, itemSecs),
    }));
  });
}

/** Where the cycle goes on: after the frame shown, or from the start when it is gone (the posts changed). */
export function nextFrameIndex(frames: BoardFrame[], shownKey: string | null): number {
  const at = shownKey === null ? -1 : frames.findIndex((frame) => frame.key === shownKey);
  return at === -1 ? 0 : (at + 1) % frames.length;
}

export interface BoardDeps {
  /** The frames in force, read before each one (new posts take over at the next frame). */
  frames: () => BoardFrame[];
  file: (url: string) => Promise<Blob | null>;
  /** Shows the frame with its file; null empties the area. */
  show: (frame: BoardFrame | null, file: Blob | null) => void;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  onError: (message: string) => void;
}

/**
 * Cycles the board until `signal` aborts: each frame for its seconds, in order, round and round;
 * a frame whose file cannot be had is skipped, and when none can, the area empties for a while.
 */
export async function runBoard(deps: BoardDeps, signal: AbortSignal): Promise<void> {
  let shown: string | null = null;
  let failedInRow = 0;
  while (!signal.aborted) {
    const frames = deps.frames();
    if (frames.length === 0) {
      shown = null;
      deps.show(null, null);
      await deps.sleep(IDLE_CHECK_MS, signal);
      continue;
    }
    const frame: BoardFrame = frames[nextFrameIndex(frames, shown)];
    shown = frame.key;
    const file = await deps.file(frame.url);
    if (signal.aborted) break;
    if (!file) {
      deps.onError(`게시물 파일을 받지 못했습니다 (biIdx ${frame.post.biIdx})`);
      failedInRow += 1;
      if (failedInRow >= frames.length) {
        failedInRow = 0;
        deps.show(null, null);
        await deps.sleep(NO_FILES_WAIT_MS, signal);
      }
      continue;
    }
    failedInRow = 0;
    deps.show(frame, file);
    await deps.sleep(frame.seconds * 1_000, signal);
  }
}
