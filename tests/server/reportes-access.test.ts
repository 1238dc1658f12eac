/**
 * Office reports: who may read them (the office: CO, GE, VI), the 400s of a
 * bad period or filter, and the spreadsheets read back cell by cell against the JSON answer —
 * money in pesos with the currency format, percentages as fractions with the percent format,
 * the portfolio's dates as date serials, each product code beside its label.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  expectSheetSettings,
  FORMATS,
  readSheet,
  type ReadSheet,
  type TypedCell,
} from '#tests/helpers/xlsx-cells';

const REPORTS = ['cartera-riesgo', 'colocacion', 'acopios', 'ahorro', 'embudo'];
const PERIOD = 'desde=2024-01&hasta=2025-12';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (who: string, url: string) => t.as(who, { method: 'GET', url });

describe('who may read the reports', () => {
  it.each(['coordinador', 'gerente', 'visitante'])(
    '%s reads every report and file',
    async (who) => {
      for (const report of REPORTS) {
        expect((await get(who, `/api/reportes/${report}/?${PERIOD}`)).statusCode).toBe(200);
        const file = await get(who, `/api/reportes/${report}XLSX?${PERIOD}`);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-disposition']).toBe(
          `attachment; filename="reporte-${report}-2024-01-2025-12.xlsx"`,
        );
      }
      expect((await get(who, '/api/reportes/filtros/')).statusCode).toBe(200);
    },
  );

  it.each(['promotor', 'socio'])('%s is refused (403)', async (who) => {
    for (const report of REPORTS) {
      expect((await get(who, `/api/reportes/${report}/?${PERIOD}`)).statusCode).toBe(403);
      expect((await get(who, `/api/reportes/${report}XLSX?${PERIOD}`)).statusCode).toBe(403);
    }
    expect((await get(who, '/api/reportes/filtros/')).statusCode).toBe(403);
  });

  it('without a token: 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reportes/ahorro/' });
    expect(res.statusCode).toBe(401);
  });

  it('the filters list the regions and the promoters, no other user', async () => {
    const res = await get('visitante', '/api/reportes/filtros/');
    const body = z
      .object({
        regiones: z.array(z.object({ id: z.number(), nombre: z.string() })),
        promotores: z.array(z.object({ id: z.number(), nombre: z.string() })),
      })
      .parse(res.json());
    expect(body.regiones.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const promoters = t.seed.users.filter((u) => u.role === 'PR');
    expect(body.promotores).toHaveLength(promoters.length);
    expect(promoters.length).toBeGreaterThan(0);
  });
});

describe('bad input is a 400 naming the field', () => {
  const cases: [string, string, string][] = [
    ['desde=2025-13', 'desde', 'Mes no válido: use AAAA-MM.'],
    ['hasta=25-01', 'hasta', 'Mes no válido: use AAAA-MM.'],
    ['desde=2025-05&hasta=2025-01', 'hasta', 'El mes final debe ser igual o posterior al inicial.'],
    ['desde=2000-01&hasta=2025-01', 'hasta', 'El periodo no puede pasar de 120 meses.'],
    ['region=11', 'region', 'La región debe ser ALL o un número del 1 al 10.'],
    ['promotor=abc', 'promotor', 'Debe ser un número entero'],
  ];
  it.each(cases)('%s', async (query, field, message) => {
    for (const report of ['cartera-riesgo', 'embudo']) {
      for (const url of [
        `/api/reportes/${report}/?${query}`,
        `/api/reportes/${report}XLSX?${query}`,
      ]) {
        const res = await get('gerente', url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ [field]: [message] });
      }
    }
  });

  it('a user who is not a promoter cannot be a promoter filter', async () => {
    const [manager] = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'GE'));
    const res = await get('gerente', `/api/reportes/ahorro/?promotor=${manager!.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ promotor: ['No existe ese promotor.'] });
  });

  it('messages follow Accept-Language', async () => {
    const res = await t.as('gerente', {
      method: 'GET',
      url: '/api/reportes/ahorro/?desde=2025-13',
      headers: { 'accept-language': 'en' },
    });
    expect(res.json()).toEqual({ desde: ['Invalid month: use YYYY-MM.'] });
  });
});

// ---------------------------------------------------------------- spreadsheets

type Row = Record<string, unknown>;

async function answerAndSheet(report: string): Promise<{ rows: Row[]; read: ReadSheet }> {
  const json = await get('gerente', `/api/reportes/${report}/?${PERIOD}`);
  const rows = z
    .object({ filas: z.array(z.record(z.string(), z.unknown())) })
    .parse(json.json()).filas;
  const file = await get('gerente', `/api/reportes/${report}XLSX?${PERIOD}`);
  expect(file.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const read = readSheet(file.rawPayload);
  expectSheetSettings(read, rows.length);
  return { rows, read };
}

const text = (v: unknown): TypedCell => ({ t: 's', v });
const int = (v: unknown): TypedCell => ({ t: 'n', v, z: FORMATS.integer });
/** Cents on the wire → pesos in the cell. */
const money = (v: unknown): TypedCell => ({ t: 'n', v: Number(v) / 100, z: FORMATS.money });
/** A percentage 0–100 → its fraction in the cell (1.07 → 0.0107); empty when there is none. */
const pct = (v: unknown): TypedCell | undefined =>
  v === null ? undefined : { t: 'n', v: Number(`${String(v)}e-2`), z: FORMATS.percent };
