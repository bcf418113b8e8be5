// Tokens: HS256 JWTs with user id, account id and role, expiring after an hour; expired, tampered, unsigned,
// foreign-key, never-expiring and garbage tokens are refused, and expiry is told apart from the rest.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../packages/server/src/auth/token.js';

const secret = 'a-test-secret-that-is-long-enough-000';
const claims = { userID: 7, accountID: 3, role: 2 as const, version: 4 };

function decode(token: string) {
  const [header, payload] = token
    .split('.')
    .slice(0, 2)
    .map((p) => JSON.parse(Buffer.from(p!, 'base64url').toString('utf8')));
  return { header, payload };
}

describe('tokens', () => {
  it('carries the claims and expires after an hour', async () => {
    const now = Date.UTC(2024, 0, 1);
    const tokens = createTokenService({ secret, now: () => now });
    const token = await tokens.sign(claims);
    const { header, payload } = decode(token);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual({ sub: '7', userID: 7, accountID: 3, role: 2, ver: 4, iat: now / 1000, exp: now / 1000 + 3600 });
    expect(await tokens.verify(token)).toEqual({ ok: true, claims });
  });

  it('refuses an expired token, saying so', async () => {
    let now = Date.UTC(2024, 0, 1);
    const tokens = createTokenService({ secret, now: () => now });
    const token = await tokens.sign(claims);
    now += 3601_000;
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token with a changed payload', async () => {
    const tokens = createTokenService({ secret });
    const [h, , s] = (await tokens.sign(claims)).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 1, exp: 4102444800 })).toString('base64url');
    expect(await tokens.verify(`${h}.${forged}.${s}`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses an unsigned (alg none) token and one signed with another key', async () => {
    const tokens = createTokenService({ secret });
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, exp: 4102444800 })).toString('base64url')}.`;
    expect((await tokens.verify(none)).ok).toBe(false);
    const other = await createTokenService({ secret: secret + 'x' }).sign(claims);
    expect((await tokens.verify(other)).ok).toBe(false);
  });

  it('refuses a validly signed token without the claims', async () => {
    const key = new TextEncoder().encode(secret);
    const token = await new SignJWT({ role: 9 }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key);
    expect(await createTokenService({ secret }).verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token signed with the right key but without an expiry, which would be good forever', async () => {
    const key = new TextEncoder().encode(secret);
    const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('7').setIssuedAt().sign(key);
    expect(decode(token).payload).not.toHaveProperty('exp');
    expect(await createTokenService({ secret }).verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each(['', 'abc', 'a.b.c', 'Bearer x'])('refuses garbage %j', async (token) => {
    expect(await createTokenService({ secret }).verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('insists on a key of at least 32 bytes', () => {
    expect(() => createTokenService({ secret: 'short' })).toThrow(/32 bytes/);
  });
});
