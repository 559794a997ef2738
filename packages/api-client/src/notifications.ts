import type { NotificationDelivery, NotificationKind, NotificationPreferences } from '@liveedu/contracts';
import { type ApiClientOptions, apiCalls } from './client.ts';
import { readCredentials } from './storage.ts';
import type { ResponseOf } from './types.ts';

/** What a notification is about (each kind has its own mail preference), as the contracts name them. */
export {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '@liveedu/contracts';

type NotificationList = ResponseOf<'/api/v1/notifications', 'get'>;

/** One notification: `link` is the site path it leads to, `kind` one of those the contracts name. */
export type AppNotification = Omit<NotificationList['notifications'][number], 'kind'> & {
  kind: NotificationKind;
};

/** A page of the caller's notifications, newest first, with how many are unread in all. */
export type NotificationPage = Omit<NotificationList, 'notifications'> & { notifications: AppNotification[] };

/** How a kind of notification is mailed: at once, in the daily digest, or not at all. */
export type MailChoice = NotificationDelivery;

/** What a notification stream reports as it goes. */
export interface NotificationStreamHandlers {
  /** How many notifications are unread: at every (re)connection and with every new notification. */
  onUnread?: (unread: number) => void;
  /** A new notification, with the unread count it brings. */
  onNotification?: (notification: AppNotification, unread: number) => void;
  /** Ends the stream for good. */
  signal: AbortSignal;
}

export interface NotificationStreamOptions extends NotificationStreamHandlers {
  /** Wait before the first reconnection; it doubles after each failed one. */
  minRetryMs?: number;
  /** The longest wait between reconnections. */
  maxRetryMs?: number;
  /**
   * A connection silent this long (the server sends a heartbeat every 15 s) is taken for dropped
   * and opened again.
   */
  silenceMs?: number;
}

/** Why a stream ended: its signal was aborted, or the session is no longer valid. */
export type NotificationStreamEnd = 'aborted' | 'unauthorized';

const auth = { auth: true } as const;
const STREAM_PATH = 'api/v1/notifications/stream';

/** One server-sent event: its name, its data lines joined, and the id it carried, if any. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * Reads server-sent events out of text that arrives in pieces: a frame (or a line, or a CRLF)
 * may be cut anywhere between two pieces. `push` returns the events completed by a piece.
 */
export function serverSentEventReader() {
  let pending = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;

  function line(text: string): ServerSentEvent | null {
    if (text === '') {
      const done = data.length > 0 ? { event: event || 'message', data: data.join('\n'), id } : null;
      event = '';
      data = [];
      id = null;
      return done;
    }
    if (text.startsWith(':')) return null;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
    return null;
  }

  return {
    push(text: string): ServerSentEvent[] {
      pending += text;
      const events: ServerSentEvent[] = [];
      for (;;) {
        const end = pending.search(/[\r\n]/);
        if (end < 0) break;
        // A CR at the very end may be the first half of a CRLF still on its way.
        if (pending[end] === '\r' && end === pending.length - 1) break;
        const next = pending[end] === '\r' && pending[end + 1] === '\n' ? end + 2 : end + 1;
        const done = line(pending.slice(0, end));
        pending = pending.slice(next);
        if (done) events.push(done);
      }
      return events;
    },
  };
}

/** Waits `ms`, or less when `signal` ends first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Follows the caller's notifications live: reads `GET api/v1/notifications/stream` with `fetch` and
 * the session's credentials (an `EventSource` cannot send them), reports the unread count and each
 * new notification, and after a dropped connection opens it again (waiting 1 s, then twice as long
 * each time up to 30 s) with `Last-Event-ID`, so the notifications sent meanwhile come first. Ends
 * when `signal` is aborted or the server answers 401; the promise says which.
 */
export async function openNotificationStream(
  client: ApiClientOptions,
  options: NotificationStreamOptions,
): Promise<NotificationStreamEnd> {
  const { signal, onUnread, onNotification } = options;
  const minRetry = options.minRetryMs ?? 1000;
  const maxRetry = options.maxRetryMs ?? 30_000;
  const silence = options.silenceMs ?? 45_000;
  const base = client.baseUrl ? (client.baseUrl.endsWith('/') ? client.baseUrl : `${client.baseUrl}/`) : '/';
  const url = `${client.requestOrigin ?? ''}${base}${STREAM_PATH}`;
  const credentials = client.credentials ?? readCredentials;
  let lastEventId: string | null = null;
  let retry = minRetry;

  const dispatch = (event: ServerSentEvent) => {
    if (event.id !== null) lastEventId = event.id;
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch {
      return;
    }
    if (!payload || typeof payload !== 'object') return;
    const { unread, ...rest } = payload as { unread?: unknown };
    if (typeof unread !== 'number') return;
    if (event.event === 'notification') onNotification?.(rest as AppNotification, unread);
    onUnread?.(unread);
  };

  while (!signal.aborted) {
    const connection = new AbortController();
    const stop = () => connection.abort();
    signal.addEventListener('abort', stop, { once: true });
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(stop, silence);
    };
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      const who = credentials();
      if (who) {
        headers.authorization = `Bearer ${who.token}`;
        headers.id = who.id;
      }
      if (lastEventId !== null) headers['last-event-id'] = lastEventId;
      heard();
      const doFetch = client.fetch ?? globalThis.fetch;
      const response = await doFetch(url, { headers, signal: connection.signal });
      if (response.status === 401) {
        await response.body?.cancel().catch(() => {});
        return 'unauthorized';
      }
      if (response.ok && response.body) {
        const reader = serverSentEventReader();
        const decoder = new TextDecoder();
        const body = response.body.getReader();
        // However the fetch treats its signal, an ended connection stops the read.
        const cancel = () => void body.cancel().catch(() => {});
        if (connection.signal.aborted) cancel();
        else connection.signal.addEventListener('abort', cancel, { once: true });
        for (;;) {
          const { done, value } = await body.read();
          if (done) break;
          heard();
          // Once the stream has spoken, a later drop starts the waits again from the shortest.
          retry = minRetry;
          for (const event of reader.push(decoder.decode(value, { stream: true }))) dispatch(event);
        }
      } else {
        await response.body?.cancel().catch(() => {});
      }
    } catch {
      // A dropped or refused connection: opened again below, unless the stream was ended.
    } finally {
      clearTimeout(watchdog);
      signal.removeEventListener('abort', stop);
    }
    if (signal.aborted) break;
    await pause(retry, signal);
    retry = Math.min(retry * 2, maxRetry);
  }
  return 'aborted';
}

