/**
 * The copy's keys at rest (docs/security.md#the-copy-at-rest): the data key is stored only
 * wrapped; the password and the PIN unwrap it; 5 wrong PINs erase the PIN's wrap; a password
 * change re-wraps the same key, so what was sealed before opens without a new download.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { DEVICE_DB_NAME, closeDeviceDb, getDeviceDb } from '#db/device-db';
import {
  PIN_MAX_WRONG_TRIES,
  changePassword,
  createUserKey,
  forgetUserKey,
  hasPin,
  hasUserKey,
  openValue,
  rewrapPassword,
  sealValue,
  setPin,
  unlockWithPassword,
  unlockWithPin,
  type PinUnlock,
  type SealedValue,
} from '#sync/at-rest-keys';

const MEMBER = { clave_socio: 'S-017', nombres: 'Rosa', curp: 'GOTR800101MCSMZS09' };
const CONTEXT = 'socios:S-017';

/** A record sealed under `key` and stored as a row of IndexedDB, as the copy keeps it. */
async function storeSealed(key: CryptoKey): Promise<void> {
  const sealed = await sealValue(key, MEMBER, CONTEXT);
  await getDeviceDb().facts.put({ key: 'sealed-row', value: sealed });
}

function isSealed(value: unknown): value is SealedValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    'iv' in value &&
    value.iv instanceof Uint8Array &&
    'data' in value &&
    value.data instanceof ArrayBuffer
  );
}

async function readSealed(key: CryptoKey | null): Promise<unknown> {
  const row = await getDeviceDb().facts.get('sealed-row');
  if (!key || !isSealed(row?.value)) throw new Error('no key, or no sealed row stored');
  return openValue(key, row.value, CONTEXT);
}

/** The key of a successful PIN unlock (fails the test otherwise). */
function keyOf(result: PinUnlock): CryptoKey {
  if (result.status !== 'ok') throw new Error(`PIN unlock: ${result.status}`);
  return result.key;
}

/** Everything the phone keeps about user 7's key, as a dump would read it. */
async function dumpKeyring(): Promise<string> {
  return JSON.stringify(await getDeviceDb().keyrings.toArray());
}

beforeEach(async () => {
  closeDeviceDb();
  await Dexie.delete(DEVICE_DB_NAME);
});

describe('wrap and unwrap', () => {
  it('stores the data key only wrapped; the password unwraps the key that sealed the record', async () => {
    const key = await createUserKey(7, 'secreto-1');
    await storeSealed(key);
    expect(await hasUserKey(7)).toBe(true);
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', key));
    const dump = await dumpKeyring();
    expect(dump).not.toContain('secreto-1');
    expect(dump).not.toContain(btoa(String.fromCharCode(...raw)));
    const stored = await getDeviceDb().facts.get('sealed-row');
    expect(JSON.stringify(stored)).not.toContain('GOTR800101MCSMZS09');

    closeDeviceDb(); // a cold start: nothing of the key left in memory but what was stored
    const unlocked = await unlockWithPassword(7, 'secreto-1');
    expect(await readSealed(unlocked)).toEqual(MEMBER);
  });

  it('a wrong password unwraps nothing, and another user’s wrap does not open', async () => {
    await createUserKey(7, 'secreto-1');
    expect(await unlockWithPassword(7, 'secreto-2')).toBeNull();
    expect(await unlockWithPassword(8, 'secreto-1')).toBeNull(); // no key stored for user 8
    const seven = await getDeviceDb().keyrings.get(7);
    if (!seven) throw new Error('no keyring stored for user 7');
    await getDeviceDb().keyrings.put({ ...seven, userId: 8 }); // 7's wrap copied into 8's slot
    expect(await unlockWithPassword(8, 'secreto-1')).toBeNull();
  });

  it('a sealed value opens only in its own context', async () => {
    const key = await createUserKey(7, 'secreto-1');
    const sealed = await sealValue(key, MEMBER, CONTEXT);
    expect(await openValue(key, sealed, CONTEXT)).toEqual(MEMBER);
    await expect(openValue(key, sealed, 'socios:S-018')).rejects.toThrow();
  });
});