const decimal = (v: unknown): TypedCell | undefined =>
  v === null ? undefined : { t: 'n', v, z: '#,##0.00' };
/** Excel's serial of a calendar date (days since 1899-12-30). */
const dateCell = (iso: unknown): TypedCell => ({
  t: 'n',
  v: (Date.parse(`${String(iso)}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000,
  z: FORMATS.date,
});

/** A report month 'YYYY-MM' as a real date (its first day) shown as the month. */
const monthCell = (month: unknown): TypedCell => ({
  t: 'n',
  v: (Date.parse(`${String(month)}-01T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000,
  z: 'yyyy-mm',
});

/** The funnel's steps as the office reads them (locales/es.json). */
const STEP_LABELS: Record<string, string> = {
  recibidas: 'Recibidas',
  aprobadas: 'Aprobadas por la gerencia',
  contrato: 'Crédito ejercido',
  pagadas: 'Pagadas',
};

const PRODUCT_LABELS: Record<string, string> = {
  CF: 'Café',
  MI: 'Miel',
  JA: 'Jabones',
  SL: 'Salarios',
};

const SHEETS: Record<string, { header: string[]; cells: (r: Row) => (TypedCell | undefined)[] }> = {
  'cartera-riesgo': {
    header: [
      'mes',
      'fecha',
      'contratos',
      'cartera',
      'contratos_30',
      'vencida_30',
      'par30',
      'contratos_90',
      'vencida_90',
      'par90',
    ],
    cells: (r) => [
      monthCell(r.mes),
      dateCell(r.fecha),
      int(r.contratos),
      money(r.cartera),
      int(r.contratos_30),
      money(r.vencida_30),
      pct(r.par30),
      int(r.contratos_90),
      money(r.vencida_90),
      pct(r.par90),
    ],
  },
  colocacion: {
    header: [
      'mes',
      'desembolsos',
      'desembolsado',
      'pagos',
      'capital',
      'interes_ordinario',
      'interes_moratorio',
      'recuperado',
    ],
    cells: (r) => [
      monthCell(r.mes),
      int(r.desembolsos),
      money(r.desembolsado),
      int(r.pagos),
      money(r.capital),
      money(r.interes_ordinario),
      money(r.interes_moratorio),
      money(r.recuperado),
    ],
  },
  acopios: {
    header: [
      'mes',
      'producto',
      'producto_etiqueta',
      'region',
      'nombre_region',
      'entregas',
      'kilos',
      'ingreso',
    ],
    cells: (r) => [
      monthCell(r.mes),
      text(r.producto),
      text(PRODUCT_LABELS[String(r.producto)]),
      int(r.region),
      text(r.nombre_region),
      int(r.entregas),
      decimal(r.kilos),
      money(r.ingreso),
    ],
  },
  ahorro: {
    header: ['mes', 'n_aportaciones', 'aportaciones', 'n_retiros', 'retiros', 'neto'],
    cells: (r) => [
      monthCell(r.mes),
      int(r.n_aportaciones),
      money(r.aportaciones),
      int(r.n_retiros),
      money(r.retiros),
      money(r.neto),
    ],
  },
  embudo: {
    header: ['paso', 'paso_etiqueta', 'solicitudes', 'porcentaje', 'mediana_dias'],
    cells: (r) => [
      text(r.paso),
      text(STEP_LABELS[String(r.paso)]),
      int(r.solicitudes),
      pct(r.porcentaje),
      decimal(r.mediana_dias),
    ],
  },
};

describe('spreadsheets people can compute with', () => {
  it.each(REPORTS)('%s: typed cells, the same figures as the answer', async (report) => {
    const { rows, read } = await answerAndSheet(report);
    const spec = SHEETS[report]!;
    expect(read.header).toEqual(spec.header);
    expect(rows.length).toBeGreaterThan(0);
    rows.forEach((row, i) => {
      expect(read.rows[i], `${report} row ${i + 1}`).toEqual(spec.cells(row));
    });
    // Some money (or count) is not zero, so the check above cannot pass on an empty report.
    expect(read.rows.some((cells) => cells.some((c) => c?.t === 'n' && c.v !== 0))).toBe(true);
  });

  it('labels follow Accept-Language', async () => {
    const file = await t.as('gerente', {
      method: 'GET',
      url: `/api/reportes/acopiosXLSX?${PERIOD}`,
      headers: { 'accept-language': 'en' },
    });
    const read = readSheet(file.rawPayload);
    const coffee = read.rows.find((cells) => cells[1]?.v === 'CF');
    expect(coffee?.[2]).toEqual({ t: 's', v: 'Coffee' });
  });
});
