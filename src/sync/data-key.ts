/**
 * The data key in memory (docs/security.md#the-copy-at-rest): the user databases are opened
 * sealed with the key of the moment; without one (a fresh page, before the lock screen) every
 * read and write of a user database fails with `LockedError`. The key is held only here, for
 * one user, and dropped at logout, at "another user" and at a lost device's wipe.
 */
import { Dexie } from 'dexie';
import { AppDatabase, outboxHoldsUnsent, sealUserDatabases, userDbName } from '#db/database';
import { SCHEMA_VERSIONS } from '#db/schema-versions';
import type { SealCodec } from '#db/sealed-tables';
import {
  codecFor,
  createUserKey,
  forgetUserKey,
  hasUserKey,
  rewrapPassword,
  unlockWithPassword,
  unlockWithPin,
  type PinUnlock,
} from './at-rest-keys';

let held: { userId: number; key: CryptoKey; codec: SealCodec } | null = null;

/**
 * From now on the user databases open sealed with the key held here. Called once at start, not
 * on import: importing this module changes nothing by itself.
 */
export function sealWithHeldKey(): void {
  sealUserDatabases(() => held?.codec ?? null);
}

export function holdDataKey(userId: number, key: CryptoKey): void {
  held = { userId, key, codec: codecFor(key) };
}

export function dropDataKey(): void {
  held = null;
}

/** The key in memory for `userId` (null: locked, or another user's key). */
export function dataKeyOf(userId: number): CryptoKey | null {
  return held?.userId === userId ? held.key : null;
}

/**
 * Rewrite every row of the user's database once under `key`: rows stored in clear (before the
 * copy was sealed) are sealed. A row sealed under a key this phone no longer has cannot be
 * opened by anyone: then the database is deleted and starts again from the next pull.
 */
async function resealDatabase(userId: number, key: CryptoKey): Promise<void> {
  const name = userDbName(userId);
  if (!(await Dexie.exists(name))) return;
  const codec = codecFor(key);
  const db = new AppDatabase(name, SCHEMA_VERSIONS, { seal: () => codec });
  try {
    await db.open();
    for (const name of db.tables.map((t) => t.name)) {
      const table = db.table<object>(name);
      const rows = await table.toArray();
      if (rows.length > 0) await table.bulkPut(rows);
    }
    db.close();
  } catch {
    db.close();
    await Dexie.delete(name);
  }
}

export type PasswordUnlock = 'ok' | 'wrong' | 'previous-password-needed';

/**
 * After the server accepted `password` (an online login): the user's data key, unwrapped, or
 * created on a phone that has none for this user (the copy stored before is sealed under it).
 * A password changed at the office re-wraps the key still in memory; with no key in memory
 * the old wrap cannot be opened by the new password: a copy without unsent writes starts again,
 * one with unsent writes is kept and the login refused (docs/security.md#the-copy-at-rest).
 */
export async function keyAfterLogin(userId: number, password: string): Promise<PasswordUnlock> {
  const key = await unlockWithPassword(userId, password);
  if (key) {
    holdDataKey(userId, key);
    return 'ok';
  }
  if (await hasUserKey(userId)) {
    const inMemory = dataKeyOf(userId);
    if (inMemory) {
      await rewrapPassword(userId, inMemory, password);
      return 'ok';
    }
    // Sealed under a password changed elsewhere: unsent writes cannot be given up silently;
    // without any, the copy starts again from the server.
    if (await outboxHoldsUnsent(userId)) return 'previous-password-needed';
    await forgetUserKey(userId);
    await Dexie.delete(userDbName(userId));
  }
  const created = await createUserKey(userId, password);
  await resealDatabase(userId, created);
  holdDataKey(userId, created);
  return 'ok';
}

/** The lock screen, with the password and no server: the key's wrap is the check. */
export async function keyFromPassword(userId: number, password: string): Promise<boolean> {
  const key = await unlockWithPassword(userId, password);
  if (key) holdDataKey(userId, key);
  return key !== null;
}

/** The lock screen, with the PIN: 5 wrong tries erase the PIN's wrap (`at-rest-keys.ts`). */
export async function keyFromPin(userId: number, pin: string): Promise<PinUnlock> {
  const answer = await unlockWithPin(userId, pin);
  if (answer.status === 'ok') holdDataKey(userId, answer.key);
  return answer;
}
