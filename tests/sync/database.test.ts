/** The per-user replica: one database per user, versioned upgrades that keep the outbox, logout wipes. */
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import {
  AppDatabase,
  closeUserDb,
  getDb,
  openUserDb,
  userDbName,
  wipeUserReplica,
} from '#db/database';
import { SCHEMA_VERSIONS } from '#db/schema-versions';
import { nextCaptureSlot } from '#db/device-db';
import type { StoredOutboxRow } from '#db/stored-rows';

function outboxRow(id: string, status: StoredOutboxRow['status']): StoredOutboxRow {
  const at = new Date().toISOString();
  return {
    id,
    seq: 1,
    deviceId: 'd',
    userId: 7,
    kind: 'k',
    recordId: 'r',
    chainKey: 'c',
    dependsOn: [],
    payload: { a: 1 },
    capturedAt: at,
    status,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    result: null,
    serverId: null,
    supersedes: null,
    createdAt: at,
    updatedAt: at,
    sentAt: null,
    doneAt: null,
  };
}

afterEach(() => closeUserDb());

describe('user database', () => {
  it('getDb() without a user is a clear error; each user has their own replica', async () => {
    expect(() => getDb()).toThrow(/openUserDb/);
    const a = await openUserDb(101);
    await a.wire('regiones').put({ id: 1, nombre: 'A' });
    const b = await openUserDb(102);
    expect(b.name).toBe(userDbName(102));
    expect(await b.regiones.count()).toBe(0);
    expect(getDb()).toBe(b);
    await expect(openUserDb(0)).rejects.toThrow(/bad user id/);
  });

  it('an upgrade from v1 to a v2 with an extra table keeps every outbox row', async () => {
    const name = 'comonsit-upgrade-test';
    const v1 = new AppDatabase(name, SCHEMA_VERSIONS.slice(0, 1));
    await v1.open();
    await v1.outbox.bulkPut([outboxRow('m1', 'pending'), outboxRow('m2', 'rejected')]);
    v1.close();
    const v2 = new AppDatabase(name, [
      ...SCHEMA_VERSIONS.slice(0, 1),
      {
        version: 2,
        stores: {
          contratos: 'id, socio',
          outbox: 'id, seq, status, chainKey, recordId, kind, nextAttemptAt, userId',
        },
      },
    ]);
    await v2.open();
    expect(v2.verno).toBe(2);
    expect((await v2.outbox.toArray()).map((r) => [r.id, r.status])).toEqual([
      ['m1', 'pending'],
      ['m2', 'rejected'],
    ]);
    expect(await v2.outbox.where('userId').equals(7).count()).toBe(2); // the new index works
    await v2.table('contratos').put({ id: 1, socio: 5 });
    v2.close();
    await Dexie.delete(name);
  });

  it('logout with keepOutbox clears replica and meta but keeps unsent rows', async () => {
    const db = await openUserDb(103);
    await db.wire('socios').put({ clave_socio: 1, region: 1 });
    await db.meta.put({ key: 'pull.cursor', value: 'x' });
    await db.outbox.bulkPut([outboxRow('keep', 'pending'), outboxRow('gone', 'done')]);
    await wipeUserReplica(103, { keepOutbox: true });
    const again = await openUserDb(103);
    expect(await again.socios.count()).toBe(0);
    expect(await again.meta.count()).toBe(0);
    expect((await again.outbox.toArray()).map((r) => r.id)).toEqual(['keep']);
    await wipeUserReplica(103, { keepOutbox: false });
    expect(await Dexie.exists(userDbName(103))).toBe(false);
  });

  it('the device keeps one id and a strictly increasing sequence', async () => {
    const slots = await Promise.all([nextCaptureSlot(), nextCaptureSlot(), nextCaptureSlot()]);
    expect(new Set(slots.map((s) => s.deviceId)).size).toBe(1);
    const seqs = slots.map((s) => s.seq);
    expect(new Set(seqs).size).toBe(3);
    const later = await nextCaptureSlot();
    expect(later.deviceId).toBe(slots[0]!.deviceId);
    expect(later.seq).toBeGreaterThan(Math.max(...seqs));
  });
});
