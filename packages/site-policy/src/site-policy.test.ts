import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  contentSecurityPolicyTemplate,
  PERMISSIONS_POLICY,
  policyVariablesScript,
} from './index.ts';

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

describe('live classes', () => {
  it("connects to the media server as a socket and over http(s), and lets the site's pages use the camera", () => {
    const policy = contentSecurityPolicy({
      remoteUrls: {},
      uploadOrigins: [],
      liveMediaUrl: 'wss://live.example.com',
    });
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'wss://live.example.com',
      'https://live.example.com',
    ]);
    expect(directive(contentSecurityPolicy({ remoteUrls: {}, uploadOrigins: [] }), 'connect-src')).toEqual([
      "'self'",
    ]);
    expect(PERMISSIONS_POLICY).toContain('camera=(self)');
    expect(PERMISSIONS_POLICY).toContain('microphone=(self)');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
  });
});

describe('the policy a server fills in at start (the host nginx)', () => {
  const remotes = ['MFE_CATALOG_URL', 'MFE_ADMIN_URL'];
  /** What the shell works out, put into the template as nginx's envsubst does. */
  const rendered = (env: Record<string, string>) => {
    const script = `${policyVariablesScript(remotes)}\nenv -0`;
    const out = spawnSync('sh', ['-c', script], {
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    });
    const vars = Object.fromEntries(
      out.stdout
        .split('\0')
        .filter(Boolean)
        .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
    );
    return contentSecurityPolicyTemplate().replace(/\$\{(\w+)\}/g, (_all, name: string) => vars[name] ?? '');
  };
  const words = (policy: string) => policy.split(';').map((d) => d.trim().split(/\s+/).join(' '));

  it.each([
    [{}],
    [{ RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js' }],
    [
      {
        RAZORPAY_CHECKOUT_URL: 'http://localhost:8090/v1/checkout.js',
        MFE_CATALOG_URL: 'https://cdn.example.com:8443/catalog/mf-manifest.json',
        MFE_ADMIN_URL: 'https://cdn.example.com:8443/admin/mf-manifest.json?v=2#x',
        MEDIA_S3_UPLOAD_ENDPOINT: 'https://uploads.example.com',
        LIVEKIT_PUBLIC_URL: 'wss://live.example.com/',
      },
    ],
    [{ LIVEKIT_PUBLIC_URL: 'ws://localhost:7880' }],
    [{ LIVEKIT_PUBLIC_URL: 'https://live.example.com:8443/rtc' }],
    [
      {
        MFE_CATALOG_URL: '/mf/catalog/mf-manifest.json',
        MFE_ADMIN_URL: 'ftp://x',
        RAZORPAY_CHECKOUT_URL: 'js',
      },
    ],
  ] as Array<[Record<string, string>]>)('is the gateway policy for %o', (env) => {
    expect(words(rendered(env))).toEqual(
      words(
        contentSecurityPolicy({
          checkoutUrl: env.RAZORPAY_CHECKOUT_URL,
          remoteUrls: { catalog: env.MFE_CATALOG_URL ?? '', admin: env.MFE_ADMIN_URL ?? '' },
          uploadOrigins: [env.MEDIA_S3_UPLOAD_ENDPOINT ?? ''],
          liveMediaUrl: env.LIVEKIT_PUBLIC_URL,
        }),
      ),
    );
  });
});
