import { describe, expect, it } from 'vitest';
import { formatBytes, heldOf, MAX_PARTS, partCountOf, partLengthOf, partSizeOf, safeName } from './domain.ts';

const MiB = 1024 ** 2;

describe('the parts of an upload', () => {
  it('are the configured size, or larger when the file would need too many', () => {
    expect(partSizeOf(100 * MiB, 16 * MiB)).toBe(16 * MiB);
    expect(partSizeOf(MAX_PARTS * 32 * MiB, 16 * MiB)).toBe(32 * MiB);
  });

  it('end with a shorter last part holding the rest', () => {
    expect(partCountOf(40 * MiB, 16 * MiB)).toBe(3);
    expect(partLengthOf(40 * MiB, 16 * MiB, 1)).toBe(16 * MiB);
    expect(partLengthOf(40 * MiB, 16 * MiB, 3)).toBe(8 * MiB);
    expect(partCountOf(10, 16 * MiB)).toBe(1);
    expect(partLengthOf(10, 16 * MiB, 1)).toBe(10);
  });

  it('are whole only when numbered from 1 without a gap and adding up to the size', () => {
    const parts = [
      { PartNumber: 1, Size: 6 },
      { PartNumber: 2, Size: 4 },
    ];
    expect(heldOf(parts, 10)).toEqual({ total: 10, whole: true });
    expect(heldOf(parts, 12)).toEqual({ total: 10, whole: false });
    expect(heldOf([parts[0]!, { PartNumber: 3, Size: 4 }], 10)).toEqual({ total: 10, whole: false });
    expect(heldOf([], 10)).toEqual({ total: 0, whole: false });
  });
});

describe('names and sizes', () => {
  it('keep a storage key readable and short', () => {
    expect(safeName('my lecture (1).mp4')).toBe('my_lecture_1_.mp4');
    expect(safeName(`${'x'.repeat(150)}.mp4`)).toHaveLength(100);
    expect(safeName('')).toBe('video');
  });

  it('are shown in binary units', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(4 * 1024 ** 3)).toBe('4 GiB');
    expect(formatBytes(1.5 * MiB)).toBe('1.5 MiB');
  });
});
