/**
 * Sealed tables (docs/security.md#the-copy-at-rest): the per-user database with the sealing
 * middleware, filled by the real pull of the promoter's scope. At rest, its stores hold none of
 * the region's CURPs, phone numbers or full names (as the server's API answers them); through
 * the app's Dexie API every read still answers the records, in and across transactions.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { z } from 'zod';
import { AppDatabase, sealUserDatabases, userDbName } from '#db/database';
import { enqueue } from '#sync/commands';
import { LockedError, SEALED_FIELD, sealingMiddleware, type SealCodec } from '#db/sealed-tables';
import { codecFor } from '#sync/at-rest-keys';
import { startSyncWorld, type SyncWorld } from '#tests/helpers/sync-harness';

const memberRows = z.array(
  z.object({
    clave_socio: z.number(),
    full_name: z.string(),
    curp: z.string().nullable(),
    telefono: z.string().nullable(),
  }),
);

let w: SyncWorld;
let expected: { curps: string[]; phones: string[]; names: string[]; claves: number[] };

beforeAll(async () => {
  w = await startSyncWorld();
  const res = await w.t.as('promotor', { method: 'GET', url: '/api/socios.json' });
  expect(res.statusCode).toBe(200);
  const members = memberRows.parse(res.json());
  const filled = (values: (string | null)[]) =>
    values.filter((v): v is string => v !== null && v.trim().length >= 6);
  expected = {
    curps: filled(members.map((m) => m.curp)),
    phones: filled(members.map((m) => m.telefono)),
    names: filled(members.map((m) => m.full_name)),
    claves: members.map((m) => m.clave_socio),
  };
  // The region has people to protect: the test would find them in a clear copy.
  expect(expected.curps.length).toBeGreaterThan(5);
  expect(expected.phones.length).toBeGreaterThan(5);
  expect(expected.names.length).toBeGreaterThan(5);
});
afterAll(async () => {
  await w.close();
});

const NAME = userDbName(990_001);
let codec: SealCodec | null;
let sealed: AppDatabase;

async function openSealed(): Promise<AppDatabase> {
  const db = new AppDatabase(NAME);
  db.use(sealingMiddleware(() => codec));
  await db.open();
  return db;
}

beforeEach(async () => {
  sealed?.close();
  await Dexie.delete(NAME);
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
    'encrypt',
    'decrypt',
  ]);
  codec = codecFor(key);
  sealed = await openSealed();
});

/** Every store of the database read straight from IndexedDB (no middleware), bytes as text. */
async function dumpAtRest(name = NAME): Promise<string> {
  const raw = new Dexie(name);
  await raw.open();
  try {
    const parts: string[] = [];
    for (const table of raw.tables) {
      const rows = await table.toArray();
      parts.push(
        JSON.stringify(rows, (_k, v: unknown) => {
          if (v instanceof ArrayBuffer) return new TextDecoder('latin1').decode(v);
          if (v instanceof Uint8Array) return new TextDecoder('latin1').decode(v);
          return v;
        }),
      );
    }
    return parts.join('\n');
  } finally {
    raw.close();
  }
}

async function pullInto(db: AppDatabase): Promise<void> {
  const result = await w.engine({ db: () => db, pullLimit: 500 }).pull();
  expect(result.ok).toBe(true);
}

