import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { createCommerceClient } from './commerce.ts';
import { fileAnswer, json, recordedClients } from './testing/recorded-fetch.ts';

/** Clients whose requests are recorded and answered by `reply`. */
const clients = recordedClients({ commerce: createCommerceClient, api: createApiClient });

describe('the commerce client', () => {
  it('checks a code for a course, with the session so the buyer’s own uses count', async () => {
    const { commerce, sent } = clients(() =>
      json({ valid: true, price: 499, discounted: 399.2, message: 'The coupon applies to this course' }),
    );
    const check = await commerce.checkCoupon('DIWALI 20&', 'c1');
    expect(check.discounted).toBe(399.2);
    expect(sent[0]?.url).toBe('http://platform.test/api/v1/coupons/check?code=DIWALI+20%26&courseId=c1');
    expect(sent[0]?.headers).toMatchObject({ authorization: 'Bearer t1', id: 'u1' });
  });

  it('reads the cart with and without a coupon, replaces it, and checks it out with the state', async () => {
    const { commerce, api, sent } = clients(() => json({}));
    await api.cart();
    await api.cart(undefined, 'SAVE10');
    await commerce.saveCart(['c1', 'c2']);
    await commerce.saveCart(['c1'], 'SAVE10');
    await commerce.checkoutCart({ couponCode: 'SAVE10', billingState: '29' });
    expect(sent.map((r) => `${r.method} ${r.url.replace('http://platform.test', '')}`)).toEqual([
      'GET /api/v1/cart',
      'GET /api/v1/cart?couponCode=SAVE10',
      'PUT /api/v1/cart',
      'PUT /api/v1/cart',
      'POST /api/v1/cart/checkout',
    ]);
    expect(sent.map((r) => r.body)).toEqual([
      null,
      null,
      { courseIds: ['c1', 'c2'] },
      { courseIds: ['c1'], couponCode: 'SAVE10' },
      { couponCode: 'SAVE10', billingState: '29' },
    ]);
    expect(commerce.cartVerificationUrl('order_A/1')).toBe('/api/v1/cartVerification/order_A%2F1');
  });

  it('asks for a refund of one course and takes the invoice and credit note as files', async () => {
    const pdf = '%PDF-1.4 invoice';
    const { commerce, sent } = clients(() =>
      sent.at(-1)?.method === 'POST'
        ? json({ _id: 'r1', status: 'approved' }, 201)
        : fileAnswer(pdf, 'application/pdf'),
    );
    const asked = await commerce.requestRefund({ orderId: 'order_1', courseId: 'c1', reason: 'Not for me' });
    expect(asked.status).toBe('approved');
    expect(sent[0]?.body).toEqual({ orderId: 'order_1', courseId: 'c1', reason: 'Not for me' });
    expect(await (await commerce.invoicePdf('order_1')).text()).toBe(pdf);
    await commerce.creditNotePdf('order_1', 'c1');
    expect(sent.slice(1).map((r) => r.url)).toEqual([
      'http://platform.test/api/v1/orders/order_1/invoice.pdf',
      'http://platform.test/api/v1/orders/order_1/credit-note.pdf?courseId=c1',
    ]);
    expect(sent[1]?.headers).toMatchObject({ authorization: 'Bearer t1', id: 'u1' });
  });

  it("refuses with the server's message: a course refunded already", async () => {
    const { commerce } = clients(() => json({ message: 'This course was refunded already' }, 409));
    await expect(
      commerce.requestRefund({ orderId: 'order_1', courseId: 'c1', reason: 'Again' }),
    ).rejects.toMatchObject({ status: 409, message: 'This course was refunded already' });
  });
});
