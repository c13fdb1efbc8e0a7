import { describe, expect, it } from 'vitest';
import { DAY_START, nextPosition, playsInLoop, type LoopPosition } from './loopOrder';
import type { LoopItem } from './types';

type Loops = LoopItem['loops'];
const plan = (...loops: Loops[]) => loops.map((value) => ({ loops: value }));

/** The indexes played from the start of the day, loop by loop, for `count` steps. */
function played(items: { loops: Loops }[], count: number): string[] {
  const seen: string[] = [];
  let at: LoopPosition | null = DAY_START;
  for (let step = 0; step < count && at; step += 1) {
    at = nextPosition(items, at);
    if (at) seen.push(`${at.loop}:${at.index}`);
  }
  return seen;
}

describe('playsInLoop', () => {
  it.each<[Loops, number, boolean]>([
    ['all', 0, true],
    ['all', 7, true],
    ['even', 0, true],
    ['even', 1, false],
    ['even', 4, true],
    ['odd', 0, false],
    ['odd', 3, true],
  ])('%s in loop %i: %s', (loops, n, expected) => {
    expect(playsInLoop({ loops }, n)).toBe(expected);
  });
});

describe('nextPosition', () => {
  it('plays every item of each loop in order, loop after loop', () => {
    expect(played(plan('all', 'all', 'all'), 7)).toEqual(['0:0', '0:1', '0:2', '1:0', '1:1', '1:2', '2:0']);
  });

  it('plays the even half in even loops and the odd half in odd loops', () => {
    // A full slot, then one slot shared by two halves, then the notice.
    expect(played(plan('all', 'even', 'odd', 'all'), 9)).toEqual(['0:0', '0:1', '0:3', '1:0', '1:2', '1:3', '2:0', '2:1', '2:3']);
  });

  it('skips a loop that plays nothing', () => {
    expect(played(plan('odd'), 3)).toEqual(['1:0', '3:0', '5:0']);
  });

  it('finds nothing in an empty plan', () => {
    expect(nextPosition([], DAY_START)).toBeNull();
  });

  it('keeps its place when the plan changes under it, and starts the next loop past the end', () => {
    expect(nextPosition(plan('all', 'all', 'all', 'all'), { loop: 2, index: 1 })).toEqual({ loop: 2, index: 2 });
    expect(nextPosition(plan('all', 'all'), { loop: 2, index: 5 })).toEqual({ loop: 3, index: 0 });
  });
});
