export { paymentsService } from './app.ts';
export { LOCAL_RAZORPAY } from './config.ts';
export { signPayment, signWebhook } from './domain/signatures.ts';
