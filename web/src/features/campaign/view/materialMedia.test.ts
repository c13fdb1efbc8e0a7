import { describe, expect, it } from 'vitest';
import { playbackOf, thumbnailOf } from './materialMedia';

describe('material playback', () => {
  it('plays a video from its sd file over its poster, and shows an image as itself', () => {
    expect(playbackOf({ matId: 40, matType: 'video' })).toEqual({
      kind: 'video',
      src: '/api/material/manage/videoDownload.do?matId=40&type=sd',
      poster: '/api/material/manage/videoDownload.do?matId=40&type=poster',
    });
    expect(playbackOf({ matId: 41, matType: 'image' })).toEqual({ kind: 'image', src: '/api/material/image.do?matId=41' });
  });

  it('shows the list thumbnail, else the image address', () => {
    expect(thumbnailOf({ matId: 40, thumbUrl: '/api/material/image.do?matId=40' })).toBe('/api/material/image.do?matId=40');
    expect(thumbnailOf({ matId: 41, thumbUrl: null })).toBe('/api/material/image.do?matId=41');
  });
});
