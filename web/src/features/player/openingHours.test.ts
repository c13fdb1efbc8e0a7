import { describe, expect, it } from 'vitest';
import { isOpenAt, minutesOfDay } from './openingHours';

const at = (clock: string) => new Date(`2026-11-22T${clock}:00`);

describe('minutesOfDay', () => {
  it.each<[string | null, number | null]>([
    ['00:00', 0],
    ['06:30', 390],
    ['23:59', 1439],
    ['7:05', 425],
    ['22:00:30', 1320],
    ['24:00', null],
    ['12:60', null],
    ['noon', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (text, expected) => {
    expect(minutesOfDay(text)).toBe(expected);
  });
});

describe('isOpenAt', () => {
  it.each<[string, string, string, boolean]>([
    // A day site: open at the opening minute, through the closing minute, closed after.
    ['06:00', '22:00', '05:59', false],
    ['06:00', '22:00', '06:00', true],
    ['06:00', '22:00', '13:30', true],
    ['06:00', '22:00', '22:00', true],
    ['06:00', '22:00', '22:01', false],
    // Open all day.
    ['00:00', '23:59', '00:00', true],
    ['00:00', '23:59', '23:59', true],
    // Past midnight.
    ['18:00', '02:00', '17:59', false],
    ['18:00', '02:00', '23:30', true],
    ['18:00', '02:00', '01:15', true],
    ['18:00', '02:00', '02:01', false],
  ])('%s~%s at %s: %s', (open, close, now, expected) => {
    expect(isOpenAt(at(now), open, close)).toBe(expected);
  });

  it('plays all day when the hours are missing or unreadable', () => {
    expect(isOpenAt(at('03:00'), null, null)).toBe(true);
    expect(isOpenAt(at('03:00'), '06:00', 'late')).toBe(true);
    expect(isOpenAt(at('03:00'), '06:00', '06:00')).toBe(true);
  });
});
