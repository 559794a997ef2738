/** S3's own limits on multipart uploads. */
export const MAX_PARTS = 10_000;
/** Every part but the last must be at least this large. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

/** The storage key's last segment: the file's name with anything unusual replaced, at most 100 characters. */
export const safeName = (filename: string) => filename.replace(/[^\w.-]+/g, '_').slice(-100) || 'video';

/** The size of every part but the last (each part URL signs its length). */
export const partSizeOf = (size: number, partBytes: number) =>
  Math.max(partBytes, Math.ceil(size / MAX_PARTS));

/** How many parts an upload of `size` bytes has, in parts of `partSize`. */
export const partCountOf = (size: number, partSize: number) => Math.max(1, Math.ceil(size / partSize));

/** The length of one part: the upload's part size but for the last, which is the rest. */
export function partLengthOf(size: number, partSize: number, partNumber: number): number {
  const count = partCountOf(size, partSize);
  return partNumber < count ? partSize : size - (count - 1) * partSize;
}

/** What storage holds of an upload: its bytes, and whether they are all of it in parts 1, 2, 3… */
export function heldOf(held: ReadonlyArray<{ PartNumber: number; Size: number }>, size: number) {
  const total = held.reduce((sum, part) => sum + part.Size, 0);
  const contiguous = held.every((part, i) => part.PartNumber === i + 1);
  return { total, whole: contiguous && total === size };
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
