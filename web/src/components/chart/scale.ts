/**
 * The arithmetic of the charts: value axes with round ticks, the parts of a donut, which category
 * labels fit. Kept apart from drawing, so it can be tested as numbers.
 */

/** Round steps of a value axis: 1, 2, 2.5 or 5 times a power of ten. */
const STEPS = [1, 2, 2.5, 5, 10];

/**
 * The ticks of a value axis from 0 past the largest value, about `count` of them at a round step
 * (whole numbers for counts); an axis of nothing still shows 0 to 1.
 */
export function niceTicks(max: number, count = 5, whole = true): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const rough = top / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = (STEPS.find((candidate) => candidate * power >= rough) ?? 10) * power;
  if (whole) step = Math.max(1, Math.ceil(step));
  const ticks: number[] = [];
  for (let tick = 0; tick < top + step; tick += step) {
    ticks.push(Math.round(tick * 1e6) / 1e6);
    if (tick >= top) break;
  }
  return ticks;
}

/** The share of each value in the whole, as the start and end of its arc in turns (0 to 1). */
export function donutParts(values: number[]): { start: number; end: number; share: number }[] {
  const total = values.reduce((sum, value) => sum + Math.max(0, value), 0);
  let start = 0;
  return values.map((value) => {
    const share = total > 0 ? Math.max(0, value) / total : 0;
    const part = { start, end: start + share, share };
    start += share;
    return part;
  });
}

/** The SVG path of a ring's part from `start` to `end` turns (clockwise from the top). */
export function ringPath(cx: number, cy: number, inner: number, outer: number, start: number, end: number): string {
  // A whole ring is drawn as two halves: one arc cannot start and end at the same point.
  if (end - start >= 0.9999) return `${ringPath(cx, cy, inner, outer, start, start + 0.5)} ${ringPath(cx, cy, inner, outer, start + 0.5, end)}`;
  const point = (radius: number, turn: number) => {
    const angle = turn * 2 * Math.PI - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)} ${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  };
  const large = end - start > 0.5 ? 1 : 0;
  return `M ${point(outer, start)} A ${outer} ${outer} 0 ${large} 1 ${point(outer, end)} L ${point(inner, end)} A ${inner} ${inner} 0 ${large} 0 ${point(inner, start)} Z`;
}

/** Every how many categories a label is written so that labels keep `spacing` pixels apart. */
export function labelEvery(categories: number, width: number, spacing = 48): number {
  if (categories <= 0 || width <= 0) return 1;
  return Math.max(1, Math.ceil((categories * spacing) / width));
}

/** A number as the axes and tips write it (Korean grouping, at most one decimal). */
export function formatNumber(value: number): string {
  return (Math.round(value * 10) / 10).toLocaleString('ko-KR');
}
