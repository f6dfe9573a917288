import { describe, expect, it } from 'vitest';
import { videoId, videoThumbnails } from './video.ts';

describe('videoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=10s', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ/', 'dQw4w9WgXcQ'],
    ['https://youtu.be/short', null],
    ['not a url', null],
    ['', null],
    [null, null],
  ])('%s → %s', (url, expected) => expect(videoId(url)).toBe(expected));
});

describe('videoThumbnails', () => {
  it('builds the three sizes with hqdefault as the fallback', () => {
    expect(videoThumbnails('https://youtu.be/dQw4w9WgXcQ')).toEqual({
      default: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      hq: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      mq: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg',
      maxres: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg',
    });
  });
  it('is null without a usable video id', () => expect(videoThumbnails('https://example.com/x')).toBeNull());
});
