/**
 * The keys of the phone's copy at rest (docs/security.md#the-copy-at-rest): one random AES-GCM
 * data key per user, stored ONLY wrapped — by a key derived from the password (PBKDF2-SHA-256)
 * and, optionally, by one derived from a 6-digit PIN whose wrap is erased after
 * PIN_MAX_WRONG_TRIES wrong tries. The unwrapped data key lives only in memory; a password
 * change re-wraps the same data key, so nothing sealed under it has to be downloaded again.
 *
 * The data key stays extractable in memory: wrapping it under a new PIN or a password changed
 * at the office needs its bytes, and whoever can read this page's memory reads the records too.
 */
import { getDeviceDb, type KeyWrap, type StoredKeyring } from '#db/device-db';
import type { SealCodec, SealedValue } from '#db/sealed-tables';

/** Measured on the budget of an unlock (docs/security.md#the-copy-at-rest). */
export const KEY_ITERATIONS = 310_000;
export const PIN_MAX_WRONG_TRIES = 5;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const DATA_KEY: AesKeyGenParams = { name: 'AES-GCM', length: 256 };
const PIN_PATTERN = /^\d{6}$/;

type Secret = 'password' | 'pin';

export type PinUnlock =
  | { status: 'ok'; key: CryptoKey }
  | { status: 'wrong'; triesLeft: number }
  /** No PIN set, or its wrap was erased after too many wrong tries: the password is needed. */
  | { status: 'no-pin' };

const subtle = () => globalThis.crypto.subtle;
const encoder = new TextEncoder();

function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** Binds a wrap to its user and secret, so a wrap copied to another user's slot does not open. */
function wrapContext(userId: number, secret: Secret): Uint8Array<ArrayBuffer> {
  return encoder.encode(`comonsit:u${userId}:${secret}`);
}

export function isPin(pin: string): boolean {
  return PIN_PATTERN.test(pin);
}

