import { ApiError } from '@liveedu/api-client';
import { answer, json, requests } from '@liveedu/web-test-kit';
import { describe, expect, it } from 'vitest';
import { uploadForm } from './upload.ts';

const form = () => {
  const f = new FormData();
  f.append('image', new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }));
  return f;
};

describe('uploadForm', () => {
  it("sends the form with the session's credentials and resolves with the answer", async () => {
    localStorage.setItem('id', 'u1');
    localStorage.setItem('token', 'tok-1');
    answer(() => json({ message: 'Avatar updated', avatar: '/a.png' }));
    const progress: number[] = [];
    const result = await uploadForm('/api/v1/update-avatar', form(), {
      method: 'PUT',
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ message: 'Avatar updated', avatar: '/a.png' });
    const [sent] = requests();
    expect(sent?.method).toBe('PUT');
    expect(sent?.headers).toMatchObject({ authorization: 'Bearer tok-1', id: 'u1' });
    expect((sent?.body as FormData | undefined)?.get('image')).toMatchObject({ name: 'a.png' });
    expect(progress.every((p) => p >= 0 && p <= 100)).toBe(true);
  });

  it("sends no credentials when told so, and rejects with the server's message and status", async () => {
    localStorage.setItem('id', 'u1');
    localStorage.setItem('token', 'tok-1');
    answer(() => json({ message: 'Only png and jpeg' }, 400));
    const failure = await uploadForm('/api/v1/create-course', form(), { credentials: null }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Only png and jpeg', status: 400 });
    expect(requests()[0]?.headers.authorization).toBeUndefined();
  });

  it('is cancelled by its signal', async () => {
    answer(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const pending = uploadForm('/api/v1/create-course', form(), { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('does not start when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(uploadForm('/x', form(), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(requests()).toHaveLength(0);
  });
});
