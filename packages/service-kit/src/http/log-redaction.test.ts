import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('addresses in logs', () => {
  it('hides reset and playback tokens and signatures, and keeps the rest', () => {
    const token = 'Kq3v9Zr2mW8xT4yB7nD1cF6hJ0sL5pA2eG9iU3oY7wQ';
    expect(redactUrl(`/api/v1/reset-password/${token}`)).toBe('/api/v1/reset-password/[redacted]');
    expect(redactUrl('/media/64d0c0de0000000000000101/set-1/4102444800.abcDEF/720p/seg_0001.ts')).toBe(
      '/media/64d0c0de0000000000000101/set-1/[redacted]/720p/seg_0001.ts',
    );
    expect(
      redactUrl(
        '/api/v1/paymentVerification/o/c/u/t/499?razorpay_payment_id=pay_1&razorpay_signature=abc123',
      ),
    ).toBe('/api/v1/paymentVerification/o/c/u/t/499?razorpay_payment_id=pay_1&razorpay_signature=[redacted]');
    expect(redactUrl('/bucket/key?X-Amz-Credential=AK%2F1&X-Amz-Signature=ff&x-id=1')).toBe(
      '/bucket/key?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&x-id=1',
    );
    expect(redactUrl('/api/v1/courses?page=2')).toBe('/api/v1/courses?page=2');
    expect(redactUrl(`http://127.0.0.1:8081/api/v1/reset-password/${token}`)).toBe(
      'http://127.0.0.1:8081/api/v1/reset-password/[redacted]',
    );
  });
});
