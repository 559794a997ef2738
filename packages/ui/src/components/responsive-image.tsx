import { IMAGE_VARIANT_FORMATS, IMAGE_WIDTHS, imageVariant, isOriginalImage } from '@liveedu/contracts';
import type { ImgHTMLAttributes } from 'react';
import styled from 'styled-components';

/** The picture element leaves the layout to its image, so styles that size `img` still apply. */
const Picture = styled.picture`
  display: contents;
`;

export interface ResponsiveImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'loading'> {
  src: string;
  alt: string;
  /** How wide it is shown, as the `sizes` attribute (`(max-width: 600px) 100vw, 320px`). */
  sizes: string;
  /** The page's main picture (the largest paint): fetched first, not lazily. */
  priority?: boolean;
}

/**
 * A stored image offered at the widths and formats it was resized to at upload (AVIF, then WebP,
 * 320/640/1280 wide), so a phone downloads a small copy and a wide screen a sharp one; the
 * original is the fallback. An address that is not a stored original (empty, elsewhere) is shown
 * as it is. Lazy unless it is the page's main picture.
 */
export function ResponsiveImage({ src, alt, sizes, priority = false, ...image }: ResponsiveImageProps) {
  const img = (
    <img
      src={src}
      alt={alt}
      {...image}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
  if (!isOriginalImage(src)) return img;
  return (
    <Picture>
      {IMAGE_VARIANT_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          srcSet={IMAGE_WIDTHS.map((width) => `${imageVariant(src, width, format)} ${width}w`).join(', ')}
          sizes={sizes}
        />
      ))}
      {img}
    </Picture>
  );
}
