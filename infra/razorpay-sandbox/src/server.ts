import { sandboxOptionsFromEnv } from './env.ts';
import { startRazorpaySandbox } from './sandbox.ts';

const options = sandboxOptionsFromEnv();
const sandbox = await startRazorpaySandbox({ ...options, logger: process.env.RAZORPAY_SANDBOX_LOG === '1' });
process.stdout.write(
  `razorpay-sandbox listening\n  RAZORPAY_API_URL=${sandbox.apiUrl}\n  RAZORPAY_CHECKOUT_URL=${sandbox.checkoutUrl}\n` +
    `  keys: ${(options.keys ?? []).map((k) => k.id).join(', ')}\n` +
    `  webhooks: ${options.webhookUrl ?? 'off (RAZORPAY_WEBHOOK_URL unset)'}\n`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    sandbox.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`razorpay-sandbox: error while stopping: ${String(err)}\n`);
        process.exit(1);
      },
    );
  });
}
