/**
 * Password hashing with scrypt (node:crypto). Stored as
 * `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>` so the cost can be raised later without
 * invalidating old hashes.
 *
 * Accounts moved in from the original system (`npm run import:original`) keep its Django hash,
 * `pbkdf2_sha256$<iterations>$<salt>$<base64 hash>`, until their first successful login, when
 * the login replaces it with this product's own (`upgradedHash`).
 */
import { pbkdf2, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

const memoryFor = (n: number, r: number) => 128 * n * r * 2;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, { N, r: R, p: P, maxmem: memoryFor(N, R) });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const SCRYPT_PREFIX = 'scrypt$';
const DJANGO_PBKDF2 = 'pbkdf2_sha256';
/** SHA-256 output: Django's pbkdf2_sha256 derives a key of the digest's length. */
const DJANGO_KEY_LENGTH = 32;
/** Far above any Django default (150,000 in 2.2, 1,000,000 in 5.x): a bound, not a policy. */
const DJANGO_MAX_ITERATIONS = 10_000_000;

function derivePbkdf2(password: string, salt: string, iterations: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Django feeds the password and the salt as UTF-8 bytes, without normalising them.
    pbkdf2(password, salt, iterations, DJANGO_KEY_LENGTH, 'sha256', (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

async function verifyDjangoPbkdf2(password: string, parts: readonly string[]): Promise<boolean> {
  if (parts.length !== 4) return false;
  const [, rawIterations, salt, encoded] = parts as [string, string, string, string];
  const iterations = Number(rawIterations);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > DJANGO_MAX_ITERATIONS)
    return false;
  const expected = Buffer.from(encoded, 'base64');
  if (!salt || expected.length !== DJANGO_KEY_LENGTH || expected.toString('base64') !== encoded)
    return false;
  return timingSafeEqual(await derivePbkdf2(password, salt, iterations), expected);
}

/**
 * Constant-time check against this product's scrypt hash or an imported Django
 * `pbkdf2_sha256` one; anything else (a malformed hash, Django's unusable `!…`) simply fails.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts[0] === DJANGO_PBKDF2) return verifyDjangoPbkdf2(password, parts);
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![n, r, p].every((x) => Number.isInteger(x) && x > 0) || n > 2 ** 20) return false;
  const [, , , , saltText = '', expectedText = ''] = parts;
  const salt = Buffer.from(saltText, 'base64url');
  const expected = Buffer.from(expectedText, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, salt, { N: n, r, p, maxmem: memoryFor(n, r) });
  return timingSafeEqual(key, expected);
}

/**
 * After a successful check: this product's own hash of `password` when `stored` is in another
 * format (an imported Django hash), to be saved in its place; null when nothing is to change.
 */
export async function upgradedHash(password: string, stored: string): Promise<string | null> {
  return stored.startsWith(SCRYPT_PREFIX) ? null : hashPassword(password);
}

/** A valid hash of a random password: verifying against it costs as much as a real check. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
