/**
 * Offline unlock (docs/sync-protocol.md#the-lock-screen-and-offline-unlock): at each online login
 * the password is turned into a salted PBKDF2-SHA-256 verifier kept in the device database — never
 * the password. Offline, the lock screen checks a typed password against it. After MAX_WRONG_TRIES
 * wrong tries only an online login (which stores a fresh verifier) unlocks again.
 */
import { getDeviceDb, type UnlockVerifier } from '#db/device-db';

export const PBKDF2_ITERATIONS = 150_000;
export const MAX_WRONG_TRIES = 5;
const SALT_BYTES = 16;
const HASH_BITS = 256;

export type UnlockResult = 'ok' | 'wrong' | 'locked-until-online' | 'unknown-user';

const normalise = (username: string) => username.trim().toLowerCase();

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

/** Compare without an early exit (the timing does not tell how many bytes matched). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** After a successful ONLINE login: store a fresh verifier (this also lifts a lock). */
export async function rememberPasswordVerifier(
  username: string,
  userId: number,
  password: string,
): Promise<void> {
  const salt = new Uint8Array(SALT_BYTES);
  globalThis.crypto.getRandomValues(salt);
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  const verifier: UnlockVerifier = {
    username: normalise(username),
    userId,
    salt: toBase64(salt),
    hash: toBase64(hash),
    iterations: PBKDF2_ITERATIONS,
    failures: 0,
    locked: false,
    updatedAt: new Date().toISOString(),
  };
  await getDeviceDb().verifiers.put(verifier);
}

/** The user id a verifier belongs to (the lock screen opens that user's replica). */
export async function verifierUserId(username: string): Promise<number | null> {
  return (await getDeviceDb().verifiers.get(normalise(username)))?.userId ?? null;
}

export async function unlockOffline(username: string, password: string): Promise<UnlockResult> {
  const db = getDeviceDb();
  const key = normalise(username);
  const verifier = await db.verifiers.get(key);
  if (!verifier) return 'unknown-user';
  if (verifier.locked) return 'locked-until-online';
  const hash = await derive(password, fromBase64(verifier.salt), verifier.iterations);
  const right = sameBytes(hash, fromBase64(verifier.hash));
  // Counted in a transaction so two lock screens (tabs) cannot both get a free try.
  return db.transaction('rw', db.verifiers, async () => {
    const current = await db.verifiers.get(key);
    if (!current) return 'unknown-user';
    if (current.locked) return 'locked-until-online';
    if (right) {
      await db.verifiers.put({ ...current, failures: 0 });
      return 'ok';
    }
    const failures = current.failures + 1;
    const locked = failures >= MAX_WRONG_TRIES;
    await db.verifiers.put({ ...current, failures, locked });
    return locked ? 'locked-until-online' : 'wrong';
  });
}

/** Explicit logout: this phone forgets how to unlock the user offline. */
export async function forgetVerifier(username: string): Promise<void> {
  await getDeviceDb().verifiers.delete(normalise(username));
}
