import { isolation, testServers } from '@liveedu/test-kit';
import { Client } from 'minio';
import { describe, expect, it } from 'vitest';
import { createStorage } from './storage.ts';

const BUCKETS = [
  { name: 'avatars', access: 'public-read' as const },
  { name: 'resumes', access: 'private' as const },
];

describe("a service's storage", () => {
  it('asks nothing of the storage until a file is first written, then makes every bucket of the service', async () => {
    const { s3 } = testServers();
    const { bucketPrefix } = isolation('storage');
    const admin = new Client({ ...s3, region: 'us-east-1' });
    const storage = createStorage({ ...s3, bucketPrefix, publicUrl: 'http://files.invalid' }, BUCKETS);

    expect(storage.publicUrl('avatars', 'a.png')).toBe(`http://files.invalid/${bucketPrefix}avatars/a.png`);
    expect(await admin.bucketExists(`${bucketPrefix}avatars`)).toBe(false);

    await storage.put('resumes', 'cv.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(await admin.bucketExists(`${bucketPrefix}avatars`)).toBe(true);
    expect((await admin.statObject(`${bucketPrefix}resumes`, 'cv.pdf')).size).toBe(8);
    // The public bucket is readable by anyone, the private one is not.
    expect(await admin.getBucketPolicy(`${bucketPrefix}avatars`)).toContain('s3:GetObject');
    await expect(admin.getBucketPolicy(`${bucketPrefix}resumes`)).rejects.toThrow();
  });

  it('tries again on the next call when the storage did not answer the first', async () => {
    const { s3 } = testServers();
    const { bucketPrefix } = isolation('retry');
    let port = 1; // nothing listens there
    const config = { ...s3, bucketPrefix, publicUrl: 'http://files.invalid' };
    const storage = createStorage(
      Object.defineProperty({ ...config }, 'port', { get: () => port, enumerable: true }),
      BUCKETS,
    );
    await expect(storage.put('resumes', 'cv.pdf', Buffer.from('%PDF'), 'application/pdf')).rejects.toThrow();
    port = s3.port;
    await storage.put('resumes', 'cv.pdf', Buffer.from('%PDF'), 'application/pdf');
    expect(await (await storage.client()).bucketExists(`${bucketPrefix}resumes`)).toBe(true);
  });
});
