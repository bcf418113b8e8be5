// scrypt hashes: salted (two hashes of one password differ), self-describing cost, constant-time check, and a
// malformed stored hash never matches.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST, hashPassword, passwordProblem, verifyPassword } from '../../packages/server/src/auth/password.js';

const cheap = { N: 1024, r: 8, p: 1 };

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse', cheap);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash and records its cost', async () => {
    const [a, b] = await Promise.all([hashPassword('same', cheap), hashPassword('same', cheap)]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toContain('same');
  });

  it('defaults to OWASP’s minimum cost', async () => {
    expect(DEFAULT_SCRYPT_COST).toEqual({ N: 32768, r: 8, p: 3 });
  });

  it.each(['', 'plain', 'scrypt$1024$8$1$c2FsdA==', 'scrypt$x$8$1$c2FsdA==$aGFzaA==', 'bcrypt$1$2$3$4$5', 'scrypt$1024$8$1$c2FsdA==$c2hvcnQ='])(
    'never matches a malformed stored hash %j',
    async (stored) => {
      expect(await verifyPassword('anything', stored)).toBe(false);
    },
  );

  it('refuses a new password under 8 characters or of white space only', () => {
    expect(passwordProblem('        ')).toBe('the password must not be only white space');
    expect(passwordProblem(' \t\n \u00a0\u3000  ')).toBe('the password must not be only white space');
    expect(passwordProblem('seven!!')).toBe('the password must have at least 8 characters');
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑🔑')).toBe('the password must have at least 8 characters'); // 7 code points, 14 UTF-16 units
    expect(passwordProblem('  spaced  ')).toBeUndefined();
    expect(passwordProblem('long-enough')).toBeUndefined();
  });
});
