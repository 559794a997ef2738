import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { createIdentitySigner, createIdentityVerifier } from './identity.ts';

describe('forwarded identity', () => {
  const secret = 'a'.repeat(40);
  const identity = { userId: '64d0c0de0000000000000001', username: 'asha', role: 'tutor' as const };

  it('round-trips what the gateway signs', () => {
    expect(createIdentityVerifier(secret)(createIdentitySigner(secret)(identity))).toEqual(identity);
  });

  it('refuses another secret, another audience, an unknown role and an expired token', () => {
    const verify = createIdentityVerifier(secret);
    expect(() => verify(createIdentitySigner('b'.repeat(40))(identity))).toThrow();
    const wrongAudience = createSigner({ key: secret, iss: 'liveedu-gateway', aud: 'someone-else' });
    expect(() => verify(wrongAudience({ sub: identity.userId, username: 'x', role: 'tutor' }))).toThrow();
    const badRole = createSigner({ key: secret, iss: 'liveedu-gateway', aud: 'liveedu-services' });
    expect(() => verify(badRole({ sub: identity.userId, username: 'x', role: 'owner' }))).toThrow(/role/);
    const expired = createSigner({
      key: secret,
      iss: 'liveedu-gateway',
      aud: 'liveedu-services',
      expiresIn: 1,
    });
    expect(() =>
      verify(expired({ sub: identity.userId, username: 'x', role: 'tutor', iat: 1_600_000_000 })),
    ).toThrow();
  });
});
