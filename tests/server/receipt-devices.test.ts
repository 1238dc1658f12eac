/**
 * A receipt number's device code must be one its author registered (docs/security.md,
 * "Receipt numbers"): `POST /api/recibos/dispositivos/` registers a code for the caller only,
 * and every capture carrying a receipt is refused on `recibo` when its code is not among the
 * caller's — after the scope and prefix checks, so it reveals nothing of other records.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_DEVICES_MAX, receiptNumber } from '#domain/receipts';
import { receiptDevices, users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { activeMember } from './acopios-movimientos-helpers.ts';
import { today } from './contratos-helpers.ts';
import { RECEIPT_DEVICES_URL, registerReceiptDevice } from './receipt-devices-helpers.ts';

let t: TestApp;
const ids: Record<string, number> = {};
const members: Record<string, number> = {};
let counter = 0;

beforeAll(async () => {
  t = await makeTestApp();
  for (const username of ['promotor', 'promotor2', 'coordinador']) {
    const [row] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username));
    if (!row) throw new Error(`no ${username}`);
    ids[username] = row.id;
  }
  members.promotor = await activeMember(t, 1, ['CF']);
  members.promotor2 = await activeMember(t, 2, ['CF']);
});
afterAll(async () => {
  await t.close();
});

/** A cash contribution with a receipt drawn on `device`, as `username`'s phone sends it. */
function contribute(
  username: string,
  device: string,
  options: { member?: number; language?: string } = {},
) {
  counter += 1;
  return t.as(username, {
    method: 'POST',
    url: '/api/movimientos/',
    headers: {
      'idempotency-key': `device-${Date.now()}-${counter}`,
      'accept-language': options.language ?? 'es',
    },
    payload: {
      clave_socio: options.member ?? members[username],
      fecha_entrega: today(),
      monto: '120.00',
      proceso: 'CF',
      aportacion: true,
      ordinario: true,
      tipo_de_movimiento: 'EF',
      fecha_banco: null,
      referencia_banco: null,
      responsable_entrega: null,
      recibo: receiptNumber(ids[username]!, device, counter),
      recibo_codigo: `DV${String(counter).padStart(6, '0')}`,
      recibo_reemplaza: null,
    },
  });
}

const register = (username: string, payload: unknown, language = 'es') =>
  t.as(username, {
    method: 'POST',
    url: RECEIPT_DEVICES_URL,
    headers: { 'accept-language': language },
    payload: payload as Record<string, unknown>,
  });

async function codesOf(username: string): Promise<string[]> {
  const rows = await t.db
    .select({ codigo: receiptDevices.codigo })
    .from(receiptDevices)
    .where(eq(receiptDevices.user_id, ids[username]!));
  return rows.map((r) => r.codigo).sort();
}

