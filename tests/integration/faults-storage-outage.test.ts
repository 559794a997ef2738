import type { ResponseOf } from '@liveedu/api-client';
import { catalogService } from '@liveedu/catalog';
import { imageVariants } from '@liveedu/contracts';
import { identityService } from '@liveedu/identity';
import { Client } from 'minio';
import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { courseData, courseForm, createCourse, newTutor, readOk } from '../support/flows.ts';
import { formWith, PNG } from '../support/identity-fixtures.ts';
import { stackOnPrivateMinio } from '../support/private-servers.ts';
import type { Session, TestStack } from '../support/stack.ts';

const UNAVAILABLE = { message: 'File storage is unavailable, please try again' };

/** Every object key in one of the stack's buckets (`avatars`, `thumbnails`). */
async function objectsIn(s3: Client, stack: TestStack, bucket: string): Promise<string[]> {
  const real = stack.services.identity?.app.storage.bucket(bucket) as string;
  // A service makes its buckets with its first file: before that there is none, and nothing in it.
  if (!(await s3.bucketExists(real))) return [];
  const keys: string[] = [];
  for await (const item of s3.listObjectsV2(real, '', true)) if (item.name) keys.push(item.name);
  return keys.sort();
}

const uploadAvatar = (stack: TestStack, user: Session) =>
  stack.call<ResponseOf<'/api/v1/update-avatar', 'put'>>('PUT', '/api/v1/update-avatar', {
    as: user,
    raw: formWith('image', PNG, 'me.png', 'image/png'),
  });

describe('MinIO down during an upload', () => {
  it('an avatar or a course thumbnail sent meanwhile is answered 503 {message}, and no record or object is left of it', async () => {
    const { minio, stack } = await stackOnPrivateMinio({
      services: { identity: identityService, catalog: catalogService },
    });
    const s3 = new Client({ ...minio.s3, region: 'us-east-1' });
    const tutor = await newTutor(stack, 'storage');
    const student = await stack.newUser('storage');
    const courseId = await createCourse(stack, tutor, { title: 'Before the Outage' });
    const courses = stack.services.catalog?.app.db.collection('courses');
    const before = {
      profile: await readOk<Record<string, unknown>>(stack, '/api/v1/getUserData', student),
      course: await courses?.findOne({ _id: new ObjectId(courseId) }),
      courses: await courses?.countDocuments(),
      avatars: await objectsIn(s3, stack, 'avatars'),
    };

    await minio.halt();
    const avatar = await uploadAvatar(stack, student);
    expect(avatar.status).toBe(503);
    expect(avatar.body).toEqual(UNAVAILABLE);
    const created = await stack.call('POST', '/api/v1/create-course', {
      as: tutor,
      raw: courseForm(courseData({ title: 'During the Outage' })),
    });
    expect(created.status).toBe(503);
    expect(created.body).toEqual(UNAVAILABLE);
    const updated = await stack.call('PUT', `/api/v1/update-course/${courseId}`, {
      as: tutor,
      raw: courseForm(courseData({ title: 'Renamed During the Outage' })),
    });
    expect(updated.status).toBe(503);
    expect(updated.body).toEqual(UNAVAILABLE);

    // Nothing of the refused uploads was written: the profile, the courses, the course's fields.
    expect(await readOk(stack, '/api/v1/getUserData', student)).toEqual(before.profile);
    expect(await courses?.countDocuments()).toBe(before.courses);
    expect(await courses?.findOne({ _id: new ObjectId(courseId) })).toEqual(before.course);

    await minio.resume();
    // Nor half an object in the storage once it is back.
    expect(await objectsIn(s3, stack, 'avatars')).toEqual(before.avatars);
    const thumbnail = before.course?.thumbnailKey as string;
    expect(await objectsIn(s3, stack, 'thumbnails')).toEqual([thumbnail, ...imageVariants(thumbnail)].sort());
    // The same services store uploads again, with no restart.
    const again = await uploadAvatar(stack, student);
    expect(again.status).toBe(200);
    // The photo and its resized copies.
    expect(await objectsIn(s3, stack, 'avatars')).toHaveLength(
      before.avatars.length + 1 + imageVariants('a.png').length,
    );
    expect(await createCourse(stack, tutor, { title: 'After the Outage' })).toEqual(expect.any(String));
    expect(await courses?.countDocuments()).toBe((before.courses ?? 0) + 1);
  }, 90_000);
});
