import { describe, expect, it } from 'vitest';
import { notificationId } from './domain.ts';

describe('notification ids', () => {
  it('are the same for one event and recipient, different otherwise, in the API’s id form', () => {
    const id = notificationId('payment-succeeded:order_1', '64d0c0de00000000000a0001');
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(notificationId('payment-succeeded:order_1', '64d0c0de00000000000a0001')).toBe(id);
    expect(notificationId('payment-succeeded:order_1', '64d0c0de00000000000a0002')).not.toBe(id);
    expect(notificationId('payment-succeeded:order_2', '64d0c0de00000000000a0001')).not.toBe(id);
  });
});
