/**
 * Contracts (docs/business-rules.md#contracts): lists with debt today and their filters, detail,
 * debt at a date, payment history, region scope per role, the spreadsheet and the no-link list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '#domain/dates';
import { CONTRACT_EXPORT_COLUMNS, expectExportHeader } from '#tests/helpers/export-columns';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { linkedIds } from './bancos-helpers.ts';
import { insertContract, memberOfRegion, paymentBody, today } from './contratos-helpers.ts';
import { readXlsx } from './members-helpers.ts';

interface Row {
  id: number;
  region: number;
  estatus: string;
  estatus_contrato: string;
  fondo_comun: boolean;
  fecha_inicio: string | null;
  deuda_al_dia: Record<string, number> | null;
  [key: string]: unknown;
}

let t: TestApp;
let member1: number;
let member2: number;

beforeAll(async () => {
  t = await makeTestApp();
  member1 = await memberOfRegion(t.db, 1);
  member2 = await memberOfRegion(t.db, 2);
});
afterAll(async () => {
  await t.close();
});

const get = (username: string, url: string) => t.as(username, { method: 'GET', url });
const rows = async (username: string, url: string) => {
  const res = await get(username, url);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<Row[]>();
};

describe('GET /contratos.json', () => {
  it('lists DP contracts with debt today, newest start first; all=true adds paid ones', async () => {
    const start = addMonths(today(), -3);
    const pending = await insertContract(t.db, { clave_socio: member1, fecha_inicio: start });
    const paid = await insertContract(t.db, {
      clave_socio: member1,
      fecha_inicio: start,
      estatus: 'PA',
      fecha_final: addDays(today(), -1),
    });
    const withDebt = await rows('coordinador', '/api/contratos.json');
    expect(withDebt.every((r) => r.estatus_contrato === 'DP')).toBe(true);
    expect(withDebt.some((r) => r.id === paid)).toBe(false);
    const starts = withDebt.map((r) => r.fecha_inicio ?? '9999-12-31');
    expect(starts).toEqual([...starts].sort().reverse());

    const row = withDebt.find((r) => r.id === pending)!;
    expect(row).toMatchObject({
      clave_socio: member1,
      region: 1,
      monto: '10000.00',
      tasa: '2.0000',
      plazo_disp: '6',
      estatus: 'VI',
      estatus_detail: 'VI',
      estatus_ejecucion: 'CO',
      fecha_vencimiento: addMonths(start, 6),
      pagado: 0,
      deuda_al_dia: {
        capital_por_pagar: 10000,
        interes_ordinario_deuda: 600,
        interes_moratorio_deuda: 0,
        total_deuda: 10600,
      },
      dias_vencidos: 0,
    });
    expect(row.nombres).toEqual(expect.any(String));
    expect(row.dias_vida).toBe(row.dias_cartera_vigente);

    const all = await rows('coordinador', '/api/contratos/?all=true');
    expect(all.find((r) => r.id === paid)).toMatchObject({ estatus: 'PA', deuda_al_dia: null });
    const allPath = await rows('coordinador', '/api/contratos/all/');
    expect(allPath.map((r) => r.id).sort()).toEqual(all.map((r) => r.id).sort());
  });

  it('excludes shared funds unless fondocomun=1, which lists only them', async () => {
    const fc = await insertContract(t.db, {
      clave_socio: member1,
      fecha_inicio: addMonths(today(), -1),
      tipo_credito: 'FC',
    });
    const loans = await rows('gerente', '/api/contratos.json');
    expect(loans.some((r) => r.id === fc)).toBe(false);
    expect(loans.every((r) => !r.fondo_comun)).toBe(true);
    const funds = await rows('gerente', '/api/contratos/?fondocomun=1');
    expect(funds.some((r) => r.id === fc)).toBe(true);
    expect(funds.every((r) => r.fondo_comun)).toBe(true);
    const detail = await get('gerente', `/api/contratos/${fc}.json?fondocomun=1`);
    expect(detail.statusCode).toBe(200);
    const loan = loans[0]!;
    expect((await get('gerente', `/api/contratos/${loan.id}.json?fondocomun=1`)).statusCode).toBe(
      404,
    );
  });

  it('filters by region; a bad region is a 400', async () => {
    const region2 = await rows('visitante', '/api/contratos/?all=true&region=2');
    expect(region2.length).toBeGreaterThan(0);
    expect(region2.every((r) => r.region === 2)).toBe(true);
    const bad = await get('visitante', '/api/contratos/?region=11');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ region: ['La región debe ser ALL o un número del 1 al 10.'] });
  });
});

describe('contract detail, history and debt at a date', () => {
  it('answers the detail with the interest over the term, its payments and the debt at a date', async () => {
    const start = addMonths(today(), -2);
    const id = await insertContract(t.db, {
      clave_socio: member2,
      fecha_inicio: start,
      prorroga: 2,
    });
    const detail = await get('coordinador', `/api/contratos/${id}.json`);
    expect(detail.statusCode).toBe(200);
    // 10,000 × 2 % × (6 + 2) months.
    expect(detail.json()).toMatchObject({
      id,
      plazo_disp: '6+2',
      intereses: 1600,
      total: 11600,
      fecha_vencimiento: addMonths(start, 8),
    });

    const pay = await t.as('coordinador', {
      method: 'POST',
      url: '/api/pagos/',
      payload: paymentBody(id, today(), { capital: '500', ord: '400' }),
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const history = await get('coordinador', `/api/contratos/${id}/pagos/`);
    expect(history.json()).toEqual([
      expect.objectContaining({ credito: id, cantidad: '900.00', abono_capital: '500.00' }),
    ]);

    // Before the payment: nothing paid; at the start day: no interest yet.
    const atStart = await get('coordinador', `/api/contratos/${id}/deuda/?fecha=${start}`);
    expect(atStart.json()).toEqual({
      fecha: start,
      estatus_detail: 'VI',
      monto_original: 10000,
      capital_abonado: 0,
      interes_ordinario_abonado: 0,
      interes_moratorio_abonado: 0,
      total_abonado: 0,
      capital_por_pagar: 10000,
      interes_ordinario_deuda: 0,
      interes_moratorio_deuda: 0,
      total_deuda: 10000,
    });
    const now = await get('coordinador', `/api/contratos/${id}/deuda/`);
    expect(now.json()).toMatchObject({
      fecha: today(),
      capital_por_pagar: 9500,
      interes_ordinario_deuda: 0,
      total_abonado: 900,
    });
  });

  it('a date before the start is a 400 naming both dates; no start date answers {}', async () => {
    const start = addMonths(today(), -1);
    const id = await insertContract(t.db, { clave_socio: member1, fecha_inicio: start });
    const before = addDays(start, -1);
    const res = await get('promotor', `/api/contratos/${id}/deuda/?fecha=${before}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: [`La fecha ${before} es anterior al inicio del crédito (${start})`],
    });
    const bad = await get('promotor', `/api/contratos/${id}/deuda/?fecha=2024-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ fecha: ['Fecha inválida'] });

    const unstarted = await insertContract(t.db, {
      clave_socio: member1,
      fecha_inicio: null,
      tipo_tasa: null,
      estatus_ejecucion: 'PC',
    });
    const none = await get('promotor', `/api/contratos/${unstarted}/deuda/`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({});
  });
});

describe('contracts: permissions and region scope', () => {
  it('a promoter of region 1 never sees region-2 contracts: list, detail, history, debt', async () => {
    const other = await insertContract(t.db, {
      clave_socio: member2,
      fecha_inicio: addMonths(today(), -1),
    });
    const list = await rows('promotor', '/api/contratos/?all=true');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.region === 1)).toBe(true);
    const asked = await rows('promotor', '/api/contratos/?all=true&region=2');
    expect(asked).toEqual([]);
    for (const url of [
      `/api/contratos/${other}.json`,
      `/api/contratos/${other}/pagos/`,
      `/api/contratos/${other}/deuda/`,
    ]) {
      expect((await get('promotor', url)).statusCode, url).toBe(404);
      expect((await get('promotor2', url)).statusCode, url).toBe(200);
    }
    expect((await get('promotor', '/api/contratos/abc.json')).statusCode).toBe(404);
  });

  it('a member cannot read contracts; only the office exports', async () => {
    expect((await get('socio', '/api/contratos.json')).statusCode).toBe(403);
    expect((await get('promotor', '/api/contratosXLSX/')).statusCode).toBe(403);
    const xlsx = await get('visitante', '/api/contratosXLSX/?all=true&region=2');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('contratos-2.xlsx');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expectExportHeader(readXlsx(xlsx.rawPayload)[0], CONTRACT_EXPORT_COLUMNS);
    expect((await get('gerente', '/api/contratosXLSX/?region=ALL')).statusCode).toBe(200);
    expect((await get('gerente', '/api/contratosXLSX/?region=0')).statusCode).toBe(400);
  });

  it('no-link lists the activated (CO) contracts whose disbursement is not reconciled, shared funds apart', async () => {
    const res = await get('coordinador', '/api/contratos/no-link/');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ count: number; results: Row[] }>();
    const all = await rows('coordinador', '/api/contratos/?all=true');
    const linked = (await linkedIds(t.db)).contratos;
    const activated = all.filter((r) => r.estatus_ejecucion === 'CO' && !linked.has(r.id));
    expect(body.count).toBe(activated.length);
    expect(body.results.map((r) => r.id).sort()).toEqual(activated.map((r) => r.id).sort());
    const funds = await get('coordinador', '/api/contratos/no-link/?fondocomun=1');
    const fundRows = funds.json<{ count: number; results: Row[] }>();
    expect(fundRows.results.every((r) => r.fondo_comun)).toBe(true);
    expect((await get('promotor', '/api/contratos/no-link/')).statusCode).toBe(403);
  });
});
