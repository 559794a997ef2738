import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { InternalRoute } from '@liveedu/contracts';
import fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServiceToken } from './identity.ts';
import { internalClient, internalSchema } from './internal-client.ts';

const SECRET = 'a-secret-of-the-test-that-is-long-enough-for-hs256';
const API = {
  double: {
    method: 'POST',
    path: '/internal/numbers/:name/double',
    params: Type.Object({ name: Type.String() }),
    body: Type.Object({ value: Type.Integer() }),
    response: Type.Object({ name: Type.String(), doubled: Type.Integer() }),
    errors: [422],
  },
  shape: {
    method: 'GET',
    path: '/internal/shape/:kind',
    params: Type.Object({ kind: Type.String() }),
    query: Type.Object({ wait: Type.String() }),
    response: Type.Object({ ok: Type.Boolean() }),
    errors: [],
  },
} as const satisfies Record<string, InternalRoute>;

let app: FastifyInstance;
let url = '';
beforeAll(async () => {
  app = fastify();
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      API.double.path,
      { preHandler: requireServiceToken(SECRET), schema: internalSchema(API.double) },
      async (request, reply) => {
        if (request.body.value > 100) return reply.status(422).send({ message: 'Too big to double' });
        return { name: request.params.name, doubled: request.body.value * 2 };
      },
    );
  // Answers that break the declaration, as a callee out of step with its contract would.
  app.get('/internal/shape/:kind', async (request, reply) => {
    const { kind } = request.params as { kind: string };
    const { wait } = request.query as { wait: string };
    await new Promise((resolve) => setTimeout(resolve, Number(wait)));
    if (kind === 'status') return reply.status(418).send({ message: 'teapot' });
    if (kind === 'body') return { ok: 'yes' };
    if (kind === 'html') return reply.type('text/html').send('<h1>hi</h1>');
    if (kind === 'stalled') {
      // The head and half a body, then nothing until the caller gives up.
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      reply.raw.write('{"ok":');
      return reply;
    }
    return { ok: true };
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app?.close());

const client = (baseUrl = url) =>
  internalClient(API, {
    service: 'numbers',
    caller: 'test',
    baseUrl,
    internalSecret: SECRET,
    timeoutMs: 500,
  });

describe('the typed internal client', () => {
  it('sends the parameters, the body and the service token, and answers the typed body', async () => {
    const answer = await client().call('double', { params: { name: 'a b' }, body: { value: 21 } }, 'r1');
    expect(answer).toEqual({ ok: true, body: { name: 'a b', doubled: 42 } });
  });

  it('passes on a status the route declares, with its message', async () => {
    const answer = await client().call('double', { params: { name: 'x' }, body: { value: 101 } }, 'r2');
    expect(answer).toEqual({ ok: false, status: 422, message: 'Too big to double' });
  });

  it('is 503 for an undeclared status, a body of another shape, a timeout or no address', async () => {
    const unavailable = { statusCode: 503, message: 'The numbers service is unavailable, please try again' };
    for (const kind of ['status', 'body', 'html', 'stalled']) {
      await expect(
        client().call('shape', { params: { kind }, query: { wait: '0' } }, 'r'),
      ).rejects.toMatchObject(unavailable);
    }
    await expect(
      client().call('shape', { params: { kind: 'fine' }, query: { wait: '2000' } }, 'r'),
    ).rejects.toMatchObject(unavailable);
    await expect(
      client('').call('shape', { params: { kind: 'fine' }, query: { wait: '0' } }, 'r'),
    ).rejects.toMatchObject(unavailable);
    expect(await client().call('shape', { params: { kind: 'fine' }, query: { wait: '0' } }, 'r')).toEqual({
      ok: true,
      body: { ok: true },
    });
  });

  it('refuses, before it runs, a call the callee does not declare or a missing input', async () => {
    const typed = client();
    // @ts-expect-error: no such call in the API
    await expect(typed.call('triple', { params: { name: 'a' } }, 'r')).rejects.toThrow();
    // @ts-expect-error: the body is part of the call
    void typed.call('double', { params: { name: 'a' } }, 'r').catch(() => {});
  });

  it('is refused by the callee without the right service token', async () => {
    const wrong = internalClient(API, {
      service: 'numbers',
      caller: 'test',
      baseUrl: url,
      internalSecret: `${SECRET}-not`,
    });
    await expect(
      wrong.call('double', { params: { name: 'a' }, body: { value: 1 } }, 'r'),
    ).rejects.toMatchObject({
      statusCode: 503,
    });
  });
});
