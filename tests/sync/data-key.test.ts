/**
 * The data key in memory (docs/security.md#the-copy-at-rest): after an online login the key is
 * unwrapped, or created and the copy stored in clear before sealed under it; the lock screen's
 * password and PIN put it back in memory; a password changed elsewhere keeps unsent writes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { AppDatabase, closeUserDb, openUserDb, sealUserDatabases, userDbName } from '#db/database';
import { DEVICE_DB_NAME, closeDeviceDb } from '#db/device-db';
import { SEALED_FIELD } from '#db/sealed-tables';
import { hasUserKey, setPin } from '#sync/at-rest-keys';
import {
  dataKeyOf,
  dropDataKey,
  keyAfterLogin,
  keyFromPassword,
  keyFromPin,
  sealWithHeldKey,
} from '#sync/data-key';

const USER = 990_101;
const MEMBER = { clave_socio: 17, full_name: 'Rosa Gómez Tzeltal', curp: 'GOTR800101MCSMZS09' };

/** The user's database read with no sealing at all: what a dump of the phone holds. */
async function rawSocios(): Promise<Record<string, unknown>[]> {
  const raw = new AppDatabase(userDbName(USER));
  await raw.open();
  try {
    return await raw.table<Record<string, unknown>>('socios').toArray();
  } finally {
    raw.close();
  }
}

async function storeInClear(): Promise<void> {
  const clear = new AppDatabase(userDbName(USER));
  await clear.open();
  await clear.table('socios').put(MEMBER);
  clear.close();
}

beforeEach(async () => {
  sealWithHeldKey();
  dropDataKey();
  closeUserDb();
  closeDeviceDb();
  await Dexie.delete(DEVICE_DB_NAME);
  await Dexie.delete(userDbName(USER));
});
afterEach(() => {
  dropDataKey();
  closeUserDb();
  sealUserDatabases(null);
});

describe('the key after a login', () => {
  it('a phone with no key creates one and seals the copy stored in clear before', async () => {
    await storeInClear();
    expect(JSON.stringify(await rawSocios())).toContain(MEMBER.curp);

    expect(await keyAfterLogin(USER, 'first-password')).toBe('ok');
    expect(dataKeyOf(USER)).not.toBeNull();
    const stored = await rawSocios();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.[SEALED_FIELD]).toBeDefined();
    expect(JSON.stringify(stored)).not.toContain(MEMBER.curp);
    // The app, with the key in memory, reads the member whole.
    const db = await openUserDb(USER);
    expect(await db.socios.get(17)).toMatchObject(MEMBER);
  });

  it('locked (no key in memory) nothing opens; the password or the PIN puts the key back', async () => {
    await storeInClear();
    await keyAfterLogin(USER, 'first-password');
    const key = dataKeyOf(USER);
    if (!key) throw new Error('no key in memory after the login');
    await setPin(USER, key, '135790');
    closeUserDb();
    dropDataKey();
    const locked = await openUserDb(USER);
    await expect(locked.socios.get(17)).rejects.toThrow(/locked/);

    expect(await keyFromPassword(USER, 'not-it')).toBe(false);
    expect(await keyFromPin(USER, '000000')).toMatchObject({ status: 'wrong', triesLeft: 4 });
    expect(dataKeyOf(USER)).toBeNull();
    expect((await keyFromPin(USER, '135790')).status).toBe('ok');
    expect(await locked.socios.get(17)).toMatchObject(MEMBER);
    dropDataKey();
    expect(await keyFromPassword(USER, 'first-password')).toBe(true);
    expect(await locked.socios.get(17)).toMatchObject(MEMBER);
  });

  it('a password changed elsewhere re-wraps the key in memory: nothing downloaded again', async () => {
    await storeInClear();
    await keyAfterLogin(USER, 'first-password');
    expect(await keyAfterLogin(USER, 'changed-at-office')).toBe('ok');
    dropDataKey();
    expect(await keyFromPassword(USER, 'first-password')).toBe(false);
    expect(await keyFromPassword(USER, 'changed-at-office')).toBe(true);
    expect(await (await openUserDb(USER)).socios.get(17)).toMatchObject(MEMBER);
  });

  it('changed elsewhere with no key in memory: unsent writes keep the copy, none starts it again', async () => {
    await storeInClear();
    await keyAfterLogin(USER, 'first-password');
    const db = await openUserDb(USER);
    const at = new Date().toISOString();
    await db.outbox.put({
      id: 'm-1',
      seq: 1,
      deviceId: 'd-1',
      userId: USER,
      kind: 'socio.update',
      recordId: '17',
      chainKey: 'socios:17',
      dependsOn: [],
      payload: { telefono: '9612345678' },
      capturedAt: at,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      result: null,
      serverId: 17,
      supersedes: null,
      createdAt: at,
      updatedAt: at,
      sentAt: null,
      doneAt: null,
    });
    closeUserDb();
    dropDataKey();
    expect(await keyAfterLogin(USER, 'changed-at-office')).toBe('previous-password-needed');
    expect(dataKeyOf(USER)).toBeNull();
    expect(await keyFromPassword(USER, 'first-password')).toBe(true);

    await (await openUserDb(USER)).outbox.clear();
    closeUserDb();
    dropDataKey();
    expect(await keyAfterLogin(USER, 'changed-at-office')).toBe('ok');
    expect(await hasUserKey(USER)).toBe(true);
    expect(await Dexie.exists(userDbName(USER))).toBe(false);
  });
});
