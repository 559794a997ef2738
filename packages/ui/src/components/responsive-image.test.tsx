import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar.tsx';
import { ResponsiveImage } from './responsive-image.tsx';

const STORED = 'https://liveedu.test/files/liveedu-thumbnails/2026-11-28/0123456789abcdef01234567.png';
const at = (width: number, format: string) =>
  `https://liveedu.test/files/liveedu-thumbnails/2026-11-28/0123456789abcdef01234567-${width}.${format} ${width}w`;

describe('ResponsiveImage', () => {
  it('offers a stored image in AVIF, then WebP, at 320, 640 and 1280 wide, the original as the fallback', () => {
    const { container } = render(<ResponsiveImage src={STORED} alt="Thumbnail of Go" sizes="300px" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      [at(320, 'avif'), at(640, 'avif'), at(1280, 'avif')].join(', '),
    );
    expect(sources[1]!.getAttribute('srcset')).toBe(
      [at(320, 'webp'), at(640, 'webp'), at(1280, 'webp')].join(', '),
    );
    expect(sources.every((s) => s.getAttribute('sizes') === '300px')).toBe(true);
    const img = screen.getByAltText('Thumbnail of Go');
    expect(img.getAttribute('src')).toBe(STORED);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it("fetches the page's main picture first, not lazily", () => {
    render(<ResponsiveImage src={STORED} alt="Thumbnail of Go" sizes="100vw" priority />);
    const img = screen.getByAltText('Thumbnail of Go');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
  });

  it('shows an address that is not a stored original as it is', () => {
    for (const src of ['https://elsewhere.test/picture.gif', `${STORED}?v=2`, '']) {
      const { container, unmount } = render(<ResponsiveImage src={src} alt="Picture" sizes="56px" />);
      expect(container.querySelector('source')).toBeNull();
      unmount();
    }
  });

  it("sizes an avatar's copies to the avatar", () => {
    const { container } = render(<Avatar src={STORED} username="priya" size={72} />);
    expect(container.querySelector('source')?.getAttribute('sizes')).toBe('72px');
    expect(screen.getByAltText('Avatar of priya')).toBeTruthy();
  });
});
