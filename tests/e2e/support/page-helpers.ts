import * as zlib from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A solid-colour PNG of the given size, so uploads pass the servers' content checks. */
export function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3)]);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Reloads until the check passes: payments reach earnings through events, a moment later. */
export async function eventually(page: Page, check: () => Promise<void>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await page.waitForTimeout(1500);
      await page.reload({ waitUntil: 'domcontentloaded' });
    }
  }
}

/** Waits until the video element has played past `seconds` (it is playing, not stuck). */
export async function playsPast(video: Locator, seconds: number): Promise<void> {
  await expect
    .poll(() => video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime), {
      timeout: 30_000,
    })
    .toBeGreaterThan(seconds);
}
