import { DAY_START, nextPosition, type LoopPosition } from './loopOrder';
import { isOpenAt } from './openingHours';
import type { LoopItem, Plan } from './types';

/** One item in its place of the day: a material file, or a slot the screen fills itself. */
export interface Slide {
  key: string;
  item: LoopItem;
  loop: number;
  kind: 'video' | 'image' | 'house' | 'notice';
}

/** What the screen shows: waiting for a first plan, closed (outside the site's hours), nothing planned, or a slide. */
export type ScreenView = { state: 'loading' } | { state: 'closed' } | { state: 'empty' } | { state: 'playing'; slide: Slide };

export interface Played {
  item: LoopItem;
  seconds: number;
  startedAt: Date;
  endedAt: Date;
}

/** The two media layers: one in front, the other readying the next material. */
export interface Surface {
  load(layer: 0 | 1, slide: Slide, file: Blob): Promise<boolean>;
  /** Brings the layer to the front and starts it; the other goes behind, paused. */
  bringToFront(layer: 0 | 1): void;
  /** Pauses both (closed or nothing to play). */
  pause(): void;
}

export interface PlaybackDeps {
  surface: Surface;
  /** The plan in force, read at each item (a new version takes over at the next item). */
  plan: () => Plan | null;
  file: (url: string) => Promise<Blob | null>;
  now: () => Date;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Tests only: no item longer than this. */
  itemSecs: number | null;
  onView: (view: ScreenView) => void;
  onPlayed: (played: Played) => void;
  onError: (message: string) => void;
}

/** How soon an idle screen (no plan yet, closed, nothing planned) looks again: a new plan shows at once. */
const IDLE_CHECK_MS = 1_000;
/** How long it waits after no file of the loop could be had, before trying them all again. */
const NO_FILES_WAIT_MS = 5_000;
/** A slot without a sensible length still moves on. */
const FALLBACK_SECONDS = 15;

export function slideOf(plan: Plan, at: LoopPosition): Slide {
  const item = plan.loop[at.index];
  const kind = item.url && item.matType ? item.matType : item.slotType === 4 ? 'notice' : 'house';
  return { key: `${plan.date}:${at.loop}:${at.index}:${item.url ?? ''}`, item, loop: at.loop, kind };
}

export function playSeconds(item: LoopItem, itemSecs: number | null): number {
  const seconds = item.seconds > 0 ? item.seconds : FALLBACK_SECONDS;
  return itemSecs === null ? seconds : Math.min(seconds, itemSecs);
}

const isMedia = (slide: Slide): slide is Slide & { kind: 'video' | 'image' } => slide.kind === 'video' || slide.kind === 'image';

/**
 * Plays the day's loop until `signal` aborts: loop n = 0, 1, 2, ... of the items whose parity it
 * is, each for its seconds, the next material readied behind the current one. Each item that
 * played to its end is reported to `onPlayed`; items whose file cannot be had are skipped.
 * Outside the site's hours nothing plays and nothing is counted.
 */
export async function runPlayback(deps: PlaybackDeps, signal: AbortSignal): Promise<void> {
  const { surface } = deps;
  let day: string | null = null;
  let position: LoopPosition = DAY_START;
  let front: 0 | 1 = 0;
  let readied: { key: string; ready: Promise<boolean> } | null = null;
  let failedInRow = 0;

  const ready = async (layer: 0 | 1, slide: Slide & { kind: 'video' | 'image' }): Promise<boolean> => {
    const file = slide.item.url ? await deps.file(slide.item.url) : null;
    if (signal.aborted) return false;
    if (!file) {
      deps.onError(`소재 파일을 받지 못했습니다 (matId ${slide.item.matId ?? '-'})`);
      return false;
    }
    const ok = await surface.load(layer, slide, file);
    if (!ok && !signal.aborted) deps.onError(`소재를 재생할 수 없습니다 (matId ${slide.item.matId ?? '-'})`);
    return ok;
  };

  const idle = async (view: ScreenView, ms = IDLE_CHECK_MS) => {
    surface.pause();
    deps.onView(view);
    readied = null;
    await deps.sleep(ms, signal);
  };

  while (!signal.aborted) {
    const plan = deps.plan();
    if (!plan) {
      await idle({ state: 'loading' });
      continue;
    }
    if (!isOpenAt(deps.now(), plan.openTime, plan.closeTime)) {
      await idle({ state: 'closed' });
      continue;
    }
    if (plan.date !== day) {
      // Loops count from 0 each day.
      day = plan.date;
      position = DAY_START;
    }
    const at = nextPosition(plan.loop, position);
    if (!at) {
      await idle({ state: 'empty' });
      continue;
    }
    position = at;
    const slide = slideOf(plan, at);

    if (isMedia(slide)) {
      const back: 0 | 1 = front === 0 ? 1 : 0;
      const waiting = readied as { key: string; ready: Promise<boolean> } | null;
      readied = null;
      let ok: boolean;
      if (waiting?.key === slide.key) {
        ok = await waiting.ready;
      } else {
        // The plan changed under the readied item: let that load settle, then ready this one.
        if (waiting) await waiting.ready;
        ok = await ready(back, slide);
      }
      if (signal.aborted) break;
      if (!ok) {
        failedInRow += 1;
        // Nothing of the loop can be shown: wait as an empty screen rather than spin.
        if (failedInRow >= plan.loop.length) {
          failedInRow = 0;
          await idle({ state: 'empty' }, NO_FILES_WAIT_MS);
        }
        continue;
      }
      surface.bringToFront(back);
      front = back;
    }
    failedInRow = 0;
    deps.onView({ state: 'playing', slide });
    const startedAt = deps.now();

    const following = nextPosition(plan.loop, position);
    if (following) {
      const next = slideOf(plan, following);
      if (isMedia(next)) readied = { key: next.key, ready: ready(front === 0 ? 1 : 0, next) };
    }

    const seconds = playSeconds(slide.item, deps.itemSecs);
    await deps.sleep(seconds * 1000, signal);
    if (signal.aborted) break;
    deps.onPlayed({ item: slide.item, seconds, startedAt, endedAt: deps.now() });
  }
}
