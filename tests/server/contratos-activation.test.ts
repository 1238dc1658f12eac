/**
 * Activation (PATCH /contratos/{id}.json) and extension (PATCH /contratos/{id}/prorroga/),
 * docs/business-rules.md#contracts: who may, what is locked once set, which execution moves are
 * allowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, addMonths } from '#domain/dates';
import { contratos } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { insertContract, memberOfRegion, today } from './contratos-helpers.ts';

let t: TestApp;
let member: number;

beforeAll(async () => {
  t = await makeTestApp();
  member = await memberOfRegion(t.db, 1);
});
afterAll(async () => {
  await t.close();
});

const activate = (username: string, id: number, body: Record<string, unknown>) =>
  t.as(username, { method: 'PATCH', url: `/api/contratos/${id}.json`, payload: body });
const extend = (username: string, id: number, body: Record<string, unknown>) =>
  t.as(username, { method: 'PATCH', url: `/api/contratos/${id}/prorroga/`, payload: body });
const approved = () =>
  insertContract(t.db, {
    clave_socio: member,
    fecha_inicio: null,
    tipo_tasa: null,
    estatus_ejecucion: 'PC',
  });
const stored = async (id: number) =>
  (await t.db.select().from(contratos).where(eq(contratos.id, id)))[0]!;

describe('activation', () => {
  it('sets start date, rate type, execution CO and bank data; answers id and name', async () => {
    const id = await approved();
    const start = addDays(today(), -3);
    const res = await activate('coordinador', id, {
      fecha_inicio: start,
      tipo_tasa: 'VA',
      estatus_ejecucion: 'CO',
      fecha_banco: start,
      referencia_banco: 'TRF001',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, nombres: expect.any(String) });
    expect(await stored(id)).toMatchObject({
      fecha_inicio: start,
      tipo_tasa: 'VA',
      estatus_ejecucion: 'CO',
      fecha_banco: start,
      referencia_banco: 'TRF001',
    });
    // Sending the same start date again (a resent form) changes nothing and is accepted.
    const same = await activate('coordinador', id, { fecha_inicio: start, tipo_tasa: 'VA' });
    expect(same.statusCode).toBe(200);
  });

  it('a start date in the future or a missing rate type is refused', async () => {
    const id = await approved();
    const res = await activate('gerente', id, { fecha_inicio: addDays(today(), 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      fecha_inicio: ['La fecha debe ser hoy o anterior a hoy'],
      tipo_tasa: ['Campo requerido'],
    });
  });

  it('once a start date exists, another date or rate type is an error on fecha_inicio', async () => {
    const start = addMonths(today(), -1);
    const id = await insertContract(t.db, { clave_socio: member, fecha_inicio: start });
    const res = await activate('gerente', id, { fecha_inicio: today(), tipo_tasa: 'FI' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      fecha_inicio: [
        `El crédito ya tiene fecha de inicio (${start}); la fecha y el tipo de tasa ya no se pueden cambiar.`,
      ],
    });
    const rate = await activate('gerente', id, { fecha_inicio: start, tipo_tasa: 'VA' });
    expect(rate.statusCode).toBe(400);
    expect((await stored(id)).tipo_tasa).toBe('FI');
  });

  it('execution moves only from PC: never back to PC, and CA only by the manager', async () => {
    const start = addDays(today(), -1);
    const collected = await insertContract(t.db, { clave_socio: member, fecha_inicio: start });
    const back = await activate('gerente', collected, {
      fecha_inicio: start,
      tipo_tasa: 'FI',
      estatus_ejecucion: 'PC',
    });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual({
      estatus_ejecucion: ['El estatus de ejecución ya no puede cambiar (es Cobrado).'],
    });

    const id = await approved();
    const byCoordinator = await activate('coordinador', id, {
      fecha_inicio: start,
      tipo_tasa: 'FI',
      estatus_ejecucion: 'CA',
    });
    expect(byCoordinator.statusCode).toBe(400);
    expect(byCoordinator.json()).toEqual({
      estatus_ejecucion: ['Sólo el gerente puede cancelar un crédito.'],
    });
    expect((await stored(id)).fecha_inicio).toBeNull();
    const byManager = await activate('gerente', id, {
      fecha_inicio: start,
      tipo_tasa: 'FI',
      estatus_ejecucion: 'CA',
    });
    expect(byManager.statusCode).toBe(200);
    expect((await stored(id)).estatus_ejecucion).toBe('CA');
  });

  it('only coordinators and managers activate; unknown ids are 404', async () => {
    const id = await approved();
    const body = { fecha_inicio: today(), tipo_tasa: 'FI' };
    expect((await activate('promotor', id, body)).statusCode).toBe(403);
    expect((await activate('visitante', id, body)).statusCode).toBe(403);
    expect((await activate('gerente', 999_999, body)).statusCode).toBe(404);
  });
});

describe('extension', () => {
  it('moves the due date once, by 1–14 months, for a DP contract in execution CO', async () => {
    const start = addMonths(today(), -5);
    const id = await insertContract(t.db, { clave_socio: member, fecha_inicio: start });
    const tooMany = await extend('gerente', id, {
      prorroga: 15,
      prorroga_justificacion: 'Helada',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json() as object)).toEqual(['prorroga']);
    const noReason = await extend('gerente', id, { prorroga: 2, prorroga_justificacion: '' });
    expect(noReason.json()).toEqual({ prorroga_justificacion: ['Campo requerido'] });
    const tooLong = await extend('gerente', id, {
      prorroga: 2,
      prorroga_justificacion: 'x'.repeat(101),
    });
    expect(tooLong.json()).toEqual({ prorroga_justificacion: ['Deben ser máximo 100 caracteres'] });

    const ok = await extend('gerente', id, { prorroga: 3, prorroga_justificacion: 'Helada' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      id,
      prorroga: 3,
      plazo_disp: '6+3',
      fecha_vencimiento: addMonths(start, 9),
    });
    const detail = await t.as('gerente', { method: 'GET', url: `/api/contratos/${id}.json` });
    expect(detail.json()).toMatchObject({ plazo_disp: '6+3', prorroga_justificacion: 'Helada' });

    const twice = await extend('gerente', id, { prorroga: 1, prorroga_justificacion: 'Otra' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({
      prorroga: ['El crédito ya tiene una prórroga de 3 meses; sólo se permite una.'],
    });
  });

  it('is refused for paid or not-disbursed contracts, and for anyone but the manager', async () => {
    const paid = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -2),
      estatus: 'PA',
      fecha_final: today(),
    });
    const res = await extend('gerente', paid, { prorroga: 2, prorroga_justificacion: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: [
        'Sólo se puede prorrogar un crédito con deuda pendiente y ejercido (estatus Pagado, ejecución Cobrado).',
      ],
    });
    const pending = await approved();
    const pc = await extend('gerente', pending, { prorroga: 2, prorroga_justificacion: 'x' });
    expect(pc.statusCode).toBe(400);
    const id = await insertContract(t.db, { clave_socio: member, fecha_inicio: today() });
    const body = { prorroga: 2, prorroga_justificacion: 'x' };
    expect((await extend('coordinador', id, body)).statusCode).toBe(403);
    expect((await extend('promotor', id, body)).statusCode).toBe(403);
  });
});
