import { describe, expect, it } from 'vitest';
import { addPlay, closeEarly, emptyHour, hourOf, recordPlay, rollTo, type HourCounts } from './hourCounter';
import { batchIdOf, batchOf } from './popBatch';

const AD = { cmpgId: 7, matId: 70, slotType: 1 };
const OTHER_AD = { cmpgId: 8, matId: 80, slotType: 1 };
const HOUSE = { cmpgId: null, matId: 90, slotType: 2 };
const NOTICE = { cmpgId: null, matId: null, slotType: 4 };
const at = (text: string) => new Date(text);

describe('the hourly counter', () => {
  it('counts plays and seconds per campaign, material and slot type', () => {
    let counts = emptyHour({ date: '2026-11-22', hour: 9 });
    counts = addPlay(counts, AD, 15);
    counts = addPlay(counts, HOUSE, 14.6);
    counts = addPlay(counts, AD, 15);
    counts = addPlay(counts, NOTICE, 10);
    counts = addPlay(counts, OTHER_AD, 30);
    expect(counts.items).toEqual([
      { ...AD, plays: 2, seconds: 30 },
      { ...HOUSE, plays: 1, seconds: 15 },
      { ...NOTICE, plays: 1, seconds: 10 },
      { ...OTHER_AD, plays: 1, seconds: 30 },
    ]);
  });

  it('does not count an ad that names no campaign', () => {
    const counts = addPlay(emptyHour({ date: '2026-11-22', hour: 9 }), { cmpgId: null, matId: 5, slotType: 1 }, 15);
    expect(counts.items).toEqual([]);
  });

  it('knows the hour of a time on this clock', () => {
    expect(hourOf(at('2026-11-22T00:00:00'))).toEqual({ date: '2026-11-22', hour: 0 });
    expect(hourOf(at('2026-11-22T23:59:59'))).toEqual({ date: '2026-11-22', hour: 23 });
  });

  it('keeps the hour open until it ends, then closes it and opens the next', () => {
    const nine = addPlay(emptyHour({ date: '2026-11-22', hour: 9 }), AD, 15);
    expect(rollTo(nine, at('2026-11-22T09:59:59'))).toEqual({ open: nine, closed: [] });
    expect(rollTo(nine, at('2026-11-22T10:00:01'))).toEqual({ open: emptyHour({ date: '2026-11-22', hour: 10 }), closed: [nine] });
    // Over midnight, and after a night switched off.
    const late = addPlay(emptyHour({ date: '2026-11-22', hour: 23 }), AD, 15);
    expect(rollTo(late, at('2026-11-23T07:10:00')).closed).toEqual([late]);
    expect(rollTo(late, at('2026-11-23T07:10:00')).open).toEqual(emptyHour({ date: '2026-11-23', hour: 7 }));
  });

  it('closes an hour without plays into nothing', () => {
    expect(rollTo(emptyHour({ date: '2026-11-22', hour: 9 }), at('2026-11-22T10:00:00')).closed).toEqual([]);
  });

  it('counts a play in the hour it ended, closing the hour before', () => {
    const nine = addPlay(emptyHour({ date: '2026-11-22', hour: 9 }), AD, 15);
    const { open, closed } = recordPlay(nine, HOUSE, 15, at('2026-11-22T10:00:05'));
    expect(closed).toEqual([nine]);
    expect(open).toEqual({ date: '2026-11-22', hour: 10, part: 0, items: [{ ...HOUSE, plays: 1, seconds: 15 }] });
  });

  it('closes the open hour early into numbered parts, each its own batch', () => {
    const first = addPlay(emptyHour({ date: '2026-11-22', hour: 9 }), AD, 15);
    const early = closeEarly(first);
    expect(early.closed).toEqual([first]);
    expect(early.open).toEqual({ date: '2026-11-22', hour: 9, part: 1, items: [] });
    expect(closeEarly(early.open)).toEqual({ open: early.open, closed: [] });
    const second = addPlay(early.open, AD, 15);
    expect(batchOf('SN-1', first)?.batchId).toBe('SN-1-2026-11-22-09');
    expect(batchOf('SN-1', second)?.batchId).toBe('SN-1-2026-11-22-09-1');
  });
});

describe('batches', () => {
  const counts = (items: HourCounts['items']): HourCounts => ({ date: '2026-11-22', hour: 14, part: 0, items });

  it('name the screen, date and hour, the same every time', () => {
    expect(batchIdOf('SN-E2E-1', { date: '2026-11-22', hour: 7, part: 0 })).toBe('SN-E2E-1-2026-11-22-07');
    expect(batchIdOf('SN-E2E-1', { date: '2026-11-22', hour: 7, part: 0 })).toBe(batchIdOf('SN-E2E-1', { date: '2026-11-22', hour: 7, part: 0 }));
    expect(batchIdOf('x'.repeat(120), { date: '2026-11-22', hour: 7, part: 3 })).toHaveLength(100);
  });

  it('carry the hour and its items', () => {
    expect(batchOf('SN-1', counts([{ ...AD, plays: 12, seconds: 180 }]))).toEqual({
      batchId: 'SN-1-2026-11-22-14',
      date: '2026-11-22',
      hour: 14,
      items: [{ ...AD, plays: 12, seconds: 180 }],
    });
  });

  it('are not made of an hour without plays', () => {
    expect(batchOf('SN-1', counts([]))).toBeNull();
  });

  it('stay within 720 plays and 3600 seconds an hour', () => {
    const batch = batchOf('SN-1', counts([
      { ...AD, plays: 600, seconds: 3000 },
      { ...HOUSE, plays: 600, seconds: 3000 },
    ]));
    const plays = batch?.items.reduce((sum, item) => sum + item.plays, 0);
    const seconds = batch?.items.reduce((sum, item) => sum + item.seconds, 0);
    expect(plays).toBeLessThanOrEqual(720);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(batch?.items.map((item) => item.plays)).toEqual([360, 360]);
  });
});
