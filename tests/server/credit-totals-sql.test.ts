/**
 * The portfolio (GET /contratos/carteras/, /contratos/carteras-per-region/) and the contracts
 * list's page totals (GET /contratos.json?limit=) are counted and summed by the database. On the
 * demo seed they must equal, figure for figure, what the in-memory computation gives: here the
 * test reads the contracts and payments itself, converts them to cents, and runs the domain's
 * `portfolioAt`, `portfolioByRegion` and `contractFigures` (what the server computed before, and
 * what the phone computes offline) at dates across the seed's years and around the overdue bands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ContractStatus } from '#domain/codes';
import { contractFigures } from '#domain/contract-figures';
import { addDays, addMonths, compareIsoDates, todayIn, type IsoDate } from '#domain/dates';
import { dueDate, type DebtPayment } from '#domain/debt';
import { parseMoney, type Cents } from '#domain/money';
import {
  portfolioAt,
  portfolioByRegion,
  type PortfolioInput,
  type PortfolioTotals,
} from '#domain/portfolio';
import { comunidades, contratos, pagos, socios } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
let today: IsoDate;

interface Contract extends PortfolioInput {
  estatus: ContractStatus;
  monto: Cents;
}
let contracts: Contract[] = [];

const money = (text: string): Cents => {
  const cents = parseMoney(text);
  if (cents === null) throw new Error(`not money: ${text}`);
  return cents;
};

beforeAll(async () => {
  t = await makeTestApp();
  today = todayIn(t.config.timezone);
  const rows = await t.db
    .select({
      id: contratos.id,
      monto: contratos.monto,
      tasa: contratos.tasa,
      tasa_moratoria: contratos.tasa_moratoria,
      tipo_tasa: contratos.tipo_tasa,
      plazo: contratos.plazo,
      prorroga: contratos.prorroga,
      fecha_inicio: contratos.fecha_inicio,
      estatus: contratos.estatus,
      estatus_ejecucion: contratos.estatus_ejecucion,
      fecha_final: contratos.fecha_final,
      fondo_comun: contratos.fondo_comun,
      region: comunidades.region,
    })
    .from(contratos)
    .innerJoin(socios, eq(contratos.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id));
  const paymentRows = await t.db.select().from(pagos);
  const byContract = new Map<number, DebtPayment[]>();
  for (const p of paymentRows) {
    const list = byContract.get(p.credito) ?? [];
    list.push({
      fecha_pago: p.fecha_pago,
      cantidad: money(p.cantidad),
      abono_capital: money(p.abono_capital),
      interes_ord: money(p.interes_ord),
      interes_mor: money(p.interes_mor),
      deuda_prev_int_ord: money(p.deuda_prev_int_ord),
      deuda_prev_int_mor: money(p.deuda_prev_int_mor),
      orden: p.id,
    });
    byContract.set(p.credito, list);
  }
  // The lists' order: never started first, then newest start, newest id.
  rows.sort((a, b) => {
    if (a.fecha_inicio !== b.fecha_inicio) {
      if (a.fecha_inicio === null) return -1;
      if (b.fecha_inicio === null) return 1;
      return compareIsoDates(b.fecha_inicio, a.fecha_inicio);
    }
    return b.id - a.id;
  });
  contracts = rows.map((r) => ({
    id: r.id,
    region: r.region,
    fondo_comun: r.fondo_comun,
    estatus: r.estatus,
    monto: money(r.monto),
    contract: { ...r, monto: money(r.monto) },
    payments: byContract.get(r.id) ?? [],
  }));
}, 120_000);
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => {
  const res = await t.as('gerente', { method: 'GET', url });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<unknown>();
};

/** Totals as the API answers them: pesos from cents, as the server always converted them. */
const pesos = (c: Cents) => c / 100;
const totalsInPesos = (p: PortfolioTotals) => ({
  vigentes_total: pesos(p.vigentes_total),
  vigentes_count: p.vigentes_count,
  vencidos_total: pesos(p.vencidos_total),
  vencidos_count: p.vencidos_count,
  vencidosLT30: { count: p.vencidosLT30.count, total: pesos(p.vencidosLT30.total) },
  vencidos30to6M: { count: p.vencidos30to6M.count, total: pesos(p.vencidos30to6M.total) },
  vencidosGT6M: { count: p.vencidosGT6M.count, total: pesos(p.vencidosGT6M.total) },
});

/**
 * Every 5 months back over the seed's years, plus the days around the 30- and 180-day band
 * limits of a few loans that were overdue.
 */
function portfolioDates(): IsoDate[] {
  const dates = new Set<IsoDate>([today]);
  for (let m = 5; m <= 120; m += 5) dates.add(addMonths(today, -m));
  const dues = contracts
    .filter((c) => c.contract.fecha_inicio !== null && c.contract.estatus_ejecucion === 'CO')
    .map((c) => dueDate(c.contract))
    .filter((d): d is IsoDate => d !== null && compareIsoDates(addDays(d, 181), today) <= 0)
    .slice(0, 3);
  for (const due of dues) for (const n of [30, 31, 180, 181]) dates.add(addDays(due, n));
  return [...dates];
}

