/**
 * Receipt numbers and verification codes are unique per author (docs/security.md, "Scope and
 * oracles"): another promoter's receipts never refuse a capture, and no answer to one promoter
 * speaks of another's numbers or codes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptNumber } from '#domain/receipts';
import { users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { activeMember } from './acopios-movimientos-helpers.ts';
import { today } from './contratos-helpers.ts';
import { registerReceiptDevice } from './receipt-devices-helpers.ts';

let t: TestApp;
const ids: Record<string, number> = {};
const members: Record<string, number> = {};
let counter = 0;

beforeAll(async () => {
  t = await makeTestApp();
  for (const username of ['promotor', 'promotor2']) {
    const [row] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username));
    if (!row) throw new Error(`no ${username}`);
    ids[username] = row.id;
  }
  members.promotor = await activeMember(t, 1, ['CF']);
  members.promotor2 = await activeMember(t, 2, ['CF']);
  // Both phones drew the same device code; each registered it for its own user.
  for (const username of ['promotor', 'promotor2'])
    await registerReceiptDevice(t, username, 'K7Q2');
});
afterAll(async () => {
  await t.close();
});

/** A cash contribution with a receipt, as `username`'s phone sends it. */
function contribute(username: string, receipt: { recibo: string; recibo_codigo: string }) {
  return t.as(username, {
    method: 'POST',
    url: '/api/movimientos/',
    headers: { 'idempotency-key': `per-author-${Date.now()}-${++counter}` },
    payload: {
      clave_socio: members[username],
      fecha_entrega: today(),
      monto: '150.00',
      proceso: 'CF',
      aportacion: true,
      ordinario: true,
      tipo_de_movimiento: 'EF',
      fecha_banco: null,
      referencia_banco: null,
      responsable_entrega: null,
      ...receipt,
      recibo_reemplaza: null,
    },
  });
}

describe('receipt uniqueness per author', () => {
  it("promoter A's number and code do not refuse B's, and B's answers say nothing of A's", async () => {
    const code = 'QW7RT2XZ';
    const mineA = { recibo: receiptNumber(ids.promotor!, 'K7Q2', 1), recibo_codigo: code };
    const a = await contribute('promotor', mineA);
    expect(a.statusCode, a.body).toBe(201);

    // B's phone drew the same device code, sequence and verification code.
    const mineB = { recibo: receiptNumber(ids.promotor2!, 'K7Q2', 1), recibo_codigo: code };
    const b = await contribute('promotor2', mineB);
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json()).toMatchObject({ ...mineB, clave_socio: members.promotor2 });
    expect(b.body).not.toContain(mineA.recibo);
    expect(b.json<{ id: number }>().id).not.toBe(a.json<{ id: number }>().id);

    // B's own receipts stay unique, and the refusal speaks only of B's number.
    const again = await contribute('promotor2', mineB);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      recibo: [`El recibo ${mineB.recibo} ya está registrado en otro registro.`],
      recibo_codigo: [expect.any(String)],
    });
    expect(again.body).not.toContain(mineA.recibo);

    // A's number under B's name is refused as malformed, before any lookup: the same answer
    // whether A used it or not.
    const taken = await contribute('promotor2', {
      recibo: mineA.recibo,
      recibo_codigo: 'ZZ7RT2XZ',
    });
    const unused = await contribute('promotor2', {
      recibo: receiptNumber(ids.promotor!, 'K7Q2', 99),
      recibo_codigo: 'ZZ7RT2XY',
    });
    expect(taken.statusCode).toBe(400);
    expect(unused.statusCode).toBe(400);
    expect(taken.json()).toEqual(unused.json());
  });
});
