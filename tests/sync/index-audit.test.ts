/**
 * What a user database indexes stays readable at rest (docs/security.md#the-copy-at-rest): the
 * sealing keeps a row's key and indexed fields in clear. This audit opens the database at its
 * latest schema and checks every key and index against the kinds of field that may be read
 * by anyone holding a copy: ids, dates, region and status codes, counters. A new index on a
 * name, CURP, phone, address or amount fails here before it reaches a phone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { AppDatabase } from '#db/database';

/** Audited by hand: each field and why it reveals nobody. */
const READABLE_AT_REST: Record<string, string> = {
  id: 'a record id (a number, a UUID, or the translation key "idioma:clave")',
  ermita_id: 'an id',
  clave_socio: 'the member number (an integer), not a name',
  folio_solicitud: 'the request number',
  promotor: 'the capturing user’s id (an integer)',
  credito: 'a contract id',
  _localId: 'the client UUID of a record captured on this phone',
  region: 'a region code',
  comunidad: 'a community id',
  estatus: 'a status code',
  tipo_de_producto: 'a product code',
  fecha: 'a date',
  fecha_solicitud: 'a date',
  fecha_pago: 'a date',
  fecha_entrega: 'a date',
  seq: 'the capture sequence number',
  status: 'an outbox status code',
  kind: 'a command kind',
  chainKey: 'a table and record id',
  recordId: 'a record id or client UUID',
  nextAttemptAt: 'a time',
  key: 'a meta key: a fixed name, or a prefix with a table and an id',
  at: 'a time',
};

const PERSONAL =
  /nombre|name|curp|rfc|telefono|phone|direccion|domicilio|correo|email|monto|saldo/i;

let db: AppDatabase | null = null;
afterEach(async () => {
  db?.close();
  await Dexie.delete('comonsit-index-audit');
});

describe('the indexes of a user database', () => {
  it('name only ids, dates and codes: every key and index was audited', async () => {
    db = new AppDatabase('comonsit-index-audit');
    await db.open();
    const indexed = db.tables.flatMap((table) =>
      [table.schema.primKey, ...table.schema.indexes].flatMap((index) =>
        [index.keyPath ?? []]
          .flat()
          .map((path) => ({ table: table.name, field: path.split('.')[0]! })),
      ),
    );
    // The user database has its tables: an empty list would pass anything.
    expect(new Set(indexed.map((i) => i.table))).toContain('socios');
    expect(indexed.length).toBeGreaterThan(20);
    const unaudited = indexed.filter((i) => !(i.field in READABLE_AT_REST));
    expect(unaudited).toEqual([]);
    const personal = indexed.filter((i) => PERSONAL.test(i.field));
    expect(personal).toEqual([]);
  });
});
