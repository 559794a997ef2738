import type { LoginResponse } from '@liveedu/api-client';
import { platform } from './browser.ts';

/** The part of a log-in answer the calls send back. */
export type Auth = Pick<LoginResponse, '_id' | 'token'>;

/**
 * A call of the running platform's API as a client makes it: JSON in and out, the user's token
 * and `id` header; anything but a 2xx fails the test with the server's answer.
 */
export async function call<T>(
  method: string,
  path: string,
  opts: { as?: Auth; body?: unknown; form?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.as) {
    headers.authorization = `Bearer ${opts.as.token}`;
    headers.id = opts.as._id;
  }
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${platform().url}${path}`, {
    method,
    headers,
    body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
