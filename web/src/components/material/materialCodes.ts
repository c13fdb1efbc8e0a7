import type { TagColors } from '../common/listTypes';

/** Encoding statuses (ENC_STATUS). */
export const ENCODING = { incomplete: 0, done: 1, encoding: 2, failed: 3 } as const;

/** Material statuses (MAT_STATUS). */
export const MATERIAL_STATUS = { requested: 0, approved: 1, rejected: 2 } as const;

/** Requested blue, approved green, rejected red. */
export const MAT_STATUS_COLORS: TagColors = { '0': 'blue', '1': 'green', '2': 'red' };

/** Not started grey, done green, under way orange, failed red. */
export const ENC_STATUS_COLORS: TagColors = { '0': 'default', '1': 'green', '2': 'orange', '3': 'red' };

/** Whether the encoding of a row is still to come or under way, so the row will change by itself. */
export function isEncodingPending(row: Record<string, unknown>): boolean {
  const status = Number(row.encodingStatus);
  return status === ENCODING.incomplete || status === ENCODING.encoding;
}

/** The screen each template plays on (w × h): what a material's aspect must fit. */
export const TEMPLATE_RESOLUTIONS: Record<number, { width: number; height: number }> = {
  0: { width: 1080, height: 2560 },
  1: { width: 1080, height: 1750 },
  2: { width: 1080, height: 1920 },
  3: { width: 1080, height: 2480 },
  4: { width: 2560, height: 1080 },
};

const PREVIEW_WIDTH = 360;
const PREVIEW_HEIGHTS: Record<number, number> = { 0: 853, 1: 583, 2: 640, 3: 826, 4: 202 };

/** The size a material of this template is previewed at (the spec's preview sizes). */
export function previewSize(templateType: unknown): { width: number; height: number } {
  const height = PREVIEW_HEIGHTS[Number(templateType)] ?? PREVIEW_HEIGHTS[2];
  return { width: PREVIEW_WIDTH, height };
}
