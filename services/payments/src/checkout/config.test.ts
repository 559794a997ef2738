import { ConfigError } from '@liveedu/service-kit';
import { describe, expect, it } from 'vitest';
import { LOCAL_RAZORPAY, paymentsConfig, paymentsSettings } from '../config.ts';

const load = (env: NodeJS.ProcessEnv, production = false) =>
  paymentsConfig(paymentsSettings.parse(env, production));

describe('payments configuration', () => {
  it('runs locally on the sandbox defaults and the catalog on its local port', () => {
    expect(load({})).toEqual({ ...LOCAL_RAZORPAY, catalogUrl: 'http://127.0.0.1:8082' });
  });

  it('refuses to start in production without the Razorpay secrets, naming each missing one', () => {
    const start = () => load({ RAZORPAY_KEY_ID: 'rzp_live_x' }, true);
    expect(start).toThrow(ConfigError);
    expect(start).toThrow('RAZORPAY_KEY_SECRET is required; RAZORPAY_WEBHOOK_SECRET is required');
  });

  it('takes the API and catalog addresses from the environment, and refuses ones that are not URLs', () => {
    const config = load({ RAZORPAY_API_URL: 'http://127.0.0.1:8090/', CATALOG_URL: 'http://catalog:8082' });
    expect(config.apiUrl).toBe('http://127.0.0.1:8090');
    expect(config.catalogUrl).toBe('http://catalog:8082');
    expect(() => load({ CATALOG_URL: 'catalog' })).toThrow(ConfigError);
    expect(() => load({ CATALOG_URL: 'ftp://catalog' })).toThrow(/CATALOG_URL/);
  });
});