/** The caller's notifications and mail preferences, and their live stream. */
export function createNotificationsClient(options: ApiClientOptions) {
  const { get, post, put } = apiCalls(options);
  return {
    /** Newest first, 20 a page; `unread` keeps the unread ones. */
    notifications: (filter: { unread?: boolean; page?: number } = {}, signal?: AbortSignal) => {
      const query = new URLSearchParams();
      if (filter.unread) query.set('unread', 'true');
      if (filter.page && filter.page > 1) query.set('page', String(filter.page));
      const text = query.toString();
      return get('/api/v1/notifications', {
        ...auth,
        query: text ? `?${text}` : '',
        signal,
      }) as Promise<NotificationPage>;
    },
    /** Marks the given notifications (or every one) read; answers how many are still unread. */
    markRead: (which: string[] | 'all') =>
      post('/api/v1/notifications/read', {
        ...auth,
        body: which === 'all' ? { all: true } : { ids: which },
      }),
    preferences: (signal?: AbortSignal) => get('/api/v1/notification-preferences', { ...auth, signal }),
    /** Changes the kinds given; answers the whole map. */
    savePreferences: (preferences: Partial<NotificationPreferences>) =>
      put('/api/v1/notification-preferences', { ...auth, body: { preferences } }),
    openNotificationStream: (handlers: NotificationStreamOptions) =>
      openNotificationStream(options, handlers),
  };
}

export type NotificationsClient = ReturnType<typeof createNotificationsClient>;
