import { TEMPLATE_RESOLUTIONS } from './materialCodes';

/**
 * The rules a material file must follow, checked in the browser before the upload starts, the same
 * as the server's (which has the last word): mp4/mov/webm video or png/jpeg image by type and by
 * content, at most 500 MB, the template's aspect within 2 %, a video as long as the play time within
 * half a second, an image of at most 40 megapixels.
 */
export type MaterialKind = 'video' | 'image';

export const MAX_MATERIAL_BYTES = 500 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
const ASPECT_TOLERANCE = 0.02;
const PLAYTIME_TOLERANCE_SECONDS = 0.5;

/** How many leading bytes tell the formats apart. */
export const HEAD_BYTES = 16;

const KIND_BY_TYPE: Record<string, MaterialKind> = {
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
  'image/png': 'image',
  'image/jpeg': 'image',
};

const KIND_BY_ENDING: Record<string, MaterialKind> = {
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
};

/** File name endings offered when picking: of one kind of material, or of both. */
export function materialFileEndings(kind?: MaterialKind): string {
  return Object.entries(KIND_BY_ENDING)
    .filter(([, each]) => kind === undefined || each === kind)
    .map(([ending]) => `.${ending}`)
    .join(',');
}

export const MATERIAL_FILE_ENDINGS = materialFileEndings();

/** What the file says it is: its type, or its name's ending when the system gave no type. */
export function declaredKind(file: { type: string; name: string }): MaterialKind | null {
  if (file.type) return KIND_BY_TYPE[file.type] ?? null;
  const ending = file.name.toLowerCase().split('.').pop() ?? '';
  return KIND_BY_ENDING[ending] ?? null;
}

const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.slice(from, to));
const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((byte, index) => head[index] === byte);

// QuickTime files written before the ftyp box open with one of these boxes.
const QUICKTIME_BOXES = ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

/** The format the first bytes show (magic numbers), or null when none of those accepted. */
export function sniffFormat(head: Uint8Array): { format: 'mp4' | 'mov' | 'webm' | 'png' | 'jpeg'; kind: MaterialKind } | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { format: 'png', kind: 'image' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { format: 'jpeg', kind: 'image' };
  // EBML, the container of WebM.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return { format: 'webm', kind: 'video' };
  const box = ascii(head, 4, 8);
  if (box === 'ftyp') return { format: ascii(head, 8, 12) === 'qt  ' ? 'mov' : 'mp4', kind: 'video' };
  if (QUICKTIME_BOXES.includes(box)) return { format: 'mov', kind: 'video' };
  return null;
}

export const TYPE_MESSAGE = '올릴 수 없는 파일 형식입니다. (영상 mp4, mov, webm 또는 이미지 png, jpeg)';

/** Whether the type the file declares and the content it starts with are both accepted, and agree. */
export function typeProblem(file: { type: string; name: string }, head: Uint8Array): string | null {
  const declared = declaredKind(file);
  const content = sniffFormat(head);
  if (declared === null || content === null) return TYPE_MESSAGE;
  if (declared !== content.kind) return '파일 형식과 내용이 다릅니다. 파일을 확인해 주세요.';
  return null;
}

/** Whether the file is of the one kind a family of materials takes (board videos, board images). */
export function kindProblem(kind: MaterialKind, only: MaterialKind | undefined): string | null {
  if (only === undefined || kind === only) return null;
  return only === 'video' ? '영상 파일만 올릴 수 있습니다. (mp4, mov, webm)' : '이미지 파일만 올릴 수 있습니다. (png, jpeg)';
}

export function sizeProblem(bytes: number): string | null {
  return bytes > MAX_MATERIAL_BYTES ? '파일이 너무 큽니다. (최대 500MB)' : null;
}

/** Whether width:height fits the template's within 2 % (of the template's ratio). */
export function aspectProblem(size: { width: number; height: number }, templateType: number): string | null {
  const target = TEMPLATE_RESOLUTIONS[templateType];
  if (!target || size.width <= 0 || size.height <= 0) return null;
  const off = Math.abs(size.width / size.height / (target.width / target.height) - 1);
  return off > ASPECT_TOLERANCE
    ? `화면 비율이 템플릿(${target.width}x${target.height})과 맞지 않습니다. (파일 ${size.width}x${size.height})`
    : null;
}

export function durationProblem(seconds: number, playtime: number): string | null {
  return Math.abs(seconds - playtime) > PLAYTIME_TOLERANCE_SECONDS
    ? `재생 시간이 ${playtime}초가 아닙니다. (파일 ${seconds.toFixed(1)}초)`
    : null;
}

export function pixelProblem(size: { width: number; height: number }): string | null {
  return size.width * size.height > MAX_IMAGE_PIXELS ? '이미지가 너무 큽니다. (최대 4천만 화소)' : null;
}

/** What was read from the file's content. */
export type MediaFacts = { kind: 'video'; width: number; height: number; seconds: number } | { kind: 'image'; width: number; height: number };

/** The material's choices the file must fit; a choice not made yet is not checked. */
export interface MaterialChoices {
  templateType?: number | null;
  matPlaytime?: number | null;
  /** The only kind of file the family takes; both without it. */
  kind?: MaterialKind;
}

const chosen = (value: number | null | undefined): value is number => value !== null && value !== undefined && !Number.isNaN(value);

/** The first rule the read facts break, or null. */
export function mediaProblem(facts: MediaFacts, choices: MaterialChoices): string | null {
  const { templateType, matPlaytime } = choices;
  if (facts.kind === 'image') {
    const pixels = pixelProblem(facts);
    if (pixels) return pixels;
  }
  if (chosen(templateType)) {
    const aspect = aspectProblem(facts, templateType);
    if (aspect) return aspect;
  }
  // A stream without a length in its header (some WebM) reads as infinite: the server measures it.
  if (facts.kind === 'video' && chosen(matPlaytime) && Number.isFinite(facts.seconds)) return durationProblem(facts.seconds, matPlaytime);
  return null;
}