async function keyFromSecret(
  secret: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await subtle().importKey('raw', encoder.encode(secret), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    DATA_KEY,
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

async function wrap(
  dataKey: CryptoKey,
  userId: number,
  kind: Secret,
  secret: string,
): Promise<KeyWrap> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const kek = await keyFromSecret(secret, salt, KEY_ITERATIONS);
  const wrapped = await subtle().wrapKey('raw', dataKey, kek, {
    name: 'AES-GCM',
    iv,
    additionalData: wrapContext(userId, kind),
  });
  return {
    salt: toBase64(salt),
    iv: toBase64(iv),
    wrapped: toBase64(new Uint8Array(wrapped)),
    iterations: KEY_ITERATIONS,
  };
}

/** The data key, or null when the secret is not the one it was wrapped with. */
async function unwrap(
  keyWrap: KeyWrap,
  userId: number,
  kind: Secret,
  secret: string,
): Promise<CryptoKey | null> {
  const kek = await keyFromSecret(secret, fromBase64(keyWrap.salt), keyWrap.iterations);
  try {
    return await subtle().unwrapKey(
      'raw',
      fromBase64(keyWrap.wrapped),
      kek,
      { name: 'AES-GCM', iv: fromBase64(keyWrap.iv), additionalData: wrapContext(userId, kind) },
      DATA_KEY,
      true,
      ['encrypt', 'decrypt'],
    );
  } catch {
    // AES-GCM's tag does not verify: a wrong secret (or a tampered wrap).
    return null;
  }
}

async function keyringOf(userId: number): Promise<StoredKeyring | undefined> {
  return getDeviceDb().keyrings.get(userId);
}

/**
 * A new random data key for `userId`, stored wrapped by the password only (any PIN is gone).
 * Whatever was sealed under an earlier key of this user can no longer be opened.
 */
export async function createUserKey(userId: number, password: string): Promise<CryptoKey> {
  const key = await subtle().generateKey(DATA_KEY, true, ['encrypt', 'decrypt']);
  const keyring: StoredKeyring = {
    userId,
    password: await wrap(key, userId, 'password', password),
    pin: null,
    pinFailures: 0,
    updatedAt: new Date().toISOString(),
  };
  await getDeviceDb().keyrings.put(keyring);
  return key;
}

export async function hasUserKey(userId: number): Promise<boolean> {
  return (await keyringOf(userId)) !== undefined;
}

export async function hasPin(userId: number): Promise<boolean> {
  return (await keyringOf(userId))?.pin != null;
}

/** The data key, or null: no key stored for this user, or the wrong password. */
export async function unlockWithPassword(
  userId: number,
  password: string,
): Promise<CryptoKey | null> {
  const keyring = await keyringOf(userId);
  if (!keyring) return null;
  const key = await unwrap(keyring.password, userId, 'password', password);
  if (key && keyring.pinFailures > 0) {
    // The password proves the owner: the PIN's count of wrong tries starts again.
    await getDeviceDb().keyrings.update(userId, { pinFailures: 0 });
  }
  return key;
}

/** Wrap the in-memory data key under a 6-digit PIN (replacing any earlier PIN). */
export async function setPin(userId: number, key: CryptoKey, pin: string): Promise<void> {
  if (!isPin(pin)) throw new Error('setPin: a PIN is exactly 6 digits');
  const pinWrap = await wrap(key, userId, 'pin', pin);
  const db = getDeviceDb();
  await db.transaction('rw', db.keyrings, async () => {
    const keyring = await db.keyrings.get(userId);
    if (!keyring) throw new Error(`setPin: no data key stored for user ${userId}`);
    await db.keyrings.put({
      ...keyring,
      pin: pinWrap,
      pinFailures: 0,
      updatedAt: new Date().toISOString(),
    });
  });
}

export async function removePin(userId: number): Promise<void> {
  await getDeviceDb().keyrings.update(userId, { pin: null, pinFailures: 0 });
}

/**
 * Unlock with the PIN. Each wrong try is counted in a transaction (two tabs cannot both get a
 * free try); the PIN_MAX_WRONG_TRIES-th erases the PIN's wrap from the phone, so from then on
 * only the password opens the data.
 */
export async function unlockWithPin(userId: number, pin: string): Promise<PinUnlock> {
  const keyring = await keyringOf(userId);
  if (!keyring?.pin) return { status: 'no-pin' };
  const key = isPin(pin) ? await unwrap(keyring.pin, userId, 'pin', pin) : null;
  const db = getDeviceDb();
  return db.transaction('rw', db.keyrings, async (): Promise<PinUnlock> => {
    const current = await db.keyrings.get(userId);
    // The wrap tried must still be the stored one (not erased or replaced meanwhile).
    if (!current?.pin || current.pin.wrapped !== keyring.pin!.wrapped) return { status: 'no-pin' };
    if (key) {
      if (current.pinFailures > 0) await db.keyrings.put({ ...current, pinFailures: 0 });
      return { status: 'ok', key };
    }
    const pinFailures = current.pinFailures + 1;
    if (pinFailures >= PIN_MAX_WRONG_TRIES) {
      await db.keyrings.put({ ...current, pin: null, pinFailures: 0 });
      return { status: 'no-pin' };
    }
    await db.keyrings.put({ ...current, pinFailures });
    return { status: 'wrong', triesLeft: PIN_MAX_WRONG_TRIES - pinFailures };
  });
}

/**
 * The password changed (known at the next online login) while the data key is in memory
 * (unlocked by the PIN, or still open): wrap the SAME key under the new password. The records
 * sealed under it stay readable; nothing is downloaded again. The PIN's wrap is kept.
 */
export async function rewrapPassword(
  userId: number,
  key: CryptoKey,
  newPassword: string,
): Promise<void> {
  const passwordWrap = await wrap(key, userId, 'password', newPassword);
  const db = getDeviceDb();
  await db.transaction('rw', db.keyrings, async () => {
    const keyring = await db.keyrings.get(userId);
    if (!keyring) throw new Error(`rewrapPassword: no data key stored for user ${userId}`);
    await db.keyrings.put({
      ...keyring,
      password: passwordWrap,
      updatedAt: new Date().toISOString(),
    });
  });
}

/** Re-wrap under a new password given the old one; false (nothing changed) when it is wrong. */
export async function changePassword(
  userId: number,
  oldPassword: string,
  newPassword: string,
): Promise<boolean> {
  const key = await unlockWithPassword(userId, oldPassword);
  if (!key) return false;
  await rewrapPassword(userId, key, newPassword);
  return true;
}

/** Logout or a lost device: without its wraps the data key (and every sealed record) is gone. */
export async function forgetUserKey(userId: number): Promise<void> {
  await getDeviceDb().keyrings.delete(userId);
}

export type { SealedValue };

/**
 * Encrypt a JSON value. `context` (e.g. the table and the row's key) is authenticated with it,
 * so a sealed value moved to another row or table does not open there.
 */
export async function sealValue(
  key: CryptoKey,
  value: unknown,
  context: string,
): Promise<SealedValue> {
  const iv = randomBytes(IV_BYTES);
  const data = await subtle().encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
    key,
    encoder.encode(JSON.stringify(value)),
  );
  return { iv, data };
}

/** The JSON value sealed by `sealValue` with the same key and context; throws otherwise. */
export async function openValue(
  key: CryptoKey,
  sealed: SealedValue,
  context: string,
): Promise<unknown> {
  const plain = await subtle().decrypt(
    { name: 'AES-GCM', iv: sealed.iv, additionalData: encoder.encode(context) },
    key,
    sealed.data,
  );
  const value: unknown = JSON.parse(new TextDecoder().decode(plain));
  return value;
}

/** The codec the sealed tables use while `key` is unlocked (`#db/sealed-tables`). */
export function codecFor(key: CryptoKey): SealCodec {
  return {
    seal: (value, context) => sealValue(key, value, context),
    open: (sealed, context) => openValue(key, sealed, context),
  };
}
