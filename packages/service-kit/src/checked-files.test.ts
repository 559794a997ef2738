import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileKindOf } from './checked-files.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
const JPG = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');

/** A zip holding one file, as any archiver writes it. */
function zip(): Buffer {
  const name = Buffer.from('answer.txt');
  const data = deflateRawSync(Buffer.from('forty-two'));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(9, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, data]);
}

describe('judging a file by its bytes', () => {
  it('knows PDFs, zips, PNGs and JPEGs whatever they are called', async () => {
    expect(await fileKindOf(PDF)).toBe('pdf');
    expect(await fileKindOf(zip())).toBe('zip');
    expect(await fileKindOf(PNG)).toBe('png');
    expect(await fileKindOf(JPG)).toBe('jpg');
  });

  it('takes UTF-8 text as text, even with a character cut at the end, and refuses binary bytes', async () => {
    expect(await fileKindOf(Buffer.from('My essay: naïve résumé\n\tDone.'))).toBe('txt');
    expect(await fileKindOf(Buffer.from('é').subarray(0, 1))).toBe('txt');
    expect(await fileKindOf(Buffer.from([0x41, 0x00, 0x42]))).toBeUndefined();
    expect(await fileKindOf(Buffer.from([0xff, 0xfe, 0xfd, 0x41]))).toBeUndefined();
    expect(await fileKindOf(Buffer.alloc(0))).toBeUndefined();
    expect(await fileKindOf(Buffer.from('MZ\x90\x00\x03'))).toBeUndefined();
  });
});
