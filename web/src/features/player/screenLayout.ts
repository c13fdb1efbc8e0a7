/** The frame a screen plays in, in the template's pixels. */
export interface Size {
  width: number;
  height: number;
}

/** Template types and their pixel sizes (product spec §9). */
const TEMPLATE_SIZES: Record<number, Size> = {
  0: { width: 1080, height: 2560 },
  1: { width: 1080, height: 1750 },
  2: { width: 1080, height: 1920 },
  3: { width: 1080, height: 2480 },
  4: { width: 2560, height: 1080 },
};

/** A group without a known template plays in the most common one, 1080x1920. */
export function templateSize(templateType: number | null | undefined): Size {
  return TEMPLATE_SIZES[templateType ?? 2] ?? TEMPLATE_SIZES[2];
}

/** Where the lower band (notices and news) goes. */
export type TickerBand = 'none' | 'top' | 'bottom' | 'both';

/**
 * The band a layout asks for. Layout codes (product spec §9): 10x the content only; 21x a top band;
 * 22x middle, 23x bottom (both shown at the bottom, a ticker does not split the content); 24x top and
 * bottom. A group's plain layout number (1-6) and anything else keep the bottom band.
 */
export function tickerBand(layout: number | null | undefined): TickerBand {
  if (layout === null || layout === undefined) return 'bottom';
  const family = Math.floor(layout / 10);
  if (family === 10) return 'none';
  if (family === 21) return 'top';
  if (family === 24) return 'both';
  return 'bottom';
}

/** The band's height: a twentieth of the frame's longer side. */
export function bandHeight(size: Size): number {
  return Math.round(Math.max(size.width, size.height) / 20);
}

export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
  scale: number;
}

/** `inner` scaled to fit whole inside `outer` and centred: black bars on the sides that are left over. */
export function containIn(inner: Size, outer: Size): Placement {
  if (inner.width <= 0 || inner.height <= 0) return { x: 0, y: 0, width: 0, height: 0, scale: 0 };
  const scale = Math.min(outer.width / inner.width, outer.height / inner.height);
  const width = inner.width * scale;
  const height = inner.height * scale;
  return { x: (outer.width - width) / 2, y: (outer.height - height) / 2, width, height, scale };
}

/** A part of the frame, in template pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The share of the frame's longer side the board takes while it shows. */
export const BOARD_SHARE = 0.25;

/**
 * Where the loop and the board go while the board shows: a portrait frame keeps the loop on top and
 * the board below it, a landscape one the board on the right; the board stays clear of the ticker
 * bands, which keep their place at the frame's edges.
 */
export function boardLayout(size: Size, band: TickerBand, bandPx: number): { main: Rect; board: Rect } {
  const top = band === 'top' || band === 'both' ? bandPx : 0;
  const bottom = band === 'bottom' || band === 'both' ? bandPx : 0;
  if (size.width > size.height) {
    const width = Math.round(size.width * BOARD_SHARE);
    return {
      main: { x: 0, y: 0, width: size.width - width, height: size.height },
      board: { x: size.width - width, y: top, width, height: size.height - top - bottom },
    };
  }
  const height = Math.round(size.height * BOARD_SHARE);
  const boardTop = size.height - bottom - height;
  return {
    main: { x: 0, y: 0, width: size.width, height: boardTop },
    board: { x: 0, y: boardTop, width: size.width, height },
  };
}
