import type { ApiClientOptions } from '../client.ts';

/** The origin the recorded clients send to. */
const ORIGIN = 'http://platform.test';

/** One request a client sent: its full address, the address without the origin, and what it carried. */
export interface SentRequest {
  url: string;
  path: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Client options with user u1's credentials whose requests are recorded in `sent` and answered
 * by `reply`: a client made with them shows which requests it sent and with what.
 */
export function recordedFetch(reply: () => Response) {
  const sent: SentRequest[] = [];
  const options = {
    baseUrl: '/',
    requestOrigin: ORIGIN,
    credentials: () => ({ id: 'u1', token: 't1' }),
    fetch: async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({
        url: String(url),
        path: String(url).replace(ORIGIN, ''),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
        headers: (init?.headers ?? {}) as Record<string, string>,
      });
      return reply();
    },
  } satisfies ApiClientOptions;
  return { options, sent };
}

/** A JSON answer. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A file answer: `body` as the content type `type`. */
export const fileAnswer = (body: string, type: string) =>
  new Response(body, { headers: { 'content-type': type } });

/**
 * Makes clients, one per factory under its name, on recorded options answered by `reply`, and
 * gives them with the requests they sent: `recordedClients({ learning: createLearningClient })`.
 */
export function recordedClients<F extends Record<string, (options: ApiClientOptions) => unknown>>(
  factories: F,
) {
  return (reply: () => Response) => {
    const { options, sent } = recordedFetch(reply);
    const clients = Object.fromEntries(
      Object.entries(factories).map(([name, create]) => [name, create(options)]),
    ) as { [K in keyof F]: ReturnType<F[K]> };
    return { ...clients, sent };
  };
}
