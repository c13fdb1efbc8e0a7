import { describe, expect, it } from 'vitest';
import { itemTitle, loopLength, replaceable, timelineSlots, type LoopItem } from './loop';

const item = (seq: number, rest: Partial<LoopItem> = {}): LoopItem => ({
  seq,
  slotType: 1,
  cmpgId: null,
  matId: seq * 10,
  seconds: 15,
  loops: 'all',
  ...rest,
});

describe('timelineSlots', () => {
  it('puts an even half and the odd half after it in one place, every other item in a place of its own', () => {
    const loop = [item(1), item(2, { loops: 'even' }), item(3, { loops: 'odd', slotType: 2 }), item(4, { slotType: 3 }), item(5, { slotType: 4 })];
    const slots = timelineSlots(loop);
    expect(slots.map((slot) => slot.items.map((one) => one.seq))).toEqual([[1], [2, 3], [4], [5]]);
    expect(slots.map((slot) => slot.halves)).toEqual([false, true, false, false]);
    expect(slots.map((slot) => slot.position)).toEqual([1, 2, 3, 4]);
  });

  it('leaves a half alone when its partner does not follow, and never pairs an odd half with the even one after it', () => {
    const loop = [item(1, { loops: 'odd' }), item(2, { loops: 'even' }), item(3), item(4, { loops: 'even' })];
    const slots = timelineSlots(loop);
    expect(slots.map((slot) => slot.items.map((one) => one.seq))).toEqual([[1], [2], [3], [4]]);
    expect(slots.map((slot) => slot.halves)).toEqual([true, true, false, true]);
  });

  it('has no places for an empty day', () => {
    expect(timelineSlots([])).toEqual([]);
  });
});

describe('loopLength', () => {
  it('counts what an even and an odd loop each play', () => {
    const loop = [item(1), item(2, { loops: 'even', seconds: 15 }), item(3, { loops: 'odd', seconds: 30 }), item(4, { seconds: 10 })];
    expect(loopLength(loop, 'even')).toBe(40);
    expect(loopLength(loop, 'odd')).toBe(55);
  });
});

describe('itemTitle and replaceable', () => {
  it('names the material, else the text, else the notice or the idle screen', () => {
    expect(itemTitle(item(1, { matName: '봄 세일' }))).toBe('봄 세일');
    expect(itemTitle(item(2, { slotType: 3, matId: null, text: '오늘의 날씨' }))).toBe('오늘의 날씨');
    expect(itemTitle(item(3, { slotType: 4, matId: null }))).toBe('공지 (하단 공지 문구)');
    expect(itemTitle(item(4, { slotType: 2, matId: null }))).toBe('기본 화면');
  });

  it('lets every slot but the notice be replaced by hand', () => {
    expect([1, 2, 3, 4].map((slotType) => replaceable(item(1, { slotType })))).toEqual([true, true, true, false]);
  });
});
