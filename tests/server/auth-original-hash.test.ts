import { pbkdf2Sync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { upgradedHash, verifyPassword } from '#server/auth/password';
import { users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

/** A Django `pbkdf2_sha256` hash computed here, independently of the server's code. */
function djangoHash(password: string, salt: string, iterations: number): string {
  const key = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, 32, 'sha256');
  return `pbkdf2_sha256$${iterations}$${salt}$${key.toString('base64')}`;
}

describe('verifyPassword with the original system’s Django hashes', () => {
  const stored = djangoHash('clave-de-siempre', 'Xq3RsalT9', 150_000);

  it('accepts the right password and refuses a wrong one', async () => {
    expect(await verifyPassword('clave-de-siempre', stored)).toBe(true);
    expect(await verifyPassword('clave-de-siempr', stored)).toBe(false);
    // Django does not normalise: a composed and a decomposed "ñ" are different passwords.
    const composed = djangoHash('ca\u00f1a', 'salt', 1000);
    expect(await verifyPassword('ca\u00f1a', composed)).toBe(true);
    expect(await verifyPassword('can\u0303a', composed)).toBe(false);
  });

  it('refuses malformed and unusable hashes', async () => {
    const [, iterations, salt, hash] = stored.split('$');
    for (const bad of [
      `!${stored}`,
      '!Bz3kQUsable',
      `pbkdf2_sha256$${iterations}$${salt}`,
      `pbkdf2_sha256$0$${salt}$${hash}`,
      `pbkdf2_sha256$abc$${salt}$${hash}`,
      `pbkdf2_sha256$${iterations}$$${hash}`,
      `pbkdf2_sha256$${iterations}$${salt}$${hash!.slice(4)}`,
      `pbkdf2_sha1$${iterations}$${salt}$${hash}`,
    ]) {
      expect(await verifyPassword('clave-de-siempre', bad)).toBe(false);
    }
  });

  it('asks for this product’s own hash only when the stored one is another format', async () => {
    const upgraded = await upgradedHash('clave-de-siempre', stored);
    expect(upgraded).toMatch(/^scrypt\$/);
    expect(await verifyPassword('clave-de-siempre', upgraded!)).toBe(true);
    expect(await upgradedHash('clave-de-siempre', upgraded!)).toBeNull();
  });
});

describe('login of an account moved in from the original system', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'gerente', password },
      remoteAddress: '10.9.0.1',
    });
  const storedHash = async () =>
    (await t.db.select().from(users).where(eq(users.username, 'gerente')))[0]!.password_hash;

  it('logs in with the original password and replaces the hash with its own', async () => {
    const original = djangoHash('mi-clave-anterior', 'Pq81saltsalt', 36_000);
    await t.db.update(users).set({ password_hash: original }).where(eq(users.username, 'gerente'));

    expect((await login('otra-clave')).statusCode).toBe(401);
    expect(await storedHash()).toBe(original);

    expect((await login('mi-clave-anterior')).statusCode).toBe(200);
    const replaced = await storedHash();
    expect(replaced).toMatch(/^scrypt\$/);

    // The same password keeps working against the new hash, which then stays as it is.
    expect((await login('mi-clave-anterior')).statusCode).toBe(200);
    expect(await storedHash()).toBe(replaced);
  });
});
