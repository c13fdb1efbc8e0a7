import type { ScreenView } from './playback';
import { bandHeight, containIn, type Rect, type Size, type TickerBand } from './screenLayout';

/** What the screen shows at a moment, for drawing it again at the template's size. */
export interface Scene {
  size: Size;
  view: ScreenView;
  /** The material in front, when the view is one. */
  visual: HTMLVideoElement | HTMLImageElement | null;
  band: TickerBand;
  tickerText: string;
  /** How far the ticker's text has moved (template pixels; the track's translateX). */
  tickerOffset: number;
  notices: string[];
  message: string | null;
  urgent: { text: string; image: HTMLImageElement | null } | null;
  now: Date;
  /** Where the loop plays while the board shows; the whole frame without it. */
  main?: Rect;
  /** The board beside or below the loop, with what it shows. */
  board?: { area: Rect; visual: HTMLVideoElement | HTMLImageElement | null };
}

// The colours of player.css.
const HOUSE_TOP = '#0b2545';
const HOUSE_BOTTOM = '#1d4e89';
const BAND = 'rgba(0, 0, 0, 0.78)';
const MESSAGE = 'rgba(20, 20, 20, 0.9)';
const URGENT = '#8a0b1a';
const BOARD = '#111111';
const FONT = '"Noto Sans KR", "Malgun Gothic", "Apple SD Gothic Neo", sans-serif';

/** The text cut into lines no wider than `width`: at spaces where it can, anywhere in a long word (Korean has few). */
export function wrapLines(measure: (text: string) => number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const char of paragraph) {
      const candidate = line + char;
      if (measure(candidate) <= width || line === '') {
        line = candidate;
        continue;
      }
      const space = line.lastIndexOf(' ');
      if (char !== ' ' && space > 0) {
        lines.push(line.slice(0, space));
        line = line.slice(space + 1) + char;
      } else {
        lines.push(line);
        line = char === ' ' ? '' : char;
      }
    }
    lines.push(line);
  }
  return lines;
}

function text(ctx: CanvasRenderingContext2D, value: string, x: number, y: number, px: number, color: string, weight = 400) {
  ctx.font = `${weight} ${px}px ${FONT}`;
  ctx.fillStyle = color;
  ctx.fillText(value, x, y);
}

function paragraph(ctx: CanvasRenderingContext2D, value: string, centreX: number, top: number, width: number, px: number, color: string): number {
  ctx.font = `400 ${px}px ${FONT}`;
  ctx.textAlign = 'center';
  let y = top;
  for (const line of wrapLines((part) => ctx.measureText(part).width, value, width)) {
    text(ctx, line, centreX, y, px, color);
    y += px * 1.4;
  }
  ctx.textAlign = 'left';
  return y;
}

const sameOrigin = (image: HTMLImageElement) => {
  try {
    return new URL(image.currentSrc || image.src).origin === window.location.origin;
  } catch {
    return false;
  }
};

/** The house screen filling a frame of `size` from the origin (the caller moves the origin to the loop's area). */
function drawHouse(ctx: CanvasRenderingContext2D, scene: Scene, size: Size, unit: number) {
  const { width, height } = size;
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, HOUSE_TOP);
  gradient.addColorStop(1, HOUSE_BOTTOM);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  ctx.textAlign = 'center';
  const notice = scene.view.state === 'playing' && scene.view.slide.kind === 'notice' && scene.notices.length > 0;
  if (notice) {
    text(ctx, '공지사항', width / 2, height * 0.2, 72 * unit, '#ffffff', 700);
    let y = height * 0.2 + 140 * unit;
    for (const line of scene.notices) y = paragraph(ctx, line, width / 2, y, width * 0.8, 48 * unit, '#ffffff') + 30 * unit;
  } else {
    text(ctx, '타운보드', width / 2, height * 0.45, 96 * unit, '#ffffff', 700);
    const clock = scene.now.toLocaleTimeString('ko-KR', { hour: '2-digit', minute: '2-digit' });
    text(ctx, clock, width / 2, height * 0.45 + 120 * unit, 56 * unit, 'rgba(255,255,255,0.75)');
  }
  ctx.textAlign = 'left';
}

