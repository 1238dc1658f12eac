/**
 * Receipts of field captures: number and code stored with payments,
 * movements and collections, unique across the three tables, replay-safe, and verified at
 * GET /api/recibos/{code}/ as received, refused or not yet received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addMonths } from '#domain/dates';
import { idempotencyKeys, pagos, users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { activeMember, write } from './acopios-movimientos-helpers.ts';
import { readXlsx } from './members-helpers.ts';
import { insertContract, memberOfRegion, paymentBody, today } from './contratos-helpers.ts';
import { registerReceiptDevice } from './receipt-devices-helpers.ts';

let t: TestApp;
let member1: number;
let coffeeMember: number;
/** The receipt numbers' prefix: the capturing promoter's user id. */
let promotorId = 0;

beforeAll(async () => {
  t = await makeTestApp();
  const [promotor] = await t.db.select().from(users).where(eq(users.username, 'promotor'));
  promotorId = promotor!.id;
  member1 = await memberOfRegion(t.db, 1);
  coffeeMember = await activeMember(t, 1, ['CF']);
  // The device code of this file's receipt numbers, registered as the phone does.
  await registerReceiptDevice(t, 'promotor', 'K7QM');
});
afterAll(async () => {
  await t.close();
});

const loan = () =>
  insertContract(t.db, { clave_socio: member1!, fecha_inicio: addMonths(today(), -3) });

const receipt = (n: number, code: string, replaces: string | null = null) => ({
  recibo: `${promotorId}-K7QM-${String(n).padStart(4, '0')}`,
  recibo_codigo: code,
  recibo_reemplaza: replaces,
});

const lookup = (username: string, code: string) =>
  t.as(username, { method: 'GET', url: `/api/recibos/${code}/` });

const contribution = (clave: number, extra: Record<string, unknown>) => ({
  clave_socio: clave,
  fecha_entrega: today(),
  monto: '250',
  proceso: 'CF',
  aportacion: true,
  ordinario: true,
  tipo_de_movimiento: 'EF',
  fecha_banco: null,
  referencia_banco: null,
  responsable_entrega: null,
  ...extra,
});

