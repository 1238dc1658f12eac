/**
 * Bad input at the API's edge (docs/security.md "Input rules", "Scope and oracles"): the rule
 * table of src/domain refuses on the server what the phone refuses, with the field named; a
 * receipt number must carry its author's user id.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { activeMember, write } from './acopios-movimientos-helpers.ts';
import { today } from './contratos-helpers.ts';
import { registerReceiptDevice } from './receipt-devices-helpers.ts';

let t: TestApp;
let coffee = 0;
let promotorId = 0;
let coordinadorId = 0;

beforeAll(async () => {
  t = await makeTestApp();
  coffee = await activeMember(t, 1, ['CF']);
  const idOf = async (username: string) =>
    (await t.db.select().from(users).where(eq(users.username, username)))[0]!.id;
  promotorId = await idOf('promotor');
  coordinadorId = await idOf('coordinador');
  // The device code of this file's receipt numbers, registered as the phone does.
  for (const username of ['promotor', 'coordinador'])
    await registerReceiptDevice(t, username, 'K7QM');
});
afterAll(async () => {
  await t.close();
});

const collection = (extra: Record<string, unknown>) => ({
  clave_socio: coffee,
  fecha: today(),
  tipo_de_producto: 'CF',
  kilos_de_producto: '12',
  ingreso: '300',
  ...extra,
});

describe('the rule table on the server', () => {
  it('a coffee collection of 0 or "-0.00" kilos, or dated 1899, is refused on its field', async () => {
    for (const [extra, field] of [
      [{ kilos_de_producto: '0' }, 'kilos_de_producto'],
      [{ kilos_de_producto: '-0.00' }, 'kilos_de_producto'],
      [{ fecha: '1899-12-31' }, 'fecha'],
    ] as const) {
      const res = await write(t, 'promotor', 'POST', '/api/acopios/', collection(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.json<object>())).toEqual([field]);
    }
  });
});

describe('receipt numbers carry their author', () => {
  const receipt = (author: number, n: number, code: string) => ({
    recibo: `${author}-K7QM-${String(n).padStart(4, '0')}`,
    recibo_codigo: code,
    recibo_reemplaza: null,
  });

  it('a number with another user’s id is refused, and that user’s real capture then goes in', async () => {
    const taken = await write(
      t,
      'promotor',
      'POST',
      '/api/acopios/',
      collection(receipt(coordinadorId, 1, 'AA11BB22')),
    );
    expect(taken.statusCode).toBe(400);
    expect(Object.keys(taken.json<object>())).toEqual(['recibo']);
    const real = await write(
      t,
      'coordinador',
      'POST',
      '/api/acopios/',
      collection(receipt(coordinadorId, 1, 'CC33DD44')),
    );
    expect(real.statusCode, real.body).toBe(201);
    const mine = await write(
      t,
      'promotor',
      'POST',
      '/api/acopios/',
      collection(receipt(promotorId, 1, 'EE55FF66')),
    );
    expect(mine.statusCode, mine.body).toBe(201);
  });
});
