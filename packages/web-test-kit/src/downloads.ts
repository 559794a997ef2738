import { vi } from 'vitest';

/** A file the page saved as a download: the name it offered and what it holds. */
export interface Download {
  name: string;
  blob: Blob;
}

/**
 * Catches the files the page saves through a link to a blob (an invoice, a calendar file, exported
 * notes) instead of letting the browser download them, and answers them in the order they were
 * saved. The test file's `vi.restoreAllMocks()` lets downloads go through again.
 */
export function catchDownloads(): Download[] {
  const saved: Download[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:download-${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
  return saved;
}
