/**
 * Portfolios (GET /contratos/carteras/ and /contratos/carteras-per-region/,
 * docs/business-rules.md#portfolios) on dates around the 30- and 180-day band limits. The test's
 * contracts live in 2010–2011, years the demo seed never reaches, so the figures at those dates are
 * exactly theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '#domain/dates';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { insertContract, memberOfRegion, paymentBody } from './contratos-helpers.ts';

const D = '2011-06-15';

let t: TestApp;
const ids: Record<string, number> = {};

/** A 6-month loan whose due date is `days` days before D. */
const overdueBy = (days: number) => addMonths(addDays(D, -days), -6);

beforeAll(async () => {
  t = await makeTestApp();
  const m1 = await memberOfRegion(t.db, 1);
  const m2 = await memberOfRegion(t.db, 2);
  const loan = (spec: Parameters<typeof insertContract>[1]) => insertContract(t.db, spec);
  ids.current = await loan({ clave_socio: m1, fecha_inicio: '2011-01-15', plazo: 12 });
  ids.paidLater = await loan({
    clave_socio: m1,
    fecha_inicio: '2011-02-01',
    plazo: 12,
    monto: '5000.00',
    estatus: 'PA',
    fecha_final: '2011-09-01',
  });
  ids.lt30 = await loan({ clave_socio: m1, fecha_inicio: overdueBy(30), monto: '1000.00' });
  ids.d31 = await loan({ clave_socio: m1, fecha_inicio: overdueBy(31), monto: '2000.00' });
  ids.d180 = await loan({ clave_socio: m1, fecha_inicio: overdueBy(180), monto: '3000.00' });
  ids.d181 = await loan({ clave_socio: m2, fecha_inicio: overdueBy(181), monto: '4000.00' });
  // Not in the portfolio at D: settled before it, started after it, not disbursed.
  await loan({
    clave_socio: m1,
    fecha_inicio: '2010-12-01',
    estatus: 'PA',
    fecha_final: '2011-03-01',
  });
  await loan({ clave_socio: m1, fecha_inicio: '2011-06-16' });
  await loan({ clave_socio: m1, fecha_inicio: '2011-01-01', estatus_ejecucion: 'PC' });
  ids.fund = await loan({
    clave_socio: m1,
    fecha_inicio: '2011-01-01',
    plazo: 12,
    monto: '7000.00',
    tipo_credito: 'FC',
  });
  // The current loan's capital at D is what is left after the payment before D; the one
  // after D does not count yet.
  for (const [fecha, capital] of [
    ['2011-03-15', '1000'],
    ['2011-07-01', '2000'],
  ] as const) {
    const res = await t.as('gerente', {
      method: 'POST',
      url: '/api/pagos/',
      payload: paymentBody(ids.current, fecha, { capital }),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

interface Loan {
  id: number;
  capital: number;
  dias_vencidos: number;
  estatus: string;
}

const portfolio = async (username: string, query: string) => {
  const res = await t.as(username, { method: 'GET', url: `/api/contratos/carteras/?${query}` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<Record<string, unknown> & { vigentes?: Loan[]; vencidos?: Loan[] }>();
};

describe('GET /contratos/carteras/', () => {
  it('the fixture really sits on the band limits', () => {
    expect(addMonths(overdueBy(30), 6)).toBe(addDays(D, -30));
    expect(addMonths(overdueBy(180), 6)).toBe(addDays(D, -180));
  });

  it('splits current and overdue at D with pending capital at D and the overdue bands', async () => {
    const p = await portfolio('coordinador', `date=${D}&detail=1`);
    expect(p).toMatchObject({
      fecha: D,
      vigentes_count: 2,
      vigentes_total: 14000,
      vencidos_count: 4,
      vencidos_total: 10000,
      vencidosLT30: { count: 1, total: 1000 },
      vencidos30to6M: { count: 2, total: 5000 },
      vencidosGT6M: { count: 1, total: 4000 },
    });
    const byId = (list: Loan[] = []) =>
      Object.fromEntries(list.map((l) => [l.id, [l.capital, l.dias_vencidos]]));
    expect(byId(p.vigentes)).toEqual({ [ids.current!]: [9000, 0], [ids.paidLater!]: [5000, 0] });
    expect(byId(p.vencidos)).toEqual({
      [ids.lt30!]: [1000, 30],
      [ids.d31!]: [2000, 31],
      [ids.d180!]: [3000, 180],
      [ids.d181!]: [4000, 181],
    });
  });

  it('one day later the 30- and 180-day loans move to the next band', async () => {
    const p = await portfolio('coordinador', `date=${addDays(D, 1)}`);
    expect(p).toMatchObject({
      vencidosLT30: { count: 0, total: 0 },
      vencidos30to6M: { count: 2, total: 3000 },
      vencidosGT6M: { count: 2, total: 7000 },
    });
    expect(p.vigentes).toBeUndefined();
  });

  it('shared funds only with fondocomun=1; a promoter sees its region only', async () => {
    expect(await portfolio('gerente', `date=${D}&fondocomun=1&detail=1`)).toMatchObject({
      vigentes_count: 1,
      vigentes_total: 7000,
      vencidos_count: 0,
      vigentes: [expect.objectContaining({ id: ids.fund, monto: '7000.00', region: 1 })],
    });
    expect(await portfolio('promotor', `date=${D}`)).toMatchObject({
      vigentes_count: 2,
      vencidos_count: 3,
      vencidos_total: 6000,
      vencidosGT6M: { count: 0, total: 0 },
    });
    expect(await portfolio('promotor2', `date=${D}`)).toMatchObject({
      vigentes_count: 0,
      vencidos_count: 1,
      vencidosGT6M: { count: 1, total: 4000 },
    });
  });

  it('a bad date is a 400; a member may not read portfolios', async () => {
    const bad = await t.as('gerente', { method: 'GET', url: '/api/contratos/carteras/?date=x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ date: ['Fecha inválida'] });
    expect(
      (await t.as('socio', { method: 'GET', url: '/api/contratos/carteras/' })).statusCode,
    ).toBe(403);
  });

  it('today (no date) answers the seeded portfolio with consistent totals', async () => {
    const p = await portfolio('visitante', 'detail=1');
    const sum = (list: Loan[] = []) => Math.round(list.reduce((s, l) => s + l.capital * 100, 0));
    expect(p.vigentes!.length).toBe(p.vigentes_count);
    expect(Math.round((p.vigentes_total as number) * 100)).toBe(sum(p.vigentes));
    expect(p.vencidos!.length).toBe(p.vencidos_count);
    expect(p.vigentes_count as number).toBeGreaterThan(0);
    expect(p.vencidos_count as number).toBeGreaterThan(0);
  });
});

describe('GET /contratos/carteras-per-region/', () => {
  it('answers every region with its own figures (zeros without loans)', async () => {
    const res = await t.as('gerente', {
      method: 'GET',
      url: `/api/contratos/carteras-per-region/?date=${D}`,
    });
    expect(res.statusCode).toBe(200);
    const regions = res.json<({ region: number } & Record<string, unknown>)[]>();
    expect(regions.map((r) => r.region)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(regions[0]).toMatchObject({
      region: 1,
      nombre_region: expect.any(String),
      vigentes_count: 2,
      vencidos_count: 3,
      vencidos_total: 6000,
    });
    expect(regions[1]).toMatchObject({
      region: 2,
      vencidos_count: 1,
      vencidosGT6M: { count: 1, total: 4000 },
    });
    expect(regions[2]).toMatchObject({ vigentes_count: 0, vencidos_count: 0, vigentes_total: 0 });

    const own = await t.as('promotor', {
      method: 'GET',
      url: `/api/contratos/carteras-per-region/?date=${D}`,
    });
    expect(own.json<{ region: number }[]>().map((r) => r.region)).toEqual([1]);
  });
});
