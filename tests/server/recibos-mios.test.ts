/**
 * A member's own receipts (GET /api/recibos/mios/): the member (SO) reads
 * every record of its own that a phone gave a receipt for — a payment of its loan, a
 * contribution, a withdrawal, a collection — newest first, with what its receipt shows; never
 * another member's, never a record without a receipt; staff roles are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, addMonths } from '#domain/dates';
import type { MemberReceipt } from '#domain/receipts';
import { socios, users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { write } from './acopios-movimientos-helpers.ts';
import { insertContract, memberOfRegion, paymentBody, today } from './contratos-helpers.ts';
import { registerReceiptDevice } from './receipt-devices-helpers.ts';

let t: TestApp;
let mine = 0;
let other = 0;
/** The receipt numbers' prefix: the capturing coordinator's user id. */
let coordinadorId = 0;

beforeAll(async () => {
  t = await makeTestApp();
  const [coordinador] = await t.db.select().from(users).where(eq(users.username, 'coordinador'));
  coordinadorId = coordinador!.id;
  // The device code of this file's receipt numbers, registered as the phone does.
  await registerReceiptDevice(t, 'coordinador', 'Z7QM');
  const [socio] = await t.db.select().from(users).where(eq(users.username, 'socio'));
  if (!socio?.clave_socio) throw new Error('no member user');
  mine = socio.clave_socio;
  other = await memberOfRegion(t.db, 1);
  // Active in coffee, so the office may record its contribution and collection.
  for (const clave of [mine, other!]) {
    await t.db.update(socios).set({ estatus_cafe: 'AC' }).where(eq(socios.clave_socio, clave));
  }
});
afterAll(async () => {
  await t.close();
});

const receipt = (n: number, code: string) => ({
  recibo: `${coordinadorId}-Z7QM-${String(n).padStart(4, '0')}`,
  recibo_codigo: code,
  recibo_reemplaza: null,
});

const movement = (clave: number, aportacion: boolean, monto: string, fecha: string) => ({
  clave_socio: clave,
  fecha_entrega: fecha,
  monto,
  proceso: 'CF',
  aportacion,
  ordinario: true,
  tipo_de_movimiento: 'EF',
  fecha_banco: null,
  referencia_banco: null,
  responsable_entrega: null,
});

const mios = (username: string) => t.as(username, { method: 'GET', url: '/api/recibos/mios/' });

describe('GET /api/recibos/mios/', () => {
  it("answers the member's own receipts of every kind, newest first, and nothing else", async () => {
    const day = today();
    const yesterday = addDays(day, -1);
    const loan = await insertContract(t.db, {
      clave_socio: mine,
      fecha_inicio: addMonths(day, -3),
    });
    const posts = [
      await write(t, 'coordinador', 'POST', '/api/pagos/', {
        ...paymentBody(loan, yesterday, { capital: '100', ord: '12.50' }),
        ...receipt(1, 'MP1PAG00'),
      }),
      await write(t, 'coordinador', 'POST', '/api/movimientos/', {
        ...movement(mine, true, '250', day),
        ...receipt(2, 'MP2APR00'),
      }),
      await write(t, 'coordinador', 'POST', '/api/acopios/', {
        clave_socio: mine,
        fecha: day,
        tipo_de_producto: 'CF',
        kilos_de_producto: '10',
        ingreso: '400',
        ...receipt(3, 'MP3ACP00'),
      }),
      // Without a receipt (an office capture): not a receipt.
      await write(t, 'coordinador', 'POST', '/api/movimientos/', movement(mine, true, '75', day)),
      // Another member's: never in this member's answer.
      await write(t, 'coordinador', 'POST', '/api/movimientos/', {
        ...movement(other!, true, '60', day),
        ...receipt(4, 'MP4TRA00'),
      }),
    ];
    expect(posts.map((p) => p.statusCode)).toEqual([201, 201, 201, 201, 201]);

    const res = await mios('socio');
    expect(res.statusCode).toBe(200);
    const answer = res.json<MemberReceipt[]>();
    // Today's two (the later capture first), then yesterday's payment.
    expect(answer.map((r) => [r.tipo, r.recibo])).toEqual([
      ['acopio', `${coordinadorId}-Z7QM-0003`],
      ['movimiento', `${coordinadorId}-Z7QM-0002`],
      ['pago', `${coordinadorId}-Z7QM-0001`],
    ]);
    const [coordinator] = await t.db.select().from(users).where(eq(users.username, 'coordinador'));
    const promotor = `${coordinator!.first_name} ${coordinator!.last_name}`;
    expect(answer[2]).toMatchObject({
      recibo_codigo: 'MP1PAG00',
      clave_socio: mine,
      fecha: yesterday,
      credito: loan,
      total: '112.50',
      abono_capital: '100.00',
      interes_ord: '12.50',
      interes_mor: '0.00',
      promotor,
    });
    expect(answer[1]).toMatchObject({ aportacion: true, proceso: 'CF', total: '250.00' });
    expect(answer[0]).toMatchObject({
      proceso: 'CF',
      total: '400.00',
      aportacion: null,
      kilos: '10.00',
    });
    expect(answer[1]).toMatchObject({ kilos: null });
    for (const r of answer) expect(Number.isNaN(Date.parse(r.capturado_en))).toBe(false);
  });

  it('staff roles are refused (they verify codes instead)', async () => {
    for (const username of ['promotor', 'coordinador', 'gerente', 'visitante']) {
      expect((await mios(username)).statusCode, username).toBe(403);
    }
  });
});
