import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CATALOG_INTERNAL } from '@liveedu/contracts';
import fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogClient } from './catalog-client.ts';
import { requireServiceToken } from './identity.ts';
import { internalSchema } from './internal-client.ts';

const SECRET = 'a-secret-of-the-test-that-is-long-enough-for-hs256';
const COURSE = 'c0ffee000000000000000001';
const ITEM = 'c0ffee000000000000000002';
const TUTOR = 'c0ffee000000000000000003';
const STUDENT = { userId: 'c0ffee000000000000000004', role: 'student' as const };

// A catalog that knows one course with one item, of which the student is a member.
let app: FastifyInstance;
let url = '';
beforeAll(async () => {
  app = fastify();
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const { courseMember, learnerItem } = CATALOG_INTERNAL;
  const guard = { preHandler: requireServiceToken(SECRET) };
  typed.get(courseMember.path, { ...guard, schema: internalSchema(courseMember) }, async (request, reply) =>
    request.params.courseId === COURSE
      ? { access: request.query.role, tutorId: TUTOR, courseTitle: 'Tabla' }
      : reply.status(404).send({ message: 'Course not found' }),
  );
  typed.get(learnerItem.path, { ...guard, schema: internalSchema(learnerItem) }, async (request, reply) =>
    request.params.itemId === ITEM
      ? {
          access: request.query.role,
          tutorId: TUTOR,
          courseTitle: 'Tabla',
          itemTitle: 'Teentaal',
          kind: 'video' as const,
          locked: false,
        }
      : reply.status(404).send({ message: 'Item not found' }),
  );
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app?.close());

describe("the catalog's client", () => {
  const catalog = () => catalogClient('test', { baseUrl: url, internalSecret: SECRET, timeoutMs: 1_000 });

  it('answers how a user takes part in a course, and null for a course the catalog does not know', async () => {
    expect(await catalog().member(STUDENT, COURSE, 'r1')).toEqual({
      access: 'student',
      tutorId: TUTOR,
      courseTitle: 'Tabla',
    });
    expect(await catalog().member(STUDENT, TUTOR, 'r2')).toBeNull();
  });

  it('answers what an item is for the user, and null for an item the catalog does not know', async () => {
    expect(await catalog().item(STUDENT, COURSE, ITEM, 'r3')).toMatchObject({
      itemTitle: 'Teentaal',
      locked: false,
    });
    expect(await catalog().item(STUDENT, COURSE, TUTOR, 'r4')).toBeNull();
  });

  it('is 503 naming the catalog when it cannot be reached', async () => {
    const away = catalogClient('test', { baseUrl: undefined, internalSecret: SECRET });
    await expect(away.member(STUDENT, COURSE, 'r5')).rejects.toMatchObject({
      statusCode: 503,
      message: 'The catalog service is unavailable, please try again',
    });
  });
});
