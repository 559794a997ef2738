import { ConfigError } from '@liveedu/service-kit';
import { describe, expect, it } from 'vitest';
import { LOCAL_RAZORPAY, loadPaymentsConfig } from './config.ts';

describe('payments configuration', () => {
  it('runs locally on the sandbox defaults and the catalog on its local port', () => {
    expect(loadPaymentsConfig({ env: {}, production: false })).toEqual({
      ...LOCAL_RAZORPAY,
      catalogUrl: 'http://127.0.0.1:8082',
    });
  });

  it('refuses to start in production without the Razorpay secrets, naming each missing one', () => {
    const load = () => loadPaymentsConfig({ env: { RAZORPAY_KEY_ID: 'rzp_live_x' }, production: true });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow('RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET');
  });

  it('takes the API and catalog addresses from the environment, and refuses ones that are not URLs', () => {
    const config = loadPaymentsConfig({
      env: { RAZORPAY_API_URL: 'http://127.0.0.1:8090/', CATALOG_URL: 'http://catalog:8082' },
      production: false,
    });
    expect(config.apiUrl).toBe('http://127.0.0.1:8090');
    expect(config.catalogUrl).toBe('http://catalog:8082');
    expect(() => loadPaymentsConfig({ env: { CATALOG_URL: 'catalog' }, production: false })).toThrow(
      ConfigError,
    );
  });
});
