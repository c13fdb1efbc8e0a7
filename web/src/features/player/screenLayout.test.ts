import { describe, expect, it } from 'vitest';
import { bandHeight, boardLayout, containIn, templateSize, tickerBand, type TickerBand } from './screenLayout';

describe('templateSize', () => {
  it.each([
    [0, 1080, 2560],
    [1, 1080, 1750],
    [2, 1080, 1920],
    [3, 1080, 2480],
    [4, 2560, 1080],
    [null, 1080, 1920],
    [9, 1080, 1920],
  ])('type %s is %ix%i', (type, width, height) => {
    expect(templateSize(type)).toEqual({ width, height });
  });
});

describe('tickerBand', () => {
  it.each<[number | null, TickerBand]>([
    [100, 'none'],
    [104, 'none'],
    [105, 'none'],
    [210, 'top'],
    [214, 'top'],
    [220, 'bottom'],
    [232, 'bottom'],
    [240, 'both'],
    [244, 'both'],
    [3, 'bottom'],
    [null, 'bottom'],
  ])('layout %s: %s', (layout, band) => {
    expect(tickerBand(layout)).toBe(band);
  });

  it('is a twentieth of the longer side', () => {
    expect(bandHeight({ width: 1080, height: 1920 })).toBe(96);
    expect(bandHeight({ width: 2560, height: 1080 })).toBe(128);
  });
});

describe('containIn', () => {
  it('letterboxes a portrait frame in a landscape window: bars left and right', () => {
    expect(containIn({ width: 1080, height: 1920 }, { width: 1440, height: 900 })).toEqual({ x: 466.875, y: 0, width: 506.25, height: 900, scale: 0.46875 });
  });

  it('letterboxes a landscape frame in a portrait window: bars above and below', () => {
    expect(containIn({ width: 2560, height: 1080 }, { width: 1080, height: 1920 })).toEqual({ x: 0, y: 732.1875, width: 1080, height: 455.625, scale: 0.421875 });
  });

  it('fills a window of the same aspect', () => {
    expect(containIn({ width: 1080, height: 1920 }, { width: 540, height: 960 })).toEqual({ x: 0, y: 0, width: 540, height: 960, scale: 0.5 });
  });

  it('places nothing for an empty source', () => {
    expect(containIn({ width: 0, height: 0 }, { width: 100, height: 100 }).scale).toBe(0);
  });
});

describe('boardLayout', () => {
  it('puts the board below the loop of a portrait frame, above the bottom band', () => {
    expect(boardLayout({ width: 1080, height: 1920 }, 'bottom', 96)).toEqual({
      main: { x: 0, y: 0, width: 1080, height: 1344 },
      board: { x: 0, y: 1344, width: 1080, height: 480 },
    });
    expect(boardLayout({ width: 1080, height: 1920 }, 'top', 96).board).toEqual({ x: 0, y: 1440, width: 1080, height: 480 });
  });

  it('puts the board right of the loop of a landscape frame, between the bands', () => {
    expect(boardLayout({ width: 2560, height: 1080 }, 'both', 128)).toEqual({
      main: { x: 0, y: 0, width: 1920, height: 1080 },
      board: { x: 1920, y: 128, width: 640, height: 824 },
    });
  });
});
