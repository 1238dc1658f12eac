/**
 * Interest waiver (POST /condonaciones/, docs/business-rules.md#waiver): only the manager, only a
 * DP contract in execution CO whose capital is fully paid; it forgives the interest owed and ends
 * the contract as CN today.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addMonths } from '#domain/dates';
import { condonaciones, contratos } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { insertContract, memberOfRegion, paymentBody, today } from './contratos-helpers.ts';

let t: TestApp;
let member: number;

beforeAll(async () => {
  t = await makeTestApp();
  member = await memberOfRegion(t.db, 1);
});
afterAll(async () => {
  await t.close();
});

const waive = (username: string, body: Record<string, unknown>) =>
  t.as(username, { method: 'POST', url: '/api/condonaciones/', payload: body });

describe('POST /condonaciones/', () => {
  it('refuses while capital is pending, quoting it', async () => {
    const id = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -3),
    });
    const res = await waive('gerente', { credito: id, justificacion: 'Helada' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      credito: ['No se puede condonar: el capital por pagar es $10,000.00; debe ser 0.'],
    });
  });

  it('with capital paid, forgives the interest owed and ends the contract as CN today', async () => {
    // 8 months on a 6-month loan: 1,600.00 ordinary and 600.00 late interest owed.
    const id = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -8),
    });
    const pay = await t.as('gerente', {
      method: 'POST',
      url: '/api/pagos/',
      payload: paymentBody(id, today(), { capital: '10000', ord: '100' }),
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const res = await waive('gerente', { credito: id, justificacion: 'Pérdida total de cosecha' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      credito: id,
      fecha: today(),
      total: '2100.00',
      interes_ord: '1500.00',
      interes_mor: '600.00',
      estatus_previo: 'VE',
      justificacion: 'Pérdida total de cosecha',
    });
    const [contract] = await t.db.select().from(contratos).where(eq(contratos.id, id));
    expect(contract).toMatchObject({ estatus: 'CN', fecha_final: today() });
    const [row] = await t.db.select().from(condonaciones).where(eq(condonaciones.credito, id));
    expect(row?.autor).toEqual(expect.any(Number));
    // Once forgiven, nothing more can be paid or waived.
    const again = await waive('gerente', { credito: id, justificacion: 'x' });
    expect(again.json()).toEqual({
      credito: [`El crédito ${id} no tiene deuda pendiente (estatus Condonado).`],
    });
    const list = await t.as('gerente', { method: 'GET', url: `/api/contratos/${id}.json` });
    expect(list.json()).toMatchObject({ estatus: 'CN', deuda_al_dia: null });
  });

  it('requires a justification of at most 100 characters and the manager role', async () => {
    const id = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -1),
    });
    expect((await waive('gerente', { credito: id, justificacion: ' ' })).json()).toEqual({
      justificacion: ['Campo requerido'],
    });
    expect(
      (await waive('gerente', { credito: id, justificacion: 'x'.repeat(101) })).json(),
    ).toEqual({ justificacion: ['Deben ser máximo 100 caracteres'] });
    for (const user of ['coordinador', 'promotor', 'socio']) {
      expect((await waive(user, { credito: id, justificacion: 'x' })).statusCode, user).toBe(403);
    }
    expect((await waive('visitante', { credito: id, justificacion: 'x' })).statusCode).toBe(403);
  });

  it('refuses a contract not yet disbursed', async () => {
    const id = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: null,
      tipo_tasa: null,
      estatus_ejecucion: 'PC',
    });
    const res = await waive('gerente', { credito: id, justificacion: 'x' });
    expect(res.json()).toEqual({
      credito: [`El crédito ${id} no está ejercido (estatus de ejecución Por cobrar).`],
    });
  });
});