describe('receipts stored with the record', () => {
  it('a payment stores its receipt, answers it, and the list shows it', async () => {
    const id = await loan();
    const res = await write(t, 'promotor', 'POST', '/api/pagos/', {
      ...paymentBody(id, today(), { capital: '100' }),
      ...receipt(1, 'AB12CD34'),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: number; recibo: string; recibo_codigo: string }>();
    expect(body).toMatchObject({ recibo: `${promotorId}-K7QM-0001`, recibo_codigo: 'AB12CD34' });
    const [row] = await t.db.select().from(pagos).where(eq(pagos.id, body.id));
    expect(row).toMatchObject({ recibo: `${promotorId}-K7QM-0001`, recibo_codigo: 'AB12CD34' });
    const one = await t.as('coordinador', { method: 'GET', url: `/api/pagos/${body.id}.json` });
    expect(one.json()).toMatchObject({ recibo: `${promotorId}-K7QM-0001`, recibo_reemplaza: null });
  });

  it('an office capture without a receipt stores nulls (many records may have none)', async () => {
    const id = await loan();
    for (const capital of ['10', '20']) {
      const res = await write(t, 'coordinador', 'POST', '/api/pagos/', {
        ...paymentBody(id, today(), { capital }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ recibo: null, recibo_codigo: null });
    }
  });

  it('a movement and a collection store theirs', async () => {
    const mov = await write(
      t,
      'promotor',
      'POST',
      '/api/movimientos/',
      contribution(coffeeMember, receipt(2, 'EF56GH78')),
    );
    expect(mov.statusCode).toBe(201);
    expect(mov.json()).toMatchObject({
      recibo: `${promotorId}-K7QM-0002`,
      recibo_codigo: 'EF56GH78',
    });
    const acopio = await write(t, 'promotor', 'POST', '/api/acopios/', {
      clave_socio: coffeeMember,
      fecha: today(),
      tipo_de_producto: 'CF',
      kilos_de_producto: '10',
      ingreso: '400',
      ...receipt(3, 'JK9MNP2Q'),
    });
    expect(acopio.statusCode).toBe(201);
    expect(acopio.json()).toMatchObject({
      recibo: `${promotorId}-K7QM-0003`,
      recibo_codigo: 'JK9MNP2Q',
    });
  });

  it('the three spreadsheets carry the receipt number and code of each record', async () => {
    const id = await loan();
    const pago = await write(t, 'promotor', 'POST', '/api/pagos/', {
      ...paymentBody(id, today(), { capital: '30' }),
      ...receipt(20, 'XP2PAGA0'),
    });
    const mov = await write(
      t,
      'promotor',
      'POST',
      '/api/movimientos/',
      contribution(coffeeMember, receipt(21, 'XM2MVV00')),
    );
    const acopio = await write(t, 'promotor', 'POST', '/api/acopios/', {
      clave_socio: coffeeMember,
      fecha: today(),
      tipo_de_producto: 'CF',
      kilos_de_producto: '5',
      ingreso: '200',
      ...receipt(22, 'XA2ACP00'),
    });
    expect([pago.statusCode, mov.statusCode, acopio.statusCode]).toEqual([201, 201, 201]);
    const sheets: [string, number, string, string][] = [
      ['/api/pagosXLSX/', pago.json<{ id: number }>().id, `${promotorId}-K7QM-0020`, 'XP2PAGA0'],
      [
        '/api/movimientos-conc-xlsx/?proceso=CF',
        mov.json<{ id: number }>().id,
        `${promotorId}-K7QM-0021`,
        'XM2MVV00',
      ],
      [
        '/api/acopiosXLSX/?tipo_de_producto=CF',
        acopio.json<{ id: number }>().id,
        `${promotorId}-K7QM-0022`,
        'XA2ACP00',
      ],
    ];
    for (const [url, recordId, number, code] of sheets) {
      const res = await t.as('gerente', { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const [header, ...rows] = readXlsx(res.rawPayload);
      const at = (name: string) => (header ?? []).indexOf(name);
      const row = rows.find((r) => r[at('id')] === recordId);
      expect(row, url).toBeDefined();
      expect([row![at('recibo')], row![at('recibo_codigo')]], url).toEqual([number, code]);
    }
  });

  it('a replayed push (same Idempotency-Key) answers the first answer, not a unique error', async () => {
    const id = await loan();
    const body = { ...paymentBody(id, today(), { capital: '50' }), ...receipt(4, 'RSTV1234') };
    const headers = { 'Idempotency-Key': '0190f0a0-aaaa-7bbb-8ccc-000000000004' };
    const first = await write(t, 'promotor', 'POST', '/api/pagos/', body, headers);
    const again = await write(t, 'promotor', 'POST', '/api/pagos/', body, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('a number or code already on another record (any kind) is a 400 on its field', async () => {
    const id = await loan();
    const sameCode = await write(t, 'promotor', 'POST', '/api/pagos/', {
      ...paymentBody(id, today(), { capital: '5' }),
      ...receipt(5, 'EF56GH78'), // the movement's code
    });
    expect(sameCode.statusCode).toBe(400);
    expect(sameCode.json()).toEqual({
      recibo_codigo: ['El código de verificación ya está registrado en otro registro.'],
    });
    const sameNumber = await write(
      t,
      'promotor',
      'POST',
      '/api/movimientos/',
      contribution(coffeeMember, receipt(1, 'WXYZ5678')), // the payment's number
    );
    expect(sameNumber.statusCode).toBe(400);
    expect(sameNumber.json()).toEqual({
      recibo: [`El recibo ${promotorId}-K7QM-0001 ya está registrado en otro registro.`],
    });
  });

  it('malformed receipt fields are 400s on their fields', async () => {
    const id = await loan();
    const res = await write(t, 'promotor', 'POST', '/api/pagos/', {
      ...paymentBody(id, today(), { capital: '5' }),
      recibo: 'anything',
      recibo_codigo: 'ILOU0000',
      recibo_reemplaza: 12,
    });
    expect(res.statusCode).toBe(400);
    const invalid = ['Código de recibo no válido'];
    expect(res.json()).toEqual({
      recibo: invalid,
      recibo_codigo: invalid,
      recibo_reemplaza: invalid,
    });
  });
});

describe('a keyed refusal with a receipt the database cannot store', () => {
  it('is a 400 stored under its key, with no receipt on the key row', async () => {
    const id = await loan();
    const key = `recibo-nul-${Date.now()}`;
    const body = {
      ...paymentBody(id, today(), { capital: '5' }),
      recibo: `${promotorId}-K7QM-0099`,
      recibo_codigo: 'AB\u0000CDEFG',
    };
    const first = await write(t, 'promotor', 'POST', '/api/pagos/', body, {
      'idempotency-key': key,
    });
    expect(first.statusCode).toBe(400);
    expect(Object.keys(first.json<Record<string, unknown>>())).toEqual(['recibo_codigo']);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({
      status: 400,
      receipt_code: null,
      receipt_number: `${promotorId}-K7QM-0099`,
    });
  });
});

describe('GET /api/recibos/{code}/', () => {
  it('received: which record, member, date and total; the code may be typed loosely', async () => {
    const res = await lookup('coordinador', 'ab12-cd34');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      codigo: 'AB12CD34',
      estado: 'received',
      tipo: 'pago',
      recibo: `${promotorId}-K7QM-0001`,
      clave_socio: member1,
      fecha: today(),
      total: '100.00',
    });
    expect(res.json<{ nombres: string }>().nombres.length).toBeGreaterThan(0);
    const acopio = await lookup('visitante', 'JK9MNP2Q');
    expect(acopio.json()).toMatchObject({ estado: 'received', tipo: 'acopio', total: '400.00' });
  });

  it('not yet received: a well-formed code nobody sent', async () => {
    const res = await lookup('gerente', 'ZZZZ9999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'not_received', tipo: null, id: null });
  });

  it('refused: a refused push is remembered with its reason, then names its replacement', async () => {
    const id = await loan();
    const headers = { 'Idempotency-Key': '0190f0a0-aaaa-7bbb-8ccc-000000000009' };
    // 99,999 is far above the debt: refused on abono_capital.
    const refused = await write(
      t,
      'promotor',
      'POST',
      '/api/pagos/',
      { ...paymentBody(id, today(), { capital: '99999' }), ...receipt(9, 'QRST6789') },
      headers,
    );
    expect(refused.statusCode).toBe(400);
    const [key] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.receipt_code, 'QRST6789'));
    expect(key).toMatchObject({ status: 400, receipt_number: `${promotorId}-K7QM-0009` });

    const before = await lookup('coordinador', 'QRST6789');
    expect(before.json()).toMatchObject({
      estado: 'refused',
      tipo: 'pago',
      recibo: `${promotorId}-K7QM-0009`,
      reemplazado_por: null,
    });
    expect(before.json<{ motivo: string }>().motivo).toContain('$99,999.00');

    const corrected = await write(t, 'promotor', 'POST', '/api/pagos/', {
      ...paymentBody(id, today(), { capital: '100' }),
      ...receipt(10, 'QRST6790', `${promotorId}-K7QM-0009`),
    });
    expect(corrected.statusCode).toBe(201);
    expect(corrected.json()).toMatchObject({ recibo_reemplaza: `${promotorId}-K7QM-0009` });
    const after = await lookup('coordinador', 'QRST6789');
    expect(after.json()).toMatchObject({
      estado: 'refused',
      reemplazado_por: `${promotorId}-K7QM-0010`,
    });
  });

  it('a code that cannot be a receipt code is a 400 on codigo', async () => {
    for (const code of ['SHORT', 'AB12CD34X', 'AB12CD3U']) {
      const res = await lookup('coordinador', code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({ codigo: ['Código de recibo no válido'] });
    }
  });

  it('office roles only: a promoter and a member are refused', async () => {
    expect((await lookup('promotor', 'AB12CD34')).statusCode).toBe(403);
    expect((await lookup('socio', 'AB12CD34')).statusCode).toBe(403);
  });

  it('is in the OpenAPI document', async () => {
    const res = await t.as('coordinador', { method: 'GET', url: '/api/docs/openapi.json' });
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/recibos/'))).toBe(true);
  });
});
