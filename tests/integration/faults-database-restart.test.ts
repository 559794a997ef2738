import type { ResponseOf } from '@liveedu/api-client';
import { identityService } from '@liveedu/identity';
import { todoService } from '@liveedu/todo';
import { describe, expect, it } from 'vitest';
import { stackOnPrivateMongo } from '../support/private-servers.ts';
import { type ApiResponse, eventually, type Session, type TestStack } from '../support/stack.ts';

/** One answer a client got, and how long it waited for it. */
interface Answer {
  at: number;
  ms: number;
  status: number;
  body: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A student who keeps adding a todo and reading the list, as fast as answers come, until told to
 * stop: every answer is kept, and the todos the server said it created.
 */
function busyStudent(stack: TestStack, student: Session, name: string) {
  const answers: Answer[] = [];
  const created: string[] = [];
  const attempted: string[] = [];
  let running = true;
  const timed = async (call: () => Promise<ApiResponse>) => {
    const at = Date.now();
    const response = await call();
    answers.push({ at, ms: Date.now() - at, status: response.status, body: response.body });
    return response;
  };
  const loop = (async () => {
    for (let n = 0; running; n++) {
      const desc = `${name} todo ${n}`;
      attempted.push(desc);
      const made = await timed(() =>
        stack.call('POST', '/api2/v1/create-todo', { as: student, body: { desc } }),
      );
      if (made.status === 201) created.push(desc);
      await timed(() => stack.call('GET', '/api2/v1/getAll-todos', { as: student }));
      await timed(() => stack.call('GET', '/api/v1/getUserData', { as: student }));
    }
  })();
  return {
    answers,
    created,
    attempted,
    async stop() {
      running = false;
      await loop;
    },
  };
}

describe('the database server restarted under load', () => {
  it('answers 503 {message} within seconds while it is down, then serves again with no service restarted, nothing lost or doubled', async () => {
    const { mongo, stack } = await stackOnPrivateMongo({
      services: { identity: identityService, todo: todoService },
    });
    const students = await Promise.all([1, 2, 3, 4].map(() => stack.newUser('dbload')));
    const load = students.map((student, i) => busyStudent(stack, student, `s${i}`));
    await sleep(2_000);

    await mongo.halt();
    const haltedAt = Date.now();
    await sleep(15_000);
    const upAt = Date.now();
    await mongo.resume();
    const resumedAt = Date.now();
    // Serving again by itself: every student's calls succeed within a short while.
    await eventually(
      async () =>
        load.every((l) => l.answers.some((a) => a.at > resumedAt && a.status === 201)) ? true : undefined,
      30_000,
      'every student served again after the restart',
    );
    await sleep(1_000);
    await Promise.all(load.map((l) => l.stop()));

    const all = load.flatMap((l) => l.answers);
    // Only successes and "unavailable": never a server error, never a hang.
    const statuses = new Set(all.map((a) => a.status));
    expect([...statuses].filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
    const unavailable = all.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
    // The driver's short server selection: an answer in seconds, while the server was away too
    // (at worst the gateway's wait for identity's answer about the caller, then the service's).
    expect(Math.max(...all.map((a) => a.ms))).toBeLessThan(9_000);
    const duringOutage = all.filter((a) => a.at > haltedAt + 500 && a.at + a.ms < upAt);
    expect(duringOutage.length).toBeGreaterThan(0);
    expect(duringOutage.every((a) => a.status === 503)).toBe(true);

    // Nothing the server confirmed is lost, nothing is stored twice.
    for (const [i, student] of students.entries()) {
      const list = await stack.call<ResponseOf<'/api2/v1/getAll-todos', 'get'>>(
        'GET',
        '/api2/v1/getAll-todos',
        { as: student },
      );
      expect(list.status).toBe(200);
      const descs = list.body.data.map((todo) => todo.desc);
      expect(new Set(descs).size).toBe(descs.length);
      for (const desc of load[i]?.created ?? []) expect(descs).toContain(desc);
      for (const desc of descs) expect(load[i]?.attempted).toContain(desc);
    }

    // The same service instances write and publish again: a sign-up and its log-in.
    const after = await stack.newUser('afterdb');
    expect(after.token).toEqual(expect.any(String));
  }, 120_000);
});
