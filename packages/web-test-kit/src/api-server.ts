import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/** One request the page sent, as a test checks it. */
export interface ApiRequest {
  method: string;
  /** Path and query, e.g. `/api/v1/courses?page=2`. */
  path: string;
  headers: Record<string, string>;
  /** The JSON body parsed, the multipart body as `FormData`, or null. */
  body: unknown;
}

/** Answers a request: a `Response` (see `json`), or a promise of one the test settles later. */
export type Responder = (request: ApiRequest) => Response | Promise<Response>;

/**
 * The one HTTP mock of the component tests: msw intercepts `fetch` and `XMLHttpRequest` at the
 * network layer, so pages call the real API client and upload helper. The web test setup starts
 * it before the tests, forgets each test's answers and records after it, and stops it at the end.
 */
export const apiServer = setupServer();

const sent: ApiRequest[] = [];

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function describe(request: Request): Promise<ApiRequest> {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(request.headers.entries()),
    body: await bodyOf(request),
  };
}

/** A JSON answer with the given status. */
export function json(body: unknown, status = 200): Response {
  return HttpResponse.json(body as Parameters<typeof HttpResponse.json>[0], { status });
}

/** Every request is answered by `respond` (and recorded for `requests()`). */
export function answer(respond: Responder): void {
  apiServer.use(
    http.all('*', async ({ request }) => {
      const seen = await describe(request);
      sent.push(seen);
      return respond(seen);
    }),
  );
}

/** The answer to a request the test made none for: a 599 naming it, which fails the page's call. */
export function unexpected(request: Pick<ApiRequest, 'method' | 'path'>): Response {
  return json({ message: `Unexpected ${request.method} ${request.path}` }, 599);
}

type Reply = { status?: number; body?: unknown };
/** Answers by `METHOD /path?query` (query optional in the key when the answer is the same for any). */
export type Routes = Record<string, Reply | ((request: ApiRequest) => Reply)>;

/** Answers from a table of routes; anything else gets a 599 naming it, which fails the page's call. */
export function answerRoutes(routes: Routes): void {
  answer((request) => {
    const route =
      routes[`${request.method} ${request.path}`] ??
      routes[`${request.method} ${request.path.split('?')[0]}`];
    if (!route) return unexpected(request);
    const reply = typeof route === 'function' ? route(request) : route;
    return json(reply.body ?? null, reply.status ?? 200);
  });
}

/** What the page sent since the test began, oldest first. */
export function requests(): readonly ApiRequest[] {
  return sent;
}

/** The paths of `requests()`, e.g. `['/api/v1/courses', '/api/v1/courses?page=2']`. */
export function requestedPaths(): string[] {
  return sent.map((r) => r.path);
}

/** Forgets the answers and the records of the test that ended. */
export function resetApi(): void {
  apiServer.resetHandlers();
  sent.length = 0;
}
