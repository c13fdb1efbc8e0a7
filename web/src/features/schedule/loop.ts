import { SLOT_TYPE, type LoopItemBase, type Loops } from '../../lib/loopItem';

/** One item of a day's loop, as the schedule calls answer it. */
export interface LoopItem extends LoopItemBase {
  matType?: 'video' | 'image' | null;
  matName?: string | null;
  cmpgTitle?: string | null;
  thumbUrl?: string | null;
  /** The words of a text content, which has no material. */
  text?: string | null;
  overridden?: boolean;
}

/** The loop of one media group on one date; a day without a plan has no version and no items. */
export interface DailyLoop {
  mgId: number;
  mgNm?: string;
  date: string;
  version: number | string | null;
  loopSec: number;
  templateType?: number | null;
  generatedAt?: string | null;
  loop: LoopItem[];
}

/**
 * A place of the loop: one item played in every loop, or a slot shared by two halves (the even
 * loops' item, then the odd loops'). A half whose partner is missing stands alone.
 */
export interface TimelineSlot {
  /** 1-based place in the loop. */
  position: number;
  items: LoopItem[];
  halves: boolean;
}

/** The loop's items as the places a viewer sees: consecutive even and odd halves put together. */
export function timelineSlots(loop: LoopItem[]): TimelineSlot[] {
  const slots: TimelineSlot[] = [];
  for (let index = 0; index < loop.length; index += 1) {
    const item = loop[index];
    const next = loop[index + 1];
    if (item.loops === 'even' && next?.loops === 'odd') {
      slots.push({ position: slots.length + 1, items: [item, next], halves: true });
      index += 1;
    } else {
      slots.push({ position: slots.length + 1, items: [item], halves: item.loops !== 'all' });
    }
  }
  return slots;
}

/** How long one loop of this parity plays: the items it plays, one after another. */
export function loopLength(loop: LoopItem[], parity: 'even' | 'odd'): number {
  return loop.filter((item) => item.loops === 'all' || item.loops === parity).reduce((sum, item) => sum + item.seconds, 0);
}

export const LOOPS_LABELS: Record<Loops, string> = { all: '매 루프', even: '짝수 루프', odd: '홀수 루프' };

/** What an item plays, in words: its material, a text, or the idle screen when it has none. */
export function itemTitle(item: LoopItem): string {
  if (item.matName) return item.matName;
  if (item.text) return item.text;
  if (item.slotType === SLOT_TYPE.notice) return '공지 (하단 공지 문구)';
  return item.matId === null ? '기본 화면' : `소재 #${item.matId}`;
}

/** Whether a slot's material can be replaced by hand: ads, house ads and contents; the notice plays text. */
export const replaceable = (item: LoopItem) => item.slotType !== SLOT_TYPE.notice;
