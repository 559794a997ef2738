import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security-policy.ts';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe("the site's content security policy", () => {
  it('allows the checkout, uploads to storage and hls.js, and never eval, inline scripts or framing', () => {
    const policy = contentSecurityPolicy({
      checkoutUrl: 'http://localhost:8090/v1/checkout.js',
      remoteUrls: {
        catalog: '/mf/catalog/mf-manifest.json',
        admin: 'https://cdn.example.com/admin/mf-manifest.json',
      },
      uploadOrigins: ['http://127.0.0.1:9000'],
    });
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      'http://localhost:8090',
      'https://cdn.example.com',
    ]);
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://cdn.example.com',
      'http://127.0.0.1:9000',
      'http://localhost:8090',
    ]);
    expect(directive(policy, 'frame-src')).toEqual([
      'http://localhost:8090',
      'https://www.youtube-nocookie.com',
    ]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it("frames Razorpay's own checkout when the live script is used, and only YouTube without a checkout", () => {
    const live = contentSecurityPolicy({
      checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      remoteUrls: {},
      uploadOrigins: [],
    });
    expect(directive(live, 'frame-src')).toEqual([
      'https://checkout.razorpay.com',
      'https://api.razorpay.com',
      'https://www.youtube-nocookie.com',
    ]);
    expect(directive(contentSecurityPolicy({ remoteUrls: {}, uploadOrigins: [] }), 'frame-src')).toEqual([
      'https://www.youtube-nocookie.com',
    ]);
  });
});