/** What a picture or video shows, scaled whole into `area` and centred. */
function drawContained(ctx: CanvasRenderingContext2D, visual: HTMLVideoElement | HTMLImageElement, area: Rect) {
  const natural = visual instanceof HTMLVideoElement ? { width: visual.videoWidth, height: visual.videoHeight } : { width: visual.naturalWidth, height: visual.naturalHeight };
  const at = containIn(natural, area);
  if (at.scale > 0) ctx.drawImage(visual, area.x + at.x, area.y + at.y, at.width, at.height);
}

/** Draws the scene on a canvas of the template's size. */
export function drawScene(ctx: CanvasRenderingContext2D, scene: Scene) {
  const { width, height } = scene.size;
  const unit = Math.min(width, height) / 1080;
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'middle';
  const { view, visual } = scene;
  const main = scene.main ?? { x: 0, y: 0, width, height };
  if (view.state === 'playing' && (view.slide.kind === 'video' || view.slide.kind === 'image') && visual) {
    drawContained(ctx, visual, main);
  } else if (view.state !== 'closed') {
    ctx.save();
    ctx.translate(main.x, main.y);
    drawHouse(ctx, scene, main, unit);
    ctx.restore();
  }
  if (view.state === 'closed') return;
  if (scene.board) {
    ctx.fillStyle = BOARD;
    ctx.fillRect(scene.board.area.x, scene.board.area.y, scene.board.area.width, scene.board.area.height);
    if (scene.board.visual) drawContained(ctx, scene.board.visual, scene.board.area);
  }

  const band = bandHeight(scene.size);
  const bands = scene.tickerText === '' ? [] : scene.band === 'both' ? [0, height - band] : scene.band === 'top' ? [0] : scene.band === 'bottom' ? [height - band] : [];
  for (const top of bands) {
    ctx.fillStyle = BAND;
    ctx.fillRect(0, top, width, band);
    text(ctx, scene.tickerText, scene.tickerOffset, top + band / 2, band * 0.5, '#ffffff');
  }
  if (scene.message) {
    ctx.font = `400 ${44 * unit}px ${FONT}`;
    const lines = wrapLines((part) => ctx.measureText(part).width, scene.message, width * 0.8);
    const boxHeight = lines.length * 44 * unit * 1.4 + 60 * unit;
    const bottom = height - (scene.band === 'bottom' || scene.band === 'both' ? band : 0) - 40 * unit;
    ctx.fillStyle = MESSAGE;
    ctx.fillRect(width * 0.05, bottom - boxHeight, width * 0.9, boxHeight);
    paragraph(ctx, scene.message, width / 2, bottom - boxHeight + 30 * unit + 22 * unit, width * 0.8, 44 * unit, '#ffffff');
  }
  if (scene.urgent) drawUrgent(ctx, scene.urgent, scene.size, unit);
}

/** The urgent message over everything, its block centred as player.css centres it. */
function drawUrgent(ctx: CanvasRenderingContext2D, urgent: NonNullable<Scene['urgent']>, size: Size, unit: number) {
  const { width, height } = size;
  ctx.fillStyle = URGENT;
  ctx.fillRect(0, 0, width, height);
  const px = 56 * unit;
  ctx.font = `400 ${px}px ${FONT}`;
  const lines = wrapLines((part) => ctx.measureText(part).width, urgent.text, width * 0.84);
  const image = urgent.image && urgent.image.complete && urgent.image.naturalWidth > 0 && sameOrigin(urgent.image) ? urgent.image : null;
  const picture = image ? containIn({ width: image.naturalWidth, height: image.naturalHeight }, { width: width * 0.8, height: height * 0.5 }) : null;
  const titleHeight = 80 * unit * 1.8;
  const block = titleHeight + lines.length * px * 1.4 + (picture ? 40 * unit + picture.height : 0);
  let y = Math.max(0, (height - block) / 2);
  ctx.textAlign = 'center';
  text(ctx, '긴급 안내', width / 2, y + 40 * unit, 80 * unit, '#ffffff', 700);
  ctx.textAlign = 'left';
  y = paragraph(ctx, urgent.text, width / 2, y + titleHeight + px * 0.7, width * 0.84, px, '#ffffff');
  if (image && picture) ctx.drawImage(image, (width - picture.width) / 2, y + 40 * unit - px * 0.7, picture.width, picture.height);
}

/** The scene as a PNG at the template's size. */
export function screenshot(scene: Scene): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = scene.size.width;
  canvas.height = scene.size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('no 2d canvas'));
  drawScene(ctx, scene);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob gave nothing'))), 'image/png'));
}
