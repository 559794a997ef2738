/** The recording's size on the canvas it is drawn on, and its frame rate. */
export const RECORDING_SIZE = { width: 1280, height: 720 } as const;
export const RECORDING_FPS = 25;

/** The formats tried, best first: WebM with VP8 and Opus plays and transcodes everywhere. */
export const RECORDING_TYPES = [
  'video/webm;codecs=vp8,opus',
  'video/webm;codecs=vp9,opus',
  'video/webm',
  'video/mp4',
] as const;

/** The first format the browser can record, or '' to let it choose. */
export function recordingTypeFor(isTypeSupported: (type: string) => boolean): string {
  return RECORDING_TYPES.find((type) => isTypeSupported(type)) ?? '';
}

/** The plain media type of a recording (`video/webm`), as storage is told it; codecs left out. */
export function plainVideoType(type: string): string {
  const plain = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return /^video\/[\w.+-]+$/.test(plain) ? plain : 'video/webm';
}

/** A recording's file name: the class's title, made safe, and the extension of its type. */
export function recordingFileName(title: string, type: string): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 80) || 'live-class';
  const extension = plainVideoType(type) === 'video/mp4' ? 'mp4' : 'webm';
  return `${base}-recording.${extension}`;
}

/**
 * Where a picture of `source` size goes on the recording's canvas: as large as fits, centred, the
 * rest left black.
 */
export function fitInto(
  source: { width: number; height: number },
  target: { width: number; height: number } = RECORDING_SIZE,
): { x: number; y: number; width: number; height: number } {
  if (source.width <= 0 || source.height <= 0) return { x: 0, y: 0, width: 0, height: 0 };
  const scale = Math.min(target.width / source.width, target.height / source.height);
  const width = Math.round(source.width * scale);
  const height = Math.round(source.height * scale);
  return {
    x: Math.round((target.width - width) / 2),
    y: Math.round((target.height - height) / 2),
    width,
    height,
  };
}
