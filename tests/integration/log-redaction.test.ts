import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { buildGateway, type GatewayConfig } from '@liveedu/gateway';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callGateway, startTestStack, type TestStack } from '../support/stack.ts';

// Addresses that carry credentials (a reset link's token, a signed playback address, a payment
// signature) are logged by the gateway and the services with those parts hidden.

let stack: TestStack;
let config: GatewayConfig;
let gateway: FastifyInstance;
let url = '';
let gatewayLog = '';

beforeAll(async () => {
  stack = await startTestStack({
    services: {},
    processes: ['identity'],
    env: { LOG_LEVEL: 'info' },
    gateway: (c) => {
      config = c;
    },
  });
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    gatewayLog += chunk.toString();
  });
  gateway = await buildGateway({ ...config, logLevel: 'info', logStream: stream });
  url = await gateway.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await gateway?.close();
  await stack?.close();
});

describe('logs', () => {
  it('never hold a reset token, a playback token or a payment signature', async () => {
    const resetToken = randomBytes(32).toString('base64url');
    const playbackToken = `4102444800.${randomBytes(16).toString('base64url')}`;
    const signature = randomBytes(32).toString('hex');
    await callGateway(url, 'POST', `/api/v1/reset-password/${resetToken}`, {
      body: { newPass: 'a long new password', confirmPass: 'a long new password' },
    });
    await callGateway(url, 'GET', `/media/64d0c0de0000000000000101/set-1/${playbackToken}/master.m3u8`);
    await callGateway(
      url,
      'GET',
      `/api/v1/paymentVerification/order_X/64d0c0de0000000000000101/64d0c0de0000000000000102/64d0c0de0000000000000103/499?razorpay_payment_id=pay_1&razorpay_signature=${signature}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const identityLog = await readFile(stack.processes.identity!.logFile, 'utf8');
    // The calls were logged, with the credentials hidden.
    expect(gatewayLog).toContain('/api/v1/reset-password/[redacted]');
    expect(gatewayLog).toContain('razorpay_signature=[redacted]');
    expect(identityLog).toContain('/api/v1/reset-password/[redacted]');
    for (const secret of [resetToken, playbackToken, signature]) {
      expect(gatewayLog).not.toContain(secret);
      expect(identityLog).not.toContain(secret);
    }
  });
});