describe('receipt device codes', () => {
  it('refuses a receipt from a code the caller never registered, on recibo, in its language', async () => {
    const es = await contribute('promotor', 'WN1K');
    expect(es.statusCode).toBe(400);
    const number = receiptNumber(ids.promotor!, 'WN1K', counter);
    expect(es.json()).toEqual({
      recibo: [
        `El recibo ${number} viene del teléfono WN1K, que no está registrado a tu nombre para emitir recibos.`,
      ],
    });
    const en = await contribute('promotor', 'WN1K', { language: 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json<{ recibo: string[] }>().recibo[0]).toContain(
      'which is not registered in your name to issue receipts',
    );
  });

  it('accepts a receipt from a registered code and marks the code seen', async () => {
    const first = await register('promotor', { codigo: 'K7QM' });
    expect(first.statusCode, first.body).toBe(200);
    const registered = first.json<{ codigo: string; primera_vez: string; ultima_vez: string }>();
    expect(registered.codigo).toBe('K7QM');
    expect(registered.ultima_vez).toBe(registered.primera_vez);

    const res = await contribute('promotor', 'K7QM');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ recibo: receiptNumber(ids.promotor!, 'K7QM', counter) });

    const [row] = await t.db
      .select()
      .from(receiptDevices)
      .where(and(eq(receiptDevices.user_id, ids.promotor!), eq(receiptDevices.codigo, 'K7QM')));
    expect(row!.first_seen.toISOString()).toBe(registered.primera_vez);
    expect(row!.last_seen.getTime()).toBeGreaterThan(row!.first_seen.getTime());

    // Registering again is no error: the same first registration, seen now.
    const again = await register('promotor', { codigo: 'K7QM' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ codigo: 'K7QM', primera_vez: registered.primera_vez });
    expect(await codesOf('promotor')).toEqual(['K7QM']);
  });

  it("refuses another user's registered code exactly like a code nobody registered", async () => {
    await registerReceiptDevice(t, 'promotor2', 'B2B2');
    const ofB = await contribute('promotor', 'B2B2');
    const nobodys = await contribute('promotor', 'Z9Z9');
    expect(ofB.statusCode).toBe(400);
    expect(nobodys.statusCode).toBe(400);
    const unnamed = (body: string) =>
      body.replace(/\d+-(B2B2|Z9Z9)-\d+/g, 'N').replace(/B2B2|Z9Z9/g, 'D');
    expect(unnamed(ofB.body)).toBe(unnamed(nobodys.body));
    // promotor2's own receipts from it go through.
    const own = await contribute('promotor2', 'B2B2');
    expect(own.statusCode, own.body).toBe(201);
  });

  it("a user registers only for itself: another user's token cannot register a code for me", async () => {
    const naming = await register('promotor2', { codigo: 'C3C3', user_id: ids.promotor });
    expect(naming.statusCode).toBe(400);
    expect(Object.keys(naming.json<object>())).toEqual(['user_id']);
    const plain = await register('promotor2', { codigo: 'C3C3' });
    expect(plain.statusCode).toBe(200);
    expect(await codesOf('promotor2')).toContain('C3C3');
    expect(await codesOf('promotor')).not.toContain('C3C3');
    const mine = await contribute('promotor', 'C3C3');
    expect(mine.statusCode).toBe(400);
    expect(Object.keys(mine.json<object>())).toEqual(['recibo']);
  });

  it('answers 400 on codigo for a malformed code, in the caller language', async () => {
    const before = await codesOf('promotor');
    for (const codigo of ['K7Q', 'K7QMX', 'k7qm', 'K7QU', 'K-7Q', 1234, true, ['K7QM']]) {
      const res = await register('promotor', { codigo });
      expect(res.statusCode, String(codigo)).toBe(400);
      expect(res.json(), String(codigo)).toEqual({
        codigo: ['Código de teléfono no válido: 4 caracteres, números y letras sin I, L, O ni U.'],
      });
    }
    const missing = await register('promotor', {}, 'en');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<object>())).toEqual(['codigo']);
    const en = await register('promotor', { codigo: 'K7Q' }, 'en');
    expect(en.json()).toEqual({
      codigo: ['Invalid phone code: 4 characters, digits and letters without I, L, O or U.'],
    });
    expect(await codesOf('promotor')).toEqual(before);
  });

  it('checks scope and the number prefix before the device code', async () => {
    // A member out of the caller's region answers as a nonexistent one, unregistered code or not.
    const outside = await contribute('promotor', 'Q0Q0', { member: members.promotor2 });
    const missing = await contribute('promotor', 'Q0Q0', { member: 999_999 });
    expect(outside.statusCode).toBe(400);
    expect(Object.keys(outside.json<object>())).toEqual(['clave_socio']);
    expect(outside.body.replace(String(members.promotor2), 'N')).toBe(
      missing.body.replace('999999', 'N'),
    );
    // Another user's prefix is a malformed number, whatever the code.
    counter += 1;
    const foreign = await t.as('promotor', {
      method: 'POST',
      url: '/api/movimientos/',
      payload: {
        clave_socio: members.promotor,
        fecha_entrega: today(),
        monto: '120.00',
        proceso: 'CF',
        aportacion: true,
        ordinario: true,
        tipo_de_movimiento: 'EF',
        fecha_banco: null,
        referencia_banco: null,
        responsable_entrega: null,
        recibo: receiptNumber(ids.promotor2!, 'B2B2', counter),
        recibo_codigo: 'FRGN0001',
        recibo_reemplaza: null,
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ recibo: ['Código de recibo no válido'] });
  });

  it(`holds at most ${RECEIPT_DEVICES_MAX} recently seen codes per user; an idle one stops counting`, async () => {
    const codes = Array.from(
      { length: RECEIPT_DEVICES_MAX },
      (_, i) => `M${String(i).padStart(3, '0')}`,
    );
    for (const code of codes) await registerReceiptDevice(t, 'coordinador', code);
    const over = await register('coordinador', { codigo: 'MXXX' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      codigo: [
        `Ya tienes ${RECEIPT_DEVICES_MAX} teléfonos registrados para emitir recibos en los últimos 90 días; un teléfono deja de contar 90 días después de su último uso.`,
      ],
    });
    // A code already held is still "seen now".
    expect((await register('coordinador', { codigo: codes[3]! })).statusCode).toBe(200);

    // One code unseen for 91 days leaves a place.
    await t.db
      .update(receiptDevices)
      .set({ last_seen: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000) })
      .where(
        and(eq(receiptDevices.user_id, ids.coordinador!), eq(receiptDevices.codigo, codes[0]!)),
      );
    const room = await register('coordinador', { codigo: 'MXXX' });
    expect(room.statusCode, room.body).toBe(200);
    expect(await codesOf('coordinador')).toHaveLength(RECEIPT_DEVICES_MAX + 1);
  });
});
