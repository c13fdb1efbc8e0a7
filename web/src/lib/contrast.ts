/** WCAG 2 contrast: the ratio of two colours' relative luminance, as accessibility checkers compute it. */

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Reads #rgb, #rrggbb, #rrggbbaa, rgb(...) and rgba(...); anything else is a mistake of the caller. */
export function parseColor(text: string): Rgba {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((digit) => digit + digit).join('') : hex[1];
    const channel = (index: number) => parseInt(digits.slice(index * 2, index * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: digits.length === 8 ? channel(3) / 255 : 1 };
  }
  const functional = /^rgba?\(([^)]*)\)$/.exec(value);
  if (functional) {
    const parts = functional[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    if ((parts.length === 3 || parts.length === 4) && parts.every((part) => Number.isFinite(part))) {
      const [r, g, b, a = 1] = parts;
      return { r, g, b, a };
    }
  }
  throw new Error(`not a colour: ${text}`);
}

/** A translucent colour as it shows over an opaque one. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (upper: number, lower: number) => upper * top.a + lower * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/**
 * The contrast of text in `foreground` on `background`, from 1 to 21. Translucent colours are laid over
 * what is beneath them (a translucent background over white, as a page is), as the browser paints them.
 */
export function contrastRatio(foreground: string, background: string): number {
  const back = over(parseColor(background), WHITE);
  const fore = over(parseColor(foreground), back);
  const [light, dark] = [relativeLuminance(fore), relativeLuminance(back)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal-size text. */
export const AA_TEXT = 4.5;
/** WCAG AA for icons and other non-text marks (1.4.11). */
export const AA_GRAPHICS = 3;
