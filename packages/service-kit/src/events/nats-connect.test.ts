import { describe, expect, it } from 'vitest';
import { natsServerOptions, natsUrlWithUser } from './nats-connect.ts';

describe('NATS addresses with a user', () => {
  it('takes the credentials out of the address and gives the user its own inbox', () => {
    const url = natsUrlWithUser('nats://nats:4222,nats://nats-2:4222', 'catalog', 'p/ss%word');
    expect(natsServerOptions(url)).toEqual({
      servers: ['nats://nats:4222', 'nats://nats-2:4222'],
      user: 'catalog',
      pass: 'p/ss%word',
      inboxPrefix: '_INBOX_catalog',
    });
  });

  it('leaves an address without a user as it is', () => {
    expect(natsUrlWithUser('nats://127.0.0.1:4222', undefined, undefined)).toBe('nats://127.0.0.1:4222');
    expect(natsServerOptions('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'] });
  });
});
