import { ConfigError } from '@liveedu/service-kit';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig, loadSiteFolders } from './config.ts';

describe('gateway configuration', () => {
  it('runs locally on defaults: port 8080 and every service on its local port', () => {
    const config = loadGatewayConfig({});
    expect(config.port).toBe(8080);
    expect(config.authRateLimitPerMinute).toBe(30);
    expect(config.services.catalog).toBe('http://127.0.0.1:8082');
  });

  it('takes service addresses, leaves out a service set to none, and refuses a typo naming it', () => {
    const config = loadGatewayConfig({ CATALOG_URL: 'http://catalog:8082', TODO_URL: 'none' });
    expect(config.services.catalog).toBe('http://catalog:8082');
    expect(config.services.todo).toBeUndefined();
    expect(() => loadGatewayConfig({ PORT: '80x' })).toThrow(
      new ConfigError('invalid environment: PORT must be integer, got "80x"'),
    );
    expect(() => loadGatewayConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(
      /AUTH_RATE_LIMIT_PER_MINUTE/,
    );
  });

  it('finds the built front end in the repository unless told where it is', () => {
    const site = loadSiteFolders('/repo', {
      MFE_TUTOR_DIST_DIR: '/srv/tutor',
      MFE_ADMIN_URL: '/mf/admin/mf-manifest.json',
    });
    expect(site.hostDir).toBe('/repo/shells/host/dist');
    expect(site.remotes.catalog).toBe('/repo/mfe-catalog/dist');
    expect(site.remotes.tutor).toBe('/srv/tutor');
    expect(site.remoteUrls).toEqual({ admin: '/mf/admin/mf-manifest.json' });
  });

  it('trusts no proxy unless told how many or which', () => {
    expect(loadGatewayConfig({}).trustedProxies).toBe(false);
    expect(loadGatewayConfig({ NODE_ENV: 'test', TRUSTED_PROXIES: '1' }).trustedProxies).toBe(1);
    expect(loadGatewayConfig({ TRUSTED_PROXIES: '10.0.0.0/8,127.0.0.1' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadGatewayConfig({ TRUSTED_PROXIES: 'yes' })).toThrow(
      /TRUSTED_PROXIES must be how many proxies are in front of the gateway/,
    );
  });
});
