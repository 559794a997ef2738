import { randomBytes } from 'node:crypto';
import type { ResponseOf } from '@liveedu/api-client';
import { type IdentityUserUpdated, IMAGE_WIDTHS, imageVariant, imageVariants } from '@liveedu/contracts';
import { addMissingImageVariants, putImage } from '@liveedu/service-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedEvent } from '../support/events.ts';
import { formWith, isPng, JPEG, PNG } from '../support/identity-fixtures.ts';
import { type IdentityStack, startIdentityStack } from '../support/platform.ts';
import type { Session } from '../support/stack.ts';

let stack: IdentityStack;
beforeAll(async () => {
  stack = await startIdentityStack();
});
afterAll(() => stack?.close());

/**
 * The object behind a public `/files/<bucket>/<key>` URL, read anonymously from storage itself:
 * that is what the gateway's file route forwards to, and it answers only for public buckets.
 */
function fromStorage(publicUrl: string): string {
  const path = publicUrl.slice(`${stack.url}/files/`.length);
  const s3 = stack.identity.config.s3;
  return `${s3.useSSL ? 'https' : 'http'}://${s3.endPoint}:${s3.port}/${path}`;
}

const updatedFor = (userId: string, field: IdentityUserUpdated['data']['changed'][number], value?: string) =>
  publishedEvent<IdentityUserUpdated>(
    stack.identity,
    'identity',
    (event) => {
      const data = (event as IdentityUserUpdated).data;
      return (
        event.type === 'identity.user.updated' &&
        data.userId === userId &&
        data.changed.includes(field) &&
        (value === undefined || (data as unknown as Record<string, string>)[field] === value)
      );
    },
    `identity.user.updated (${field}) for ${userId}`,
  );

describe('getUserData', () => {
  it('answers 401 without a session', async () => {
    const response = await stack.call('GET', '/api/v1/getUserData');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Please log in to continue' });
  });

  it('shows stausOfPage none for a user who never applied', async () => {
    const user = await stack.newUser('plain');
    const me = await stack.call('GET', '/api/v1/getUserData', { as: user });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      username: user.username,
      role: 'student',
      stausOfPage: 'none',
      desc: '',
    });
  });
});

const rename = (as: Session, body: object) => stack.call('PUT', '/api/v1/change-username', { as, body });

describe('change-username', () => {
  it('changes the name, which the next log-in and getUserData use, and tells other services', async () => {
    const user = await stack.newUser('rename');
    const newName = `renamed_${randomBytes(3).toString('hex')}`;
    const response = await rename(user, { username: newName });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Username changed successfully' });
    const me = await stack.call('GET', '/api/v1/getUserData', { as: user });
    expect(me.body).toMatchObject({ username: newName });
    // The old session keeps working: the gateway reads the current user at each call.
    await stack.login(newName, user.password);
    const old = await stack.call('POST', '/api/v1/login', {
      body: { username: user.username, password: user.password },
    });
    expect(old.status).toBe(401);
    const event = await updatedFor(user._id, 'username', newName);
    expect(event.data).toMatchObject({ role: 'student', stausOfPage: 'none', changed: ['username'] });
  });

  it('refuses a taken name (any case) with 409, and an empty or malformed one with 400', async () => {
    const taken = await stack.newUser('taken');
    const user = await stack.newUser('wants');
    const clash = await rename(user, { username: taken.username.toUpperCase() });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ message: 'Username already exists' });
    const admin = await rename(user, { username: 'admin' });
    expect(admin.status).toBe(409);
    const empty = await rename(user, { username: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'Username field is empty.' });
    const missing = await rename(user, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'All fields are required' });
    const spaces = await rename(user, { username: 'a b c' });
    expect(spaces.status).toBe(400);
    expect(String((spaces.body as { message: string }).message)).toMatch(/^Username must be/);
    const me = await stack.call('GET', '/api/v1/getUserData', { as: user });
    expect(me.body).toMatchObject({ username: user.username });
  });

  it('answers 401 without a session', async () => {
    const response = await stack.call('PUT', '/api/v1/change-username', { body: { username: 'someone' } });
    expect(response.status).toBe(401);
  });

  it('keeps the admin account named admin (the account every start finds by that name)', async () => {
    const admin = await stack.loginAdmin();
    const response = await rename(admin, { username: 'chief_admin' });
    expect(response).toMatchObject({
      status: 403,
      body: { message: 'The admin account keeps its username' },
    });
    expect((await stack.loginAdmin())._id).toBe(admin._id);
  });
});

