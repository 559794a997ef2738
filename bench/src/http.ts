/** Small HTTP helpers for the bench's own calls (not the measured load, which autocannon makes). */

export interface Session {
  userId: string;
  username: string;
  role: string;
  token: string;
  headers: Record<string, string>;
}

export async function call<T>(
  base: string,
  method: string,
  path: string,
  opts: { as?: Session; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; bytes: number }> {
  const headers: Record<string, string> = { ...opts.as?.headers, ...opts.headers };
  // A form (a multipart upload) carries its own content type with its boundary.
  const form = opts.body instanceof FormData ? opts.body : null;
  if (opts.body !== undefined && !form) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const raw = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(raw);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T, bytes: raw.byteLength };
}

export async function mustCall<T>(
  base: string,
  method: string,
  path: string,
  opts: Parameters<typeof call>[3] = {},
): Promise<T> {
  const result = await call<T>(base, method, path, opts);
  if (result.status < 200 || result.status >= 300) {
    throw new Error(
      `${method} ${path} answered ${result.status}: ${JSON.stringify(result.body).slice(0, 300)}`,
    );
  }
  return result.body;
}

export async function logIn(base: string, username: string, password: string): Promise<Session> {
  const body = await mustCall<{ _id: string; role: string; token: string }>(base, 'POST', '/api/v1/login', {
    body: { username, password },
  });
  return {
    userId: body._id,
    username,
    role: body.role,
    token: body.token,
    headers: { authorization: `Bearer ${body.token}`, id: body._id },
  };
}