describe('the portfolio computed in SQL equals the in-memory computation on the demo seed', () => {
  it('the seed gives the comparison something to compare', () => {
    expect(contracts.length).toBeGreaterThan(100);
    const p = portfolioAt(contracts, today);
    expect(p.vigentes_count).toBeGreaterThan(0);
    expect(p.vencidos_count).toBeGreaterThan(0);
    expect(p.vencidosGT6M.count).toBeGreaterThan(0);
  });

  it('totals, bands and both lists (loan by loan, in order) at every date, shared funds apart', async () => {
    let loansCompared = 0;
    for (const date of portfolioDates()) {
      for (const fondocomun of [false, true]) {
        const expected = portfolioAt(contracts, date, { fondocomun });
        const answer = await get(
          `/api/contratos/carteras/?date=${date}&detail=1${fondocomun ? '&fondocomun=1' : ''}`,
        );
        const loan = (e: (typeof expected.vigentes)[number]) => ({
          id: e.id,
          region: e.region,
          estatus: e.estatus,
          capital: pesos(e.capital),
          dias_vencidos: e.dias_vencidos,
        });
        expect(answer, `${date} fondocomun=${fondocomun}`).toMatchObject({
          fecha: date,
          ...totalsInPesos(expected),
          vigentes: expected.vigentes.map(loan),
          vencidos: expected.vencidos.map(loan),
        });
        loansCompared += expected.vigentes.length + expected.vencidos.length;
      }
    }
    expect(loansCompared).toBeGreaterThan(1000);
  }, 120_000);

  it('per region at every date: the ten regions, each with its own totals', async () => {
    for (const date of portfolioDates()) {
      const expected = portfolioByRegion(contracts, date, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const answer = await get(`/api/contratos/carteras-per-region/?date=${date}`);
      expect(answer, date).toMatchObject(
        expected.map((r) => ({ region: r.region, ...totalsInPesos(r) })),
      );
    }
  }, 120_000);
});

interface Page {
  count: number;
  results: { id: number; monto: string; fecha_inicio: string | null }[];
  totals: { monto: number; pagado: number; capital_por_pagar: number };
}

describe('the contracts list paged in SQL', () => {
  const filters: [string, (c: Contract) => boolean][] = [
    ['', (c) => !c.fondo_comun && c.estatus === 'DP'],
    ['all=true', (c) => !c.fondo_comun],
    ['fondocomun=1&all=true', (c) => c.fondo_comun],
    ['region=3', (c) => !c.fondo_comun && c.estatus === 'DP' && c.region === 3],
  ];

  it('count and totals of the whole list equal the sums of each contract’s figures today', async () => {
    for (const [query, keep] of filters) {
      const list = contracts.filter(keep);
      let monto = 0;
      let pagado = 0;
      let capital = 0;
      for (const c of list) {
        const figures = contractFigures(c.contract, c.payments, today);
        monto += c.monto;
        pagado += figures.pagado;
        capital += figures.deuda?.capital_por_pagar ?? 0;
      }
      const page = (await get(`/api/contratos.json?limit=5&${query}`)) as Page;
      expect(page.count, query).toBe(list.length);
      expect(page.totals, query).toEqual({
        monto: pesos(monto),
        pagado: pesos(pagado),
        capital_por_pagar: pesos(capital),
      });
      expect(page.results.length).toBe(Math.min(5, list.length));
    }
    expect(contracts.filter(filters[0]![1]).length).toBeGreaterThan(20);
  }, 60_000);

  it('its pages, one after another, are the whole list row for row', async () => {
    const whole = (await get('/api/contratos.json?all=true')) as Page['results'];
    const pages: Page['results'] = [];
    for (let offset = 0; offset < whole.length; offset += 40) {
      const page = (await get(`/api/contratos.json?all=true&limit=40&offset=${offset}`)) as Page;
      expect(page.count).toBe(whole.length);
      pages.push(...page.results);
    }
    expect(whole.length).toBeGreaterThan(40);
    expect(pages).toEqual(whole);
  }, 60_000);

  it('sorted by amount or start, pages neither repeat nor skip a contract', async () => {
    const whole = (await get('/api/contratos.json?all=true')) as Page['results'];
    for (const ordering of ['-monto', 'fecha_inicio', 'nombres', '-region']) {
      const rows: Page['results'] = [];
      for (let offset = 0; offset < whole.length; offset += 64) {
        const url = `/api/contratos.json?all=true&limit=64&offset=${offset}&ordering=${ordering}`;
        rows.push(...((await get(url)) as Page).results);
      }
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(
        whole.map((r) => r.id).sort((a, b) => a - b),
      );
      if (ordering === '-monto') {
        const amounts = rows.map((r) => money(r.monto));
        expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
      }
      if (ordering === 'fecha_inicio') {
        const starts = rows.map((r) => r.fecha_inicio).filter((d) => d !== null);
        expect(starts).toEqual([...starts].sort());
        // Never-started contracts come last going up.
        expect(rows.at(-1)?.fecha_inicio).toBeNull();
      }
    }
  }, 60_000);

  it('a bad page is a 400 naming the field, in Spanish', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=10&offset=-1', 'offset'],
      ['limit=10&ordering=saldo', 'ordering'],
      ['offset=10', 'offset'],
    ];
    for (const [query, field] of cases) {
      const res = await t.as('gerente', { method: 'GET', url: `/api/contratos.json?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json<Record<string, string[]>>()), query).toEqual([field]);
      expect(res.json<Record<string, string[]>>()[field]![0], query).toMatch(/página|orden/);
    }
  });
});