describe('update-user-desc', () => {
  it('saves the description, line breaks included, and tells other services', async () => {
    const user = await stack.newUser('desc');
    const desc = 'I teach algebra.\nTen years in classrooms.';
    const response = await stack.call('PUT', '/api/v1/update-user-desc', { as: user, body: { desc } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Description updated successfully' });
    const me = await stack.call('GET', '/api/v1/getUserData', { as: user });
    expect(me.body).toMatchObject({ desc });
    const event = await updatedFor(user._id, 'desc', desc);
    expect(event.data.changed).toEqual(['desc']);
  });

  it('refuses an empty description and needs a session', async () => {
    const user = await stack.newUser('nodesc');
    const blank = await stack.call('PUT', '/api/v1/update-user-desc', { as: user, body: { desc: ' \n ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: 'Description is empty.' });
    const anonymous = await stack.call('PUT', '/api/v1/update-user-desc', { body: { desc: 'x' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('change-password', () => {
  it('changes the password when the current one matches; the old one stops working', async () => {
    const user = await stack.newUser('pass');
    const response = await stack.call('PUT', '/api/v1/change-password', {
      as: user,
      body: { currPass: user.password, newPass: 'a brand new secret', confirmNewPass: 'a brand new secret' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Password changed successfully' });
    await stack.login(user.username, 'a brand new secret');
    const old = await stack.call('POST', '/api/v1/login', {
      body: { username: user.username, password: user.password },
    });
    expect(old.status).toBe(401);
  });

  it('refuses a wrong current password, a mismatch, a short password and missing fields', async () => {
    const user = await stack.newUser('badpass');
    const cases: [Record<string, string>, string][] = [
      [
        { currPass: 'not my password', newPass: 'long enough pw', confirmNewPass: 'long enough pw' },
        'Current password is incorrect',
      ],
      [
        { currPass: user.password, newPass: 'long enough pw', confirmNewPass: 'long enough pX' },
        'New password and confirm password do not match',
      ],
      [
        { currPass: user.password, newPass: 'short', confirmNewPass: 'short' },
        'Password must be at least 8 characters',
      ],
      [{ currPass: user.password, newPass: 'long enough pw', confirmNewPass: '' }, 'All fields are required'],
      [
        { currPass: '', newPass: 'long enough pw', confirmNewPass: 'long enough pw' },
        'All fields are required',
      ],
      [{ newPass: 'long enough pw' }, 'All fields are required'],
    ];
    for (const [body, message] of cases) {
      const response = await stack.call('PUT', '/api/v1/change-password', { as: user, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual({ message });
    }
    await stack.login(user.username, user.password);
    const anonymous = await stack.call('PUT', '/api/v1/change-password', {
      body: { currPass: 'x', newPass: 'long enough pw', confirmNewPass: 'long enough pw' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('update-avatar', () => {
  /** Uploads an avatar as `user` would from the settings page. */
  const upload = (user: Session, bytes: Buffer, filename: string, type: string) =>
    stack.call<ResponseOf<'/api/v1/update-avatar', 'put'>>('PUT', '/api/v1/update-avatar', {
      as: user,
      raw: formWith('image', bytes, filename, type),
    });

  it('stores a photo without its metadata: no EXIF, so no GPS position, camera or comment', async () => {
    const user = await stack.newUser('photo');
    const photo = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 9', ImageDescription: 'my home' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '12/1 58/1 1234/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '77/1 35/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await stack.call<{ avatar: string }>('PUT', '/api/v1/update-avatar', {
      as: user,
      raw: formWith('image', photo, 'me.jpg', 'image/jpeg'),
    });
    expect(response.status).toBe(200);
    const stored = Buffer.from(await (await fetch(response.body.avatar)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 24, height: 16 });
    expect(meta.exif).toBeUndefined();
    for (const text of ['PhoneMaker', 'Phone 9', 'my home', 'Exif'])
      expect(stored.includes(text)).toBe(false);
  });

  it('stores a png under a generated key; the public URL serves it and the profile and events show it', async () => {
    const user = await stack.newUser('avatar');
    const response = await upload(user, PNG, '../../etc/passwd.png', 'image/png');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Avatar updated successfully');
    const url = response.body.avatar;
    expect(url.startsWith(`${stack.url}/files/`)).toBe(true);
    expect(url).not.toContain('passwd');
    expect(url).toMatch(/avatars\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{24}\.png$/);

    const file = await fetch(fromStorage(url));
    expect(file.status).toBe(200);
    expect(isPng(Buffer.from(await file.arrayBuffer()))).toBe(true);

    const me = await stack.call('GET', '/api/v1/getUserData', { as: user });
    expect(me.body).toMatchObject({ avatar: url });
    const event = await updatedFor(user._id, 'avatar', url);
    expect(event.data.changed).toEqual(['avatar']);

    // A jpeg replaces it, and the old file is removed.
    const second = await upload(user, JPEG, 'me.jpg', 'image/jpeg');
    expect(second.status).toBe(200);
    expect(second.body.avatar).toMatch(/\.jpg$/);
    expect((await fetch(fromStorage(url))).status).toBe(404);
    expect((await fetch(fromStorage(second.body.avatar))).status).toBe(200);
  });

  it('keeps the photo resized to 320, 640 and 1280 wide in AVIF and WebP beside it, and removes them with it', async () => {
    const user = await stack.newUser('resized');
    const photo = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#cc6633' } })
      .jpeg()
      .toBuffer();
    const response = await upload(user, photo, 'me.jpg', 'image/jpeg');
    expect(response.status).toBe(200);
    const url = response.body.avatar;
    for (const width of IMAGE_WIDTHS) {
      for (const format of ['avif', 'webp'] as const) {
        const copy = await fetch(fromStorage(imageVariant(url, width, format)));
        expect(copy.status, `${width} ${format}`).toBe(200);
        expect(copy.headers.get('content-type')).toBe(`image/${format}`);
        const meta = await sharp(Buffer.from(await copy.arrayBuffer())).metadata();
        // Never wider than the photo itself, and in proportion.
        expect(meta.width).toBe(Math.min(width, 1000));
        expect(meta.height).toBe(Math.round((Math.min(width, 1000) * 600) / 1000));
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
      }
    }
    // A new avatar replaces the photo: its copies go too.
    expect((await upload(user, PNG, 'next.png', 'image/png')).status).toBe(200);
    for (const copy of imageVariants(url)) expect((await fetch(fromStorage(copy))).status).toBe(404);
  });

  it('makes the copies of images stored before copies were made, once', async () => {
    const { app } = stack.identity;
    const key = `earlier/${randomBytes(8).toString('hex')}.png`;
    const picture = await sharp({ create: { width: 700, height: 350, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    await app.storage.put('avatars', key, picture, 'image/png');
    await app.db.collection('migrations').deleteOne({ _id: 'image-variants:avatars' as never });
    expect(await addMissingImageVariants(app.storage, app.db, 'avatars', app.log)).toBeGreaterThanOrEqual(1);
    const copy = await fetch(
      fromStorage(`${stack.url}/files/${app.storage.bucket('avatars')}/${imageVariant(key, 640, 'webp')}`),
    );
    expect(copy.status).toBe(200);
    expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(640);
    // Done once: a later start does not list the bucket again.
    await putImage(app.storage, 'avatars', `earlier/${randomBytes(8).toString('hex')}.png`, picture);
    expect(await addMissingImageVariants(app.storage, app.db, 'avatars', app.log)).toBe(0);
  });

  it('refuses a file that claims to be png but is not, and keeps nothing', async () => {
    const user = await stack.newUser('liar');
    const fake = Buffer.from('<?php echo "hello"; ?>\n'.repeat(20));
    const response = await upload(user, fake, 'avatar.png', 'image/png');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Please upload a png or jpeg image' });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const wrongKind = await upload(user, gif, 'avatar.gif', 'image/gif');
    expect(wrongKind.status).toBe(400);
    const me = await stack.call('GET', '/api/v1/getUserData', { as: user });
    expect(me.body).toMatchObject({ avatar: '' });
    const bucket = stack.identity.app.storage.bucket('avatars');
    const stored = await (await stack.identity.app.storage.client())
      .listObjectsV2(bucket, '', true)
      .toArray();
    expect(stored.every((object) => !String(object.name).includes('liar'))).toBe(true);
  });

  it('answers 413 for an image past the size limit, and 400 without an image', async () => {
    const user = await stack.newUser('big');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10, 1)]);
    const tooBig = await upload(user, big, 'big.png', 'image/png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toHaveProperty('message');
    const me = await stack.call('GET', '/api/v1/getUserData', { as: user });
    expect(me.body).toMatchObject({ avatar: '' });

    const form = new FormData();
    form.append('note', 'no file here');
    const none = await stack.call('PUT', '/api/v1/update-avatar', { as: user, raw: form });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ message: 'Please select an image first.' });
    const json = await stack.call('PUT', '/api/v1/update-avatar', { as: user, body: { image: 'x' } });
    expect(json.status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const response = await stack.call('PUT', '/api/v1/update-avatar', {
      raw: formWith('image', PNG, 'a.png', 'image/png'),
    });
    expect(response.status).toBe(401);
  });
});
