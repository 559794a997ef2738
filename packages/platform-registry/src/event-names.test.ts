import { describe, expect, it } from 'vitest';
import { eventNames } from './event-names.ts';

describe('event names', () => {
  it('uses the plain names without a prefix', () => {
    const names = eventNames('');
    expect(names.subject('payments.payment.succeeded')).toBe('payments.payment.succeeded');
    expect(names.streamOf('payments.payment.succeeded')).toBe('PAYMENTS');
    expect(names.streamSubjects('payments')).toBe('payments.>');
    expect(names.durable('catalog', 'on-payment-succeeded')).toBe('catalog-on-payment-succeeded');
  });

  it('keeps prefixed names apart and valid for NATS', () => {
    const names = eventNames('t1a2b3.');
    expect(names.subject('identity.user.registered')).toBe('t1a2b3.identity.user.registered');
    expect(names.stream('identity')).toBe('t1a2b3_IDENTITY');
    expect(names.durable('todo', 'on.user deleted')).toBe('t1a2b3_todo-on_user_deleted');
    expect(names.durable('todo', 'x')).not.toMatch(/[.*> ]/);
  });
});
