import { describe, expect, it, vi } from 'vitest';
import { TYPE_MESSAGE } from './fileChecks';
import { checkMaterialFile, type FileReading } from './materialFile';

const MP4_HEAD = [0, 0, 0, 0x20, ...'ftypisom'].map((value) => (typeof value === 'string' ? value.charCodeAt(0) : value));
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const fileOf = (head: number[], name: string, type: string) => new File([new Uint8Array([...head, 0, 0, 0, 0, 0, 0, 0, 0])], name, { type });

/** Reads the real first bytes; the media facts are given, as jsdom decodes no media. */
function reading(video = { width: 1080, height: 1920, seconds: 15 }, image = { width: 1080, height: 1920 }): FileReading {
  return {
    head: async (file) => new Uint8Array(await file.slice(0, 16).arrayBuffer()),
    video: vi.fn(async () => video),
    image: vi.fn(async () => image),
  };
}

describe('checkMaterialFile', () => {
  it('accepts a video fitting the template and play time', async () => {
    const read = reading();
    expect(await checkMaterialFile(fileOf(MP4_HEAD, 'ad.mp4', 'video/mp4'), { templateType: 2, matPlaytime: 15 }, read)).toBeNull();
    expect(read.video).toHaveBeenCalledOnce();
    expect(read.image).not.toHaveBeenCalled();
  });

  it('refuses a video of another length or aspect', async () => {
    const long = reading({ width: 1080, height: 1920, seconds: 29.9 });
    expect(await checkMaterialFile(fileOf(MP4_HEAD, 'ad.mp4', 'video/mp4'), { templateType: 2, matPlaytime: 15 }, long)).toMatch('재생 시간');
    const wide = reading({ width: 1920, height: 1080, seconds: 15 });
    expect(await checkMaterialFile(fileOf(MP4_HEAD, 'ad.mp4', 'video/mp4'), { templateType: 2, matPlaytime: 15 }, wide)).toMatch('화면 비율');
  });

  it('refuses by content a file named as a video, before reading it as media', async () => {
    const read = reading();
    const renamed = fileOf([...'GIF89a'].map((char) => char.charCodeAt(0)), 'ad.mp4', 'video/mp4');
    expect(await checkMaterialFile(renamed, { templateType: 2, matPlaytime: 15 }, read)).toBe(TYPE_MESSAGE);
    expect(read.video).not.toHaveBeenCalled();
  });

  it('reads an image as an image', async () => {
    const read = reading(undefined, { width: 1080, height: 1920 });
    expect(await checkMaterialFile(fileOf(PNG_HEAD, 'ad.png', 'image/png'), { templateType: 2, matPlaytime: 15 }, read)).toBeNull();
    expect(read.image).toHaveBeenCalledOnce();
  });

  it('refuses a file over 500 MB without reading it', async () => {
    const read = reading();
    const huge = fileOf(MP4_HEAD, 'ad.mp4', 'video/mp4');
    Object.defineProperty(huge, 'size', { value: 500 * 1024 * 1024 + 1 });
    expect(await checkMaterialFile(huge, { templateType: 2, matPlaytime: 15 }, read)).toMatch('최대 500MB');
    expect(read.video).not.toHaveBeenCalled();
  });

  it('leaves a video the browser cannot decode to the server', async () => {
    const read = { ...reading(), video: vi.fn(async () => Promise.reject(new Error('unreadable'))) };
    expect(await checkMaterialFile(fileOf(MP4_HEAD, 'ad.mov', 'video/quicktime'), { templateType: 2, matPlaytime: 15 }, read)).toBeNull();
  });
});
