/**
 * The field inbox shows the money of every write: a trip closing's declared cash, every
 * collection's kilos and income (soap too), a movement's direction, and a refused payment sent
 * without `cantidad` by the sum of its parts. Each write is posted as a phone sends it; the
 * expected figures are written out here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxPage, InboxRow } from '#domain/field-inbox';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { activeMember } from './acopios-movimientos-helpers.ts';
import { paymentBody, today } from './contratos-helpers.ts';

let t: TestApp;
let counter = 0;
const newKey = (label: string) => `inbox-money-${label}-${++counter}-${Date.now()}`;

beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

function post(url: string, payload: Record<string, unknown>, key: string, user = 'promotor') {
  return t.as(user, { method: 'POST', url, payload, headers: { 'idempotency-key': key } });
}

async function rowOf(key: string, sent: { statusCode: number; body: string }): Promise<InboxRow> {
  const res = await t.as('coordinador', { method: 'GET', url: '/api/bandeja/?estado=new' });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json<InboxPage>();
  // The newest row is the write just sent (each test sends one, then reads).
  const row = page.results[0];
  expect(row, `${key}: ${sent.body}`).toBeDefined();
  return row!;
}

const movement = (clave: number, aportacion: boolean, monto: string) => ({
  clave_socio: clave,
  fecha_entrega: today(),
  monto,
  proceso: 'CF',
  aportacion,
  ordinario: true,
  tipo_de_movimiento: 'EF',
  fecha_banco: null,
  referencia_banco: null,
  responsable_entrega: null,
});

describe('the field inbox shows the money', () => {
  it("a soap collection's income, and a coffee collection's kilos and income", async () => {
    const soapMember = await activeMember(t, 1, ['JA']);
    const soapKey = newKey('soap');
    const soap = await post(
      '/api/acopios/',
      {
        clave_socio: soapMember,
        fecha: '2025-01-15',
        tipo_de_producto: 'JA',
        kilos_de_producto: null,
        ingreso: '1,250.50',
      },
      soapKey,
    );
    expect(soap.statusCode, soap.body).toBe(201);
    const soapRow = await rowOf(soapKey, soap);
    expect(soapRow).toMatchObject({ kind: 'acopio.create', monto: '1250.50', kilos: null });

    const coffeeMember = await activeMember(t, 1, ['CF']);
    const coffeeKey = newKey('coffee');
    const coffee = await post(
      '/api/acopios/',
      {
        clave_socio: coffeeMember,
        fecha: '2025-01-15',
        tipo_de_producto: 'CF',
        kilos_de_producto: '120.5',
        ingreso: '8435.75',
      },
      coffeeKey,
    );
    expect(coffee.statusCode, coffee.body).toBe(201);
    const coffeeRow = await rowOf(coffeeKey, coffee);
    expect(coffeeRow).toMatchObject({ monto: '8435.75', kilos: '120.50' });
    // "Abrir" names the record itself.
    expect(coffeeRow.record_ref).toBe(String(coffee.json<{ id: number }>().id));
  });

  it('a movement says contribution or withdrawal', async () => {
    const clave = await activeMember(t, 1, ['CF']);
    const inKey = newKey('in');
    const given = await post('/api/movimientos/', movement(clave, true, '500'), inKey);
    expect(given.statusCode, given.body).toBe(201);
    expect(await rowOf(inKey, given)).toMatchObject({ aportacion: true, monto: '500.00' });
    const outKey = newKey('out');
    // Withdrawals are paid out by a coordinator.
    const taken = await post(
      '/api/movimientos/',
      movement(clave, false, '100'),
      outKey,
      'coordinador',
    );
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await rowOf(outKey, taken)).toMatchObject({ aportacion: false, monto: '100.00' });
  });

  it('a refused payment without cantidad shows the total of its parts', async () => {
    const key = newKey('refused-pay');
    const refused = await post(
      '/api/pagos/',
      paymentBody(999_999, today(), { capital: '1,000', ord: '12.50', mor: '0.25' }),
      key,
    );
    expect(refused.statusCode).toBe(400);
    expect(await rowOf(key, refused)).toMatchObject({ status: 400, monto: '1012.75' });
  });

  it('a trip closing shows its declared cash: payments and contributions less withdrawals', async () => {
    const key = newKey('close');
    const closed = await post(
      '/api/cierres-viaje/',
      {
        desde: null,
        pagos: '0',
        aportaciones: '300',
        retiros: '100',
        capturas: [
          { clave: newKey('c1'), tipo: 'aportacion', monto: '300', estado: 'pendiente' },
          { clave: newKey('c2'), tipo: 'retiro', monto: '100', estado: 'pendiente' },
        ],
      },
      key,
    );
    expect(closed.statusCode, closed.body).toBe(201);
    expect(await rowOf(key, closed)).toMatchObject({ kind: 'viaje.close', monto: '200.00' });

    const owedKey = newKey('close-owed');
    const owed = await post(
      '/api/cierres-viaje/',
      {
        desde: null,
        pagos: '0',
        aportaciones: '0',
        retiros: '100',
        capturas: [{ clave: newKey('c3'), tipo: 'retiro', monto: '100', estado: 'pendiente' }],
      },
      owedKey,
    );
    expect(owed.statusCode, owed.body).toBe(201);
    expect(await rowOf(owedKey, owed)).toMatchObject({ kind: 'viaje.close', monto: '-100.00' });
  });
});
