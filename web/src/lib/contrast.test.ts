import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColor } from './contrast';

describe('contrastRatio', () => {
  it.each([
    // Reference values of the WCAG formula (also what browser accessibility checkers report).
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#ffffff', '#1677ff', 4.1],
    ['#8c8c8c', '#ffffff', 3.36],
    ['#1677ff', '#e6f4ff', 3.66],
  ])('%s on %s is %d:1', (foreground, background, ratio) => {
    expect(contrastRatio(foreground, background)).toBeCloseTo(ratio, 2);
  });

  it('is the same whichever colour is the lighter', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBe(contrastRatio('#000000', '#ffffff'));
  });

  it('lays translucent text over its background, as painted', () => {
    // 45% black on white paints #8c8c8c; on black it is black.
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
    expect(contrastRatio('rgba(0,0,0,0.45)', '#000')).toBe(1);
    expect(contrastRatio('#00000073', '#fff')).toBeCloseTo(3.36, 1);
  });

  it('lays a translucent background over white', () => {
    expect(contrastRatio('#000', 'rgba(0, 0, 0, 0)')).toBe(21);
  });
});

describe('parseColor', () => {
  it.each([
    ['#fff', { r: 255, g: 255, b: 255, a: 1 }],
    ['#0958D9', { r: 9, g: 88, b: 217, a: 1 }],
    ['rgb(1, 2, 3)', { r: 1, g: 2, b: 3, a: 1 }],
    ['rgba(0,0,0,0.88)', { r: 0, g: 0, b: 0, a: 0.88 }],
  ])('reads %s', (text, rgba) => {
    expect(parseColor(text)).toEqual(rgba);
  });

  it.each(['', 'blue', '#12', 'rgb(1, 2)', 'var(--ant-color-primary)'])('refuses %j', (text) => {
    expect(() => parseColor(text)).toThrow();
  });
});
