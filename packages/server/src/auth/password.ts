/**
 * Password hashing with scrypt (node:crypto): slow, salted and memory-hard, so a stolen user table is expensive to
 * crack. The stored form `scrypt$N$r$p$salt$hash` carries its own cost, so the cost can be raised later without
 * breaking existing hashes. The default cost is OWASP's minimum for scrypt (N=2^15, r=8, p=3, 32 MiB, ~0.4 s
 * here); tests pass a small cost to stay fast. A new password must have at least 8 characters (code points), not
 * all white space ({@link passwordProblem}); sign-in checks any password, so older ones keep working.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: N=2^15, r=8, p=3. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 3 };
/** Fewest characters (code points) a new password may have. */
const MIN_PASSWORD_LENGTH = 8;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => scryptCallback(password, salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/**
 * Hashes a password with a fresh random salt.
 *
 * @example
 * const stored = await hashPassword('correct horse battery staple') // 'scrypt$32768$8$3$…$…'
 */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Checks a password against a stored hash in constant time; a malformed hash never matches.
 *
 * @example
 * await verifyPassword('correct horse battery staple', stored) // true
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (expected.length !== KEY_BYTES) return false;
  const actual = await scrypt(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}

/**
 * Why a new password is refused, or undefined when it may be used: fewer than {@link MIN_PASSWORD_LENGTH}
 * characters, or nothing but white space (eight spaces are no secret).
 *
 * @example
 * passwordProblem('        ') // 'the password must not be only white space'
 * passwordProblem('correct horse') // undefined
 */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `the password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.trim() === '') return 'the password must not be only white space';
  return undefined;
}
