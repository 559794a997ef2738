import { describe, expect, it } from 'vitest';
import {
  type AppNotification,
  createNotificationsClient,
  openNotificationStream,
  serverSentEventReader,
} from './notifications.ts';

const encoder = new TextEncoder();

/** A streamed answer that sends `pieces` as they are (a frame may be cut anywhere), then ends. */
function streamOf(pieces: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

const notification = (n: number): AppNotification => ({
  _id: `n${n}`,
  kind: 'answer',
  title: `Answer ${n}`,
  link: `/learn/c1/user/u1?question=q${n}`,
  createdAt: '2026-11-28T10:00:00.000Z',
  read: false,
});

const frame = (n: number, unread: number) =>
  `event: notification\nid: n${n}\ndata: ${JSON.stringify({ ...notification(n), unread })}\n\n`;

type Sent = { url: string; headers: Record<string, string> };

/** A stream over answers given in turn (the last one again once they run out), recording what was sent. */
function server(answers: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) } });
    const next = answers[Math.min(sent.length - 1, answers.length - 1)]!;
    return next();
  };
  const options = {
    baseUrl: '/',
    requestOrigin: 'http://platform.test',
    credentials: () => ({ id: 'u1', token: 't1' }),
    fetch,
  };
  return { sent, options };
}

describe('reading server-sent events', () => {
  it('puts together frames, lines and CRLFs cut anywhere between pieces, and skips comments', () => {
    const reader = serverSentEventReader();
    const text = `: ping\r\n\r\nevent: unread\r\ndata: {"unread":2}\r\n\r\n${frame(1, 3)}`;
    const events = [];
    // Cut after every character: the hardest split there is.
    for (const char of text) events.push(...reader.push(char));
    expect(events).toEqual([
      { event: 'unread', data: '{"unread":2}', id: null },
      { event: 'notification', data: JSON.stringify({ ...notification(1), unread: 3 }), id: 'n1' },
    ]);
  });

  it('joins the data lines of one event', () => {
    const reader = serverSentEventReader();
    expect(reader.push('data: one\ndata: two\n\n')).toEqual([
      { event: 'message', data: 'one\ntwo', id: null },
    ]);
  });
});

describe('the notification stream', () => {
  it('reports the unread count and each notification, from frames split across chunks, with the session', async () => {
    const whole = `event: unread\ndata: {"unread":2}\n\n${frame(1, 3)}: ping\n\n${frame(2, 4)}`;
    const controller = new AbortController();
    const { sent, options } = server([
      () => streamOf([whole.slice(0, 17), whole.slice(17, 60), whole.slice(60, 61), whole.slice(61)]),
      () => {
        controller.abort();
        return streamOf([]);
      },
    ]);
    const unread: number[] = [];
    const received: [AppNotification, number][] = [];
    const end = await createNotificationsClient(options).openNotificationStream({
      signal: controller.signal,
      onUnread: (n) => unread.push(n),
      onNotification: (n, count) => received.push([n, count]),
      minRetryMs: 1,
    });
    expect(end).toBe('aborted');
    expect(unread).toEqual([2, 3, 4]);
    expect(received).toEqual([
      [notification(1), 3],
      [notification(2), 4],
    ]);
    expect(sent[0]?.url).toBe('http://platform.test/api/v1/notifications/stream');
    expect(sent[0]?.headers).toMatchObject({
      authorization: 'Bearer t1',
      id: 'u1',
      accept: 'text/event-stream',
    });
    expect(sent[0]?.headers['last-event-id']).toBeUndefined();
  });

  it('reconnects after a drop with the last event id, so what came meanwhile is sent first', async () => {
    const controller = new AbortController();
    const { sent, options } = server([
      () => streamOf([`event: unread\ndata: {"unread":0}\n\n`, frame(7, 1)]),
      () => {
        throw new TypeError('network down');
      },
      () => streamOf([`event: unread\ndata: {"unread":2}\n\n`, frame(8, 2)]),
      () => {
        controller.abort();
        return streamOf([]);
      },
    ]);
    const ids: string[] = [];
    await openNotificationStream(options, {
      signal: controller.signal,
      onNotification: (n) => ids.push(n._id),
      minRetryMs: 1,
      maxRetryMs: 4,
    });
    expect(ids).toEqual(['n7', 'n8']);
    expect(sent.map((s) => s.headers['last-event-id'])).toEqual([undefined, 'n7', 'n7', 'n8']);
  });

  it('waits longer after each failed reconnection, up to the longest wait', async () => {
    const controller = new AbortController();
    const at: number[] = [];
    const { options } = server([
      () => {
        at.push(Date.now());
        if (at.length === 5) controller.abort();
        return new Response('down', { status: 503 });
      },
    ]);
    await openNotificationStream(options, { signal: controller.signal, minRetryMs: 20, maxRetryMs: 60 });
    const waits = at.slice(1).map((t, i) => t - at[i]!);
    // 20, 40, then 60 and 60 (the longest wait); timers may fire a little late, never early.
    expect(waits[0]).toBeGreaterThanOrEqual(18);
    expect(waits[1]).toBeGreaterThanOrEqual(38);
    expect(waits[2]).toBeGreaterThanOrEqual(58);
    expect(waits[3]).toBeGreaterThanOrEqual(58);
    expect(waits[3]).toBeLessThan(120);
  });

  it('stops for good on 401', async () => {
    const { sent, options } = server([
      () => streamOf([`event: unread\ndata: {"unread":1}\n\n`]),
      () => new Response(JSON.stringify({ message: 'Please log in' }), { status: 401 }),
    ]);
    const end = await openNotificationStream(options, {
      signal: new AbortController().signal,
      minRetryMs: 1,
    });
    expect(end).toBe('unauthorized');
    expect(sent).toHaveLength(2);
  });

  it('stops when aborted while waiting to reconnect', async () => {
    const controller = new AbortController();
    const { sent, options } = server([() => new Response('down', { status: 502 })]);
    const ended = openNotificationStream(options, { signal: controller.signal, minRetryMs: 60_000 });
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    expect(await ended).toBe('aborted');
    expect(sent).toHaveLength(1);
  });

  it('opens the stream again when it has gone silent past the heartbeats', async () => {
    const controller = new AbortController();
    let opened = 0;
    const { options } = server([
      () => {
        opened += 1;
        if (opened === 2) controller.abort();
        // Never sends a byte and never ends.
        return new Response(new ReadableStream({ start() {} }), { status: 200 });
      },
    ]);
    await openNotificationStream(options, { signal: controller.signal, minRetryMs: 1, silenceMs: 30 });
    expect(opened).toBe(2);
  });
});
