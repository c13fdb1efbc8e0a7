/** Content types (CONTENT_TYPE): an image or a video material, or a text. */
export const CONTENT_TYPE = { image: 10, video: 20, text: 30 } as const;

/** Whether a content of this type plays a material (and which kind), rather than a text. */
export const materialKindOf = (contentType: unknown): 'image' | 'video' | null =>
  Number(contentType) === CONTENT_TYPE.image ? 'image' : Number(contentType) === CONTENT_TYPE.video ? 'video' : null;

export const CONTENT_STATUS_LABELS: Record<number, string> = { 0: '중지', 1: '사용' };
export const CONTENT_STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'green' };

/** A content plays between 5 and 60 seconds. */
export const MIN_SECONDS = 5;
export const MAX_SECONDS = 60;