describe('the PIN', () => {
  it('a right PIN unwraps the same key; a wrong one says how many tries are left', async () => {
    const key = await createUserKey(7, 'secreto-1');
    await storeSealed(key);
    expect(await hasPin(7)).toBe(false);
    expect(await unlockWithPin(7, '123456')).toEqual({ status: 'no-pin' });
    await setPin(7, key, '482913');
    expect(await dumpKeyring()).not.toContain('482913');

    expect(await unlockWithPin(7, '000000')).toEqual({
      status: 'wrong',
      triesLeft: PIN_MAX_WRONG_TRIES - 1,
    });
    expect(await readSealed(keyOf(await unlockWithPin(7, '482913')))).toEqual(MEMBER);
    // The success started the count again.
    expect(await unlockWithPin(7, '111111')).toEqual({
      status: 'wrong',
      triesLeft: PIN_MAX_WRONG_TRIES - 1,
    });
  });

  it('5 wrong PINs erase the PIN’s wrap: the right PIN no longer opens, the password does', async () => {
    const key = await createUserKey(7, 'secreto-1');
    await storeSealed(key);
    await setPin(7, key, '482913');
    const wrapBefore = (await getDeviceDb().keyrings.get(7))?.pin?.wrapped;
    expect(wrapBefore).toMatch(/^[A-Za-z0-9+/]{40,}={0,2}$/);
    for (let i = 1; i < PIN_MAX_WRONG_TRIES; i += 1) {
      expect(await unlockWithPin(7, `00000${i}`)).toEqual({
        status: 'wrong',
        triesLeft: PIN_MAX_WRONG_TRIES - i,
      });
    }
    expect(await unlockWithPin(7, '000009')).toEqual({ status: 'no-pin' });

    expect(await hasPin(7)).toBe(false);
    expect(await dumpKeyring()).not.toContain(wrapBefore ?? '-');
    expect(await unlockWithPin(7, '482913')).toEqual({ status: 'no-pin' });
    const byPassword = await unlockWithPassword(7, 'secreto-1');
    expect(await readSealed(byPassword)).toEqual(MEMBER);
  });

  it('refuses a PIN that is not 6 digits', async () => {
    const key = await createUserKey(7, 'secreto-1');
    await expect(setPin(7, key, '12345')).rejects.toThrow(/6 digits/);
    await expect(setPin(7, key, '12345a')).rejects.toThrow(/6 digits/);
    expect(await hasPin(7)).toBe(false);
  });
});

describe('a password change re-wraps the same key', () => {
  it('with the old password: the new one opens what was sealed before, the old one no longer', async () => {
    const key = await createUserKey(7, 'secreto-1');
    await storeSealed(key);
    await setPin(7, key, '482913');

    expect(await changePassword(7, 'no-es-esta', 'secreto-2')).toBe(false);
    expect(await unlockWithPassword(7, 'secreto-2')).toBeNull();
    expect(await changePassword(7, 'secreto-1', 'secreto-2')).toBe(true);

    expect(await unlockWithPassword(7, 'secreto-1')).toBeNull();
    expect(await readSealed(await unlockWithPassword(7, 'secreto-2'))).toEqual(MEMBER);
    expect(await readSealed(keyOf(await unlockWithPin(7, '482913')))).toEqual(MEMBER);
  });

  it('changed at the office, the phone unlocked by its PIN wraps the key under the new password', async () => {
    const key = await createUserKey(7, 'secreto-1');
    await storeSealed(key);
    await setPin(7, key, '482913');
    closeDeviceDb();

    await rewrapPassword(7, keyOf(await unlockWithPin(7, '482913')), 'nueva-clave');

    expect(await unlockWithPassword(7, 'secreto-1')).toBeNull();
    expect(await readSealed(await unlockWithPassword(7, 'nueva-clave'))).toEqual(MEMBER);
  });
});

describe('forgetting the key', () => {
  it('after logout nothing unwraps: neither the password nor the PIN', async () => {
    const key = await createUserKey(7, 'secreto-1');
    await setPin(7, key, '482913');
    await forgetUserKey(7);
    expect(await hasUserKey(7)).toBe(false);
    expect(await unlockWithPassword(7, 'secreto-1')).toBeNull();
    expect(await unlockWithPin(7, '482913')).toEqual({ status: 'no-pin' });
  });
});
