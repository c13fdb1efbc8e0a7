import type { LoopItem } from './types';

/** Whether loop `n` (counted from 0 each day) plays the item: every loop, or the loops of its parity. */
export function playsInLoop(item: Pick<LoopItem, 'loops'>, n: number): boolean {
  if (item.loops === 'even') return n % 2 === 0;
  if (item.loops === 'odd') return n % 2 === 1;
  return true;
}

/** A place in the day's playing: loop `loop`, item `index` of the plan's list. */
export interface LoopPosition {
  loop: number;
  index: number;
}

/** Where the day starts: before the first item of loop 0. */
export const DAY_START: LoopPosition = { loop: 0, index: -1 };

/**
 * The place after `after`: the next item of the same loop that this loop plays, else the first one
 * the next loop plays. Null when neither loop plays anything (an empty plan). Positions are indexes,
 * so a plan that changed keeps its place in the loop.
 */
export function nextPosition(items: Pick<LoopItem, 'loops'>[], after: LoopPosition): LoopPosition | null {
  for (let index = after.index + 1; index < items.length; index += 1) {
    if (playsInLoop(items[index], after.loop)) return { loop: after.loop, index };
  }
  // Two loops in a row cover both parities: if neither plays an item, no loop does.
  for (const loop of [after.loop + 1, after.loop + 2]) {
    const index = items.findIndex((item) => playsInLoop(item, loop));
    if (index >= 0) return { loop, index };
  }
  return null;
}
