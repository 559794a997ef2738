import { describe, expect, it } from 'vitest';
import { videoSource } from './video-source.ts';

describe('videoSource', () => {
  it('embeds YouTube watch, short and embed links', () => {
    const embed = { kind: 'youtube', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0' };
    expect(videoSource('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toEqual(embed);
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ')).toEqual(embed);
    expect(videoSource('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual(embed);
    expect(videoSource('https://youtube.com/shorts/dQw4w9WgXcQ')).toEqual(embed);
  });

  it('plays other http(s) links as video files and refuses the rest', () => {
    expect(videoSource('https://cdn.example.com/lesson-1.mp4')).toEqual({
      kind: 'file',
      url: 'https://cdn.example.com/lesson-1.mp4',
    });
    expect(videoSource('javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(videoSource('not a link')).toEqual({ kind: 'none' });
    expect(videoSource('')).toEqual({ kind: 'none' });
    expect(videoSource('https://www.youtube.com/watch')).toEqual({
      kind: 'file',
      url: 'https://www.youtube.com/watch',
    });
  });
});