describe('sealed at rest', () => {
  it('after the first pull no CURP, phone number or full name of the region is readable at rest', async () => {
    await pullInto(sealed);
    // The positive signal first: the app reads the whole region back.
    const socios = await sealed.socios.toArray();
    const byNumber = (a: number, b: number) => a - b;
    expect(socios.map((s) => Number(s.clave_socio)).sort(byNumber)).toEqual(
      [...expected.claves].sort(byNumber),
    );
    expect(
      socios
        .map((s) => s.curp)
        .filter(Boolean)
        .sort(),
    ).toEqual([...expected.curps].sort());

    const dump = await dumpAtRest();
    expect(dump).toContain(SEALED_FIELD);
    for (const curp of expected.curps) expect(dump).not.toContain(curp);
    for (const phone of expected.phones) expect(dump).not.toContain(phone);
    for (const name of expected.names) expect(dump).not.toContain(name);
    // …and what the indexes need is there in clear: the member ids and the region.
    expect(dump).toContain(`"clave_socio":${expected.claves[0]}`);
  });

  it('indexes, ranges, cursors, updates and a read-then-write transaction work on sealed rows', async () => {
    await pullInto(sealed);
    const first = await sealed.socios.orderBy('clave_socio').first();
    if (!first) throw new Error('no member pulled');
    expect(first.clave_socio).toBe(Math.min(...expected.claves));

    // An index lookup, a filter (a cursor) and bulkGet answer whole records.
    const byRegion = await sealed.socios.where('region').equals(first.region).toArray();
    expect(byRegion.every((s) => typeof s.nombres === 'string' && s.nombres.length > 0)).toBe(true);
    const named = await sealed.socios.filter((s) => s.nombres === first.nombres).toArray();
    expect(named.map((s) => s.clave_socio)).toContain(first.clave_socio);
    const [again] = await sealed.socios.bulkGet([first.clave_socio]);
    expect(again).toEqual(first);

    // update (get + put) and modify (cursor + put) keep the sealed rest of the row.
    await sealed.socios.update(first.clave_socio, { telefono: '9190000001' });
    await sealed.socios
      .where('clave_socio')
      .equals(first.clave_socio)
      .modify((s) => {
        s.nombres = `${s.nombres} (editado)`;
      });
    const edited = await sealed.socios.get(first.clave_socio);
    expect(edited).toMatchObject({
      telefono: '9190000001',
      nombres: `${first.nombres} (editado)`,
      curp: first.curp,
    });

    // Reads and writes interleaved in ONE transaction: it must not commit mid-way.
    await sealed.transaction('rw', sealed.meta, sealed.socios, async () => {
      for (let i = 1; i <= 3; i += 1) {
        const row = await sealed.meta.get('counter');
        const n = typeof row?.value === 'number' ? row.value : 0;
        await sealed.meta.put({ key: 'counter', value: n + 1 });
        await sealed.socios.get(first.clave_socio);
      }
    });
    expect((await sealed.meta.get('counter'))?.value).toBe(3);
    expect(await dumpAtRest()).not.toContain('9190000001');
  });

  it('locked (no key in memory): nothing opens, and the same key opens it again after unlock', async () => {
    await pullInto(sealed);
    const count = await sealed.socios.count(); // counting reads no record
    const kept = codec;
    codec = null;
    await expect(sealed.socios.toArray()).rejects.toBeInstanceOf(LockedError);
    await expect(sealed.meta.put({ key: 'x', value: 1 })).rejects.toBeInstanceOf(LockedError);
    codec = kept;
    expect(await sealed.socios.toArray()).toHaveLength(count);
  });

  it('another key (another user, or a new key after a wipe) cannot open the rows', async () => {
    await pullInto(sealed);
    const other = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
      'encrypt',
      'decrypt',
    ]);
    codec = codecFor(other);
    await expect(sealed.socios.limit(1).toArray()).rejects.toThrow();
  });
});

describe('the sync engine on a sealed user database', () => {
  it('queued writes are sealed at rest, sent once each, and the pull lands sealed too', async () => {
    sealUserDatabases(() => codec);
    try {
      await w.reset(); // the promoter's database opened again, now sealed
      await enqueue('note.create', { text: 'nota-sellada-1', chain: 'sellada' });
      await enqueue('note.create', { text: 'nota-sellada-2', chain: 'sellada' });
      expect((await w.db.outbox.toArray()).map((r) => r.payload)).toEqual([
        { text: 'nota-sellada-1', chain: 'sellada' },
        { text: 'nota-sellada-2', chain: 'sellada' },
      ]);
      expect(await dumpAtRest(userDbName(w.userId))).not.toContain('nota-sellada');

      await w.engine().syncNow();
      const effects = await w.effects();
      expect(effects.get('nota-sellada-1')).toBe(1);
      expect(effects.get('nota-sellada-2')).toBe(1);
      expect((await w.db.outbox.toArray()).map((r) => r.status)).toEqual(['done', 'done']);
      expect(await w.db.socios.count()).toBe(expected.claves.length);

      const dump = await dumpAtRest(userDbName(w.userId));
      expect(dump).not.toContain('nota-sellada');
      for (const curp of expected.curps) expect(dump).not.toContain(curp);
      for (const name of expected.names) expect(dump).not.toContain(name);
    } finally {
      sealUserDatabases(null);
      await w.reset();
    }
  });
});
