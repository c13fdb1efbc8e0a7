/** An item of a day's loop as the server answers it, to the screens' players and the schedule screens alike. */

/** Slot types of a loop item (SLOT_TYPE). */
export const SLOT_TYPE = { ad: 1, house: 2, content: 3, notice: 4 } as const;

/** Which loops of the day play an item: every loop, or the even or odd ones (loops count from 0). */
export type Loops = 'all' | 'even' | 'odd';

/** What every item of a day's loop tells: its place, its slot, what it plays and for how long. */
export interface LoopItemBase {
  seq: number;
  slotType: number;
  cmpgId: number | null;
  matId: number | null;
  seconds: number;
  loops: Loops;
}
