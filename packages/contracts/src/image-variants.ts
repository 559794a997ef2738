/**
 * Every image the platform stores (thumbnails, avatars, category pictures) is kept as uploaded
 * (re-encoded) and, beside it, resized to these widths in these formats. The copies' names follow
 * from the original's, so an address is all a page needs to offer them: `a/b.png` has
 * `a/b-320.avif`, `a/b-320.webp`, … `a/b-1280.webp`.
 */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

/** The copies' formats, the smaller first: a browser takes the first it can show. */
export const IMAGE_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

const ORIGINAL = /\.(png|jpe?g|webp)$/i;
const VARIANT = /-(320|640|1280)\.(avif|webp)$/;

/** Whether a key or address names a stored original image (which has copies), not a copy. */
export function isOriginalImage(keyOrUrl: string): boolean {
  return ORIGINAL.test(keyOrUrl) && !VARIANT.test(keyOrUrl);
}

/** The key or address of an original image's copy at a width, in a format. */
export function imageVariant(keyOrUrl: string, width: number, format: ImageVariantFormat): string {
  return keyOrUrl.replace(ORIGINAL, `-${width}.${format}`);
}

/** Every copy of an original image, as keys or addresses. */
export function imageVariants(keyOrUrl: string): string[] {
  if (!isOriginalImage(keyOrUrl)) return [];
  return IMAGE_WIDTHS.flatMap((width) =>
    IMAGE_VARIANT_FORMATS.map((format) => imageVariant(keyOrUrl, width, format)),
  );
}
