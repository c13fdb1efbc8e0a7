import { describe, expect, it } from 'vitest';
import {
  aspectProblem,
  declaredKind,
  durationProblem,
  MAX_MATERIAL_BYTES,
  mediaProblem,
  pixelProblem,
  sizeProblem,
  sniffFormat,
  TYPE_MESSAGE,
  typeProblem,
} from './fileChecks';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF');
const WEBM = bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81);
const MP4 = bytes(0, 0, 0, 0x20, 'ftypisom', 0, 0, 2, 0);
const MOV = bytes(0, 0, 0, 0x14, 'ftypqt  ', 0, 0, 2, 0);
const OLD_MOV = bytes(0, 0, 0, 8, 'wide', 0, 0, 0, 0);
const GIF = bytes('GIF89a', 1, 0, 1, 0);
const AVI = bytes('RIFF', 0, 0, 0, 0, 'AVI LIST');

describe('sniffFormat', () => {
  it.each([
    ['png', PNG, 'png', 'image'],
    ['jpeg', JPEG, 'jpeg', 'image'],
    ['webm', WEBM, 'webm', 'video'],
    ['mp4', MP4, 'mp4', 'video'],
    ['mov (ftyp qt)', MOV, 'mov', 'video'],
    ['mov (older boxes)', OLD_MOV, 'mov', 'video'],
  ])('knows %s by its first bytes', (_name, head, format, kind) => {
    expect(sniffFormat(head)).toEqual({ format, kind });
  });

  it.each([
    ['gif', GIF],
    ['avi', AVI],
    ['empty', new Uint8Array()],
    ['text', bytes('hello, world....')],
  ])('refuses %s', (_name, head) => {
    expect(sniffFormat(head)).toBeNull();
  });
});

describe('declaredKind', () => {
  it.each([
    [{ type: 'video/mp4', name: 'a.mp4' }, 'video'],
    [{ type: 'video/quicktime', name: 'a.mov' }, 'video'],
    [{ type: 'video/webm', name: 'a.webm' }, 'video'],
    [{ type: 'image/png', name: 'a.png' }, 'image'],
    [{ type: 'image/jpeg', name: 'a.jpg' }, 'image'],
    // No type from the system: the name's ending.
    [{ type: '', name: 'A.MOV' }, 'video'],
    [{ type: '', name: 'a.jpeg' }, 'image'],
    [{ type: 'image/gif', name: 'a.png' }, null],
    [{ type: 'video/x-msvideo', name: 'a.avi' }, null],
    [{ type: '', name: 'noending' }, null],
  ])('%o is %s', (file, kind) => {
    expect(declaredKind(file)).toBe(kind);
  });
});

describe('typeProblem', () => {
  it('accepts a file whose type and content agree', () => {
    expect(typeProblem({ type: 'video/mp4', name: 'a.mp4' }, MP4)).toBeNull();
    expect(typeProblem({ type: 'video/quicktime', name: 'a.mov' }, MP4)).toBeNull();
    expect(typeProblem({ type: 'image/jpeg', name: 'a.jpg' }, JPEG)).toBeNull();
  });

  it('refuses a renamed file by its content', () => {
    expect(typeProblem({ type: 'video/mp4', name: 'a.mp4' }, GIF)).toBe(TYPE_MESSAGE);
    expect(typeProblem({ type: 'image/gif', name: 'a.gif' }, PNG)).toBe(TYPE_MESSAGE);
    expect(typeProblem({ type: 'video/mp4', name: 'a.mp4' }, PNG)).toMatch('파일 형식과 내용이 다릅니다');
  });
});

describe('sizeProblem', () => {
  it('allows up to 500 MB', () => {
    expect(sizeProblem(MAX_MATERIAL_BYTES)).toBeNull();
    expect(sizeProblem(MAX_MATERIAL_BYTES + 1)).toMatch('최대 500MB');
  });
});

describe('aspectProblem', () => {
  it.each([
    // Template 2 is 1080x1920.
    [{ width: 1080, height: 1920 }, 2, true],
    [{ width: 720, height: 1280 }, 2, true],
    // 1.5 % wider still fits, 3 % does not.
    [{ width: 1096, height: 1920 }, 2, true],
    [{ width: 1113, height: 1920 }, 2, false],
    [{ width: 1920, height: 1080 }, 2, false],
    // Horizontal 2560x1080.
    [{ width: 2560, height: 1080 }, 4, true],
    [{ width: 1080, height: 2560 }, 4, false],
    [{ width: 1080, height: 2560 }, 0, true],
    [{ width: 1080, height: 1750 }, 1, true],
    [{ width: 1080, height: 2480 }, 3, true],
    [{ width: 1080, height: 1920 }, 3, false],
  ])('%o on template %i fits: %s', (size, template, fits) => {
    expect(aspectProblem(size, template) === null).toBe(fits);
  });

  it('names both sizes', () => {
    expect(aspectProblem({ width: 1920, height: 1080 }, 2)).toBe('화면 비율이 템플릿(1080x1920)과 맞지 않습니다. (파일 1920x1080)');
  });
});

describe('durationProblem', () => {
  it.each([
    [15, 15, true],
    [15.5, 15, true],
    [14.5, 15, true],
    [15.51, 15, false],
    [14.4, 15, false],
    [30.2, 30, true],
    [15, 30, false],
  ])('%f s for %i s fits: %s', (seconds, playtime, fits) => {
    expect(durationProblem(seconds, playtime) === null).toBe(fits);
  });
});

describe('pixelProblem', () => {
  it('allows up to 40 megapixels', () => {
    expect(pixelProblem({ width: 5000, height: 8000 })).toBeNull();
    expect(pixelProblem({ width: 5001, height: 8000 })).toMatch('4천만 화소');
  });
});

describe('mediaProblem', () => {
  const video = { kind: 'video' as const, width: 1080, height: 1920, seconds: 15 };

  it('accepts a video fitting the template and the play time', () => {
    expect(mediaProblem(video, { templateType: 2, matPlaytime: 15 })).toBeNull();
  });

  it('finds the aspect, then the length', () => {
    expect(mediaProblem(video, { templateType: 4, matPlaytime: 30 })).toMatch('화면 비율');
    expect(mediaProblem(video, { templateType: 2, matPlaytime: 30 })).toMatch('재생 시간이 30초가 아닙니다');
  });

  it('does not check what is not chosen yet, nor a length the file does not state', () => {
    expect(mediaProblem(video, {})).toBeNull();
    expect(mediaProblem({ ...video, seconds: Infinity }, { templateType: 2, matPlaytime: 30 })).toBeNull();
  });

  it('checks an image for its pixels and aspect, never a length', () => {
    expect(mediaProblem({ kind: 'image', width: 1080, height: 1920 }, { templateType: 2, matPlaytime: 30 })).toBeNull();
    expect(mediaProblem({ kind: 'image', width: 6000, height: 10667 }, { templateType: 2 })).toMatch('4천만 화소');
    expect(mediaProblem({ kind: 'image', width: 1000, height: 1000 }, { templateType: 2 })).toMatch('화면 비율');
  });
});
