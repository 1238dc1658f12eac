/**
 * Spreadsheets people can compute with: every export of the office read
 * back cell by cell against its list. Money is a number in pesos with a currency format, the
 * monthly rates are percentages, dates are date serials with a date format, each code has its
 * label beside it (in the reader's language), and every sheet has its header row frozen, an
 * autofilter and column widths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  ACOPIO_EXPORT_COLUMNS,
  CONTRACT_EXPORT_COLUMNS,
  MOVEMENT_EXPORT_COLUMNS,
  PAYMENT_EXPORT_COLUMNS,
  RECORD_EXPORT_COLUMNS,
  type ExportColumns,
} from '#tests/helpers/export-columns';
import {
  ACOPIO_MEANING,
  CONTRACT_MEANING,
  expectRowsMatch,
  expectSheetSettings,
  FORMATS,
  MOVEMENT_MEANING,
  PAYMENT_MEANING,
  readSheet,
  RECORD_MEANING,
  type ColumnMeaning,
} from '#tests/helpers/xlsx-cells';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

type Row = Record<string, unknown>;

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.as('gerente', { method: 'GET', url, headers });
  expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
  return res;
}

/** A contract of the list as its spreadsheet row: the debt today spread into its figures. */
function withDebtFigures(row: Row): Row {
  const debt = (row.deuda_al_dia ?? null) as Row | null;
  return {
    ...row,
    capital_por_pagar: debt?.capital_por_pagar ?? null,
    interes_ordinario_deuda: debt?.interes_ordinario_deuda ?? null,
    interes_moratorio_deuda: debt?.interes_moratorio_deuda ?? null,
    total_deuda: debt?.total_deuda ?? null,
  };
}

interface Export {
  xlsx: string;
  list: string;
  columns: ExportColumns;
  meaning: ColumnMeaning;
  asRow?: (item: Row) => Row;
  /** Columns that must hold a typed number in some row (so the check cannot pass empty). */
  typed: Readonly<Record<string, string>>;
}

const RANGE = 'initialDate=2000-01-01&finalDate=2100-12-31';

const EXPORTS: Export[] = [
  {
    xlsx: '/api/contratosXLSX/?all=true&region=ALL',
    list: '/api/contratos.json?all=true',
    columns: CONTRACT_EXPORT_COLUMNS,
    meaning: CONTRACT_MEANING,
    asRow: withDebtFigures,
    typed: {
      monto: FORMATS.money,
      pagado: FORMATS.money,
      total_deuda: FORMATS.money,
      tasa: FORMATS.percent,
      tasa_moratoria: FORMATS.percent,
      fecha_inicio: FORMATS.date,
      dias_vida: FORMATS.integer,
    },
  },
  {
    xlsx: '/api/pagosXLSX/',
    list: '/api/pagos.json',
    columns: PAYMENT_EXPORT_COLUMNS,
    meaning: PAYMENT_MEANING,
    typed: { cantidad: FORMATS.money, fecha_pago: FORMATS.date },
  },
  {
    xlsx: '/api/movimientos-conc-xlsx/?region=1',
    list: '/api/movimientos/?region=1',
    columns: MOVEMENT_EXPORT_COLUMNS,
    meaning: MOVEMENT_MEANING,
    typed: { monto: FORMATS.money, fecha_entrega: FORMATS.date },
  },
  {
    xlsx: '/api/acopiosXLSX/?tipo_de_producto=ALL',
    list: '/api/acopios.json',
    columns: ACOPIO_EXPORT_COLUMNS,
    meaning: ACOPIO_MEANING,
    typed: { ingreso: FORMATS.money, kilos_de_producto: '#,##0.00', fecha: FORMATS.date },
  },
  {
    xlsx: `/api/registros-contables-xlsx/?${RANGE}`,
    list: `/api/registros-contables.json/?${RANGE}`,
    columns: RECORD_EXPORT_COLUMNS,
    meaning: RECORD_MEANING,
    typed: { cantidad: FORMATS.money, fecha: FORMATS.date, fecha_captura: FORMATS.datetime },
  },
];

describe('typed exports', () => {
  for (const e of EXPORTS) {
    it(`${e.xlsx.split('?')[0]}: the list's values as typed cells, header frozen and filterable`, async () => {
      const read = readSheet((await get(e.xlsx)).rawPayload);
      const list = (await get(e.list)).json<Row[]>().map(e.asRow ?? ((item) => item));
      expect(list.length).toBeGreaterThan(0);
      expectSheetSettings(read, list.length);
      expectRowsMatch(read, list, e.columns, e.meaning);
      for (const [column, format] of Object.entries(e.typed)) {
        const c = read.header.indexOf(column);
        const typed = read.rows.map((row) => row[c]).filter((cell) => cell?.t === 'n');
        expect(typed.length, column).toBeGreaterThan(0);
        expect(
          typed.every((cell) => cell?.z === format),
          column,
        ).toBe(true);
      }
    });
  }

  it('a contract reads as its amount in pesos, its rate as a percentage and its start as a date', async () => {
    // The contract list answers amounts and rates as stored decimals ("4000.00", "1.5000"):
    // the sheet holds the numbers behind them.
    const list = (await get('/api/contratos.json?all=true')).json<Row[]>();
    const sample = list.find((r) => r.fecha_inicio !== null)!;
    const read = readSheet((await get('/api/contratosXLSX/?all=true&region=ALL')).rawPayload);
    const row = read.rows.find((r) => r[0]?.v === sample.id)!;
    const cell = (name: string) => row[read.header.indexOf(name)];
    expect(cell('monto')).toEqual({ t: 'n', v: Number(sample.monto), z: '"$"#,##0.00' });
    expect(cell('tasa')?.t).toBe('n');
    expect(Number(cell('tasa')?.v)).toBeCloseTo(Number(sample.tasa) / 100, 10);
    const [y, m, d] = String(sample.fecha_inicio).split('-').map(Number);
    const serial = (Date.UTC(y!, m! - 1, d!) - Date.UTC(1899, 11, 30)) / 86_400_000;
    expect(cell('fecha_inicio')).toEqual({ t: 'n', v: serial, z: 'yyyy-mm-dd' });
    expect(cell('estatus')?.t).toBe('s');
  });

  it('labels follow the reader language (Accept-Language), codes stay codes', async () => {
    const res = await get('/api/acopiosXLSX/?tipo_de_producto=CF', { 'accept-language': 'en' });
    const read = readSheet(res.rawPayload);
    expect(read.rows.length).toBeGreaterThan(0);
    const code = read.header.indexOf('tipo_de_producto');
    for (const row of read.rows) {
      expect(row[code]).toEqual({ t: 's', v: 'CF' });
      expect(row[code + 1]).toEqual({ t: 's', v: 'Coffee' });
    }
  });
});
