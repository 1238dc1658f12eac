/**
 * What belongs to the phone rather than to a user (`comonsit-device`): the device id, the
 * per-device capture sequence, the offline-unlock verifiers (docs/sync-protocol.md) and each
 * user's wrapped data key (docs/security.md#the-copy-at-rest).
 */
import { Dexie, type Table } from 'dexie';

export interface DeviceFact {
  key: string;
  value: unknown;
}

/** A salted password verifier: never the password. */
export interface UnlockVerifier {
  /** Lower-cased username. */
  username: string;
  userId: number;
  /** base64 of the random salt and of the PBKDF2-SHA-256 output. */
  salt: string;
  hash: string;
  iterations: number;
  /** Wrong offline tries since the last success. */
  failures: number;
  /** Too many wrong tries: only an online login unlocks. */
  locked: boolean;
  updatedAt: string;
}

/** A data key wrapped by a key derived from a secret (base64 fields): never the key itself. */
export interface KeyWrap {
  salt: string;
  iv: string;
  wrapped: string;
  /** PBKDF2-SHA-256 iterations the wrapping key was derived with. */
  iterations: number;
}

/** One user's data key, only as wraps (`src/sync/at-rest-keys.ts`). */
export interface StoredKeyring {
  userId: number;
  password: KeyWrap;
  /** Erased after too many wrong PIN tries: then only the password opens the data. */
  pin: KeyWrap | null;
  /** Wrong PIN tries since the last success. */
  pinFailures: number;
  updatedAt: string;
}

export class DeviceDatabase extends Dexie {
  declare facts: Table<DeviceFact, string>;
  declare verifiers: Table<UnlockVerifier, string>;
  declare keyrings: Table<StoredKeyring, number>;

  constructor(name = DEVICE_DB_NAME) {
    super(name);
    this.version(1).stores({ facts: 'key', verifiers: 'username' });
    // Never edit a published version: the keyrings came with the encrypted copy.
    this.version(2).stores({ keyrings: 'userId' });
  }
}

export const DEVICE_DB_NAME = 'comonsit-device';

let device: DeviceDatabase | null = null;

export function getDeviceDb(): DeviceDatabase {
  device ??= new DeviceDatabase();
  return device;
}

/** Close the device database (tests that delete it between cases). */
export function closeDeviceDb(): void {
  device?.close();
  device = null;
}

/**
 * This phone's id (made on first use) and its next capture sequence number (monotonic across
 * users and reloads), in ONE transaction: every capture asks for both, and each transaction
 * costs a cheap phone tens of milliseconds.
 */
export async function nextCaptureSlot(): Promise<{ deviceId: string; seq: number }> {
  const db = getDeviceDb();
  return db.transaction('rw', db.facts, async () => {
    const [idRow, seqRow] = await db.facts.bulkGet(['deviceId', 'seq']);
    const deviceId =
      typeof idRow?.value === 'string' ? idRow.value : globalThis.crypto.randomUUID();
    const seq = (typeof seqRow?.value === 'number' ? seqRow.value : 0) + 1;
    await db.facts.bulkPut([
      { key: 'deviceId', value: deviceId },
      { key: 'seq', value: seq },
    ]);
    return { deviceId, seq };
  });
}

/**
 * This phone's receipt code (4 characters of the receipt alphabet, made once) and the next
 * receipt sequence, in one transaction (#domain/receipts: `<user>-<device code>-<sequence>`).
 */
export async function nextReceiptSlot(
  randomCode: () => string,
): Promise<{ deviceCode: string; sequence: number }> {
  const db = getDeviceDb();
  return db.transaction('rw', db.facts, async () => {
    const code = await db.facts.get('receiptDevice');
    const deviceCode = typeof code?.value === 'string' ? code.value : randomCode();
    if (code?.value !== deviceCode) await db.facts.put({ key: 'receiptDevice', value: deviceCode });
    const row = await db.facts.get('receiptSeq');
    const sequence = (typeof row?.value === 'number' ? row.value : 0) + 1;
    await db.facts.put({ key: 'receiptSeq', value: sequence });
    return { deviceCode, sequence };
  });
}
