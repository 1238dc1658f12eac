/**
 * Reading an export back as typed cells ("tests read the files back and check cell
 * types and formats"), and the cells a list row should become, worked out here from the
 * spec's meaning of each column (money in pesos, monthly rates in percent, calendar dates,
 * capture instants) rather than from the code that writes the files.
 */
import * as XLSX from '@e965/xlsx';
import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';
import { sheetHeaderOf, type ExportColumns } from './export-columns.ts';

/** A cell as a spreadsheet program sees it: its type, value and number format. */
export interface TypedCell {
  t: string;
  v: unknown;
  z?: string;
}

export interface ReadSheet {
  header: string[];
  /** One entry per data row, a cell (or undefined when empty) per header column. */
  rows: (TypedCell | undefined)[][];
  sheet: XLSX.WorkSheet;
  /** The first sheet's XML as stored in the file (panes are not read back by SheetJS CE). */
  sheetXml: string;
}

export function readSheet(bytes: Uint8Array): ReadSheet {
  const book = XLSX.read(bytes, { type: 'array', cellNF: true, cellStyles: true });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1:A1');
  const at = (r: number, c: number): TypedCell | undefined => {
    const cell: XLSX.CellObject | undefined = sheet[XLSX.utils.encode_cell({ r, c })];
    if (!cell) return undefined;
    // A text cell carries no number format of its own ("General").
    return cell.t === 'n' ? { t: cell.t, v: cell.v, z: String(cell.z) } : { t: cell.t, v: cell.v };
  };
  const columns = Array.from({ length: range.e.c + 1 }, (_, c) => c);
  const header = columns.map((c) => String(at(0, c)?.v ?? ''));
  const rows = Array.from({ length: range.e.r }, (_, r) => columns.map((c) => at(r + 1, c)));
  const sheetXml = strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml']!);
  return { header, rows, sheet, sheetXml };
}

/** Frozen header row, autofilter over the whole table, a sensible width for every column. */
export function expectSheetSettings(read: ReadSheet, rowCount: number): void {
  expect(read.sheetXml).toContain(
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
  );
  const last = XLSX.utils.encode_col(read.header.length - 1);
  expect(read.sheet['!ref']).toBe(`A1:${last}${rowCount + 1}`);
  expect(read.sheet['!autofilter']).toEqual({ ref: `A1:${last}${rowCount + 1}` });
  const widths = (read.sheet['!cols'] ?? []).map((c) => c.wch);
  expect(widths).toHaveLength(read.header.length);
  read.header.forEach((name, c) => {
    // Never narrower than the header's name (or 6), never wider than 50 characters.
    expect(widths[c], name).toBeGreaterThanOrEqual(Math.min(50, Math.max(6, name.length)));
    expect(widths[c], name).toBeLessThanOrEqual(50);
  });
}

export const FORMATS = {
  money: '"$"#,##0.00',
  percent: '0.00##%',
  integer: '0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
} as const;

/** Which columns of an export hold what, for the cells a row should become. */
export interface ColumnMeaning {
  money?: readonly string[];
  /** Monthly rates written in percent ("1.5000" is 1.5 %). */
  percent?: readonly string[];
  decimal?: readonly string[];
  date?: readonly string[];
  datetime?: readonly string[];
  /** The Spanish label of each code, per code column. */
  labels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** A yes/no column written as what it means: its label when true, when false. */
  flags?: Readonly<Record<string, readonly [whenTrue: string, whenFalse: string]>>;
  /** Money that goes out (the row's flag column is false) is negative. */
  outWhenFalse?: Readonly<Record<string, string>>;
}

const DAY_MS = 86_400_000;
const EXCEL_DAY_ZERO = Date.UTC(1899, 11, 30);

/** Excel's day number of a 'YYYY-MM-DD' date (1900 system). */
export function excelDay(iso: string): number {
  return (Date.parse(`${iso}T00:00:00Z`) - EXCEL_DAY_ZERO) / DAY_MS;
}

/** Excel's serial of an instant as the wall-clock time in Mexico City. */
function excelMexicoCityTime(instant: string): number {
  const wall = new Date(instant).toLocaleString('sv-SE', { timeZone: 'America/Mexico_City' });
  return (Date.parse(`${wall.replace(' ', 'T')}Z`) - EXCEL_DAY_ZERO) / DAY_MS;
}

function plain(value: unknown): TypedCell | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return { t: 'n', v: value, z: FORMATS.integer };
  if (typeof value === 'boolean') return { t: 'b', v: value };
  if (Array.isArray(value)) return { t: 's', v: value.map(String).join(', ') };
  return { t: 's', v: String(value) };
}

/** The cells a list row should become, in the sheet's header order. */
export function expectedCells(
  item: Readonly<Record<string, unknown>>,
  columns: ExportColumns,
  meaning: ColumnMeaning,
): (TypedCell | undefined)[] {
  const has = (kind: readonly string[] | undefined, column: string) =>
    kind?.includes(column) ?? false;
  return sheetHeaderOf(columns).map((column) => {
    const labelOf = column.endsWith('_etiqueta') ? column.slice(0, -'_etiqueta'.length) : null;
    if (labelOf !== null) {
      const code = item[labelOf];
      const label = typeof code === 'string' ? meaning.labels?.[labelOf]?.[code] : undefined;
      return label === undefined ? undefined : { t: 's', v: label };
    }
    const value = item[column];
    if (value === null || value === undefined) return undefined;
    const flag = meaning.flags?.[column];
    if (flag && typeof value === 'boolean') return { t: 's', v: value ? flag[0] : flag[1] };
    if (has(meaning.money, column)) {
      const by = meaning.outWhenFalse?.[column];
      const sign = by !== undefined && item[by] === false ? -1 : 1;
      return { t: 'n', v: (sign * Math.round(Number(value) * 100)) / 100, z: FORMATS.money };
    }
    if (has(meaning.percent, column)) return { t: 'n', v: Number(value) / 100, z: FORMATS.percent };
    if (has(meaning.decimal, column)) return { t: 'n', v: Number(value), z: '#,##0.00' };
    if (has(meaning.date, column)) return { t: 'n', v: excelDay(String(value)), z: FORMATS.date };
    if (has(meaning.datetime, column))
      return { t: 'n', v: excelMexicoCityTime(String(value)), z: FORMATS.datetime };
    return plain(value);
  });
}

/** Every row of the sheet is the matching list item's cells (matched by the first column). */
export function expectRowsMatch(
  read: ReadSheet,
  list: readonly Readonly<Record<string, unknown>>[],
  columns: ExportColumns,
  meaning: ColumnMeaning,
): void {
  expect(read.rows).toHaveLength(list.length);
  const key = columns.header[0]!;
  const byKey = new Map(list.map((item) => [item[key], item]));
  for (const row of read.rows) {
    const item = byKey.get(row[0]?.v);
    expect(item, `row ${String(row[0]?.v)}`).toBeDefined();
    const expected = expectedCells(item!, columns, meaning);
    row.forEach((cell, c) => {
      const want = expected[c];
      const where = `${key} ${String(row[0]?.v)} ${read.header[c]}`;
      if (want?.t === 'n' && cell?.t === 'n' && typeof want.v === 'number') {
        // Serials of times are fractions of a day: equal to the second.
        expect(cell.z, where).toBe(want.z);
        expect(Number(cell.v), where).toBeCloseTo(want.v, 6);
      } else {
        expect(cell, where).toEqual(want);
      }
    });
  }
}

/** Spanish labels of the codes the exports carry (locales/es.json, spec wording). */
export const ES = {
  memberStatuses: { AC: 'Activo', NP: 'No participa', BA: 'Inactivo' },
  genders: { MA: 'Masculino', FE: 'Femenino' },
  processes: { CF: 'Café', MI: 'Miel', JA: 'Jabones', SL: 'Salarios' },
  creditTypes: { MC: 'Microcrédito', CP: 'Crédito productivo', FC: 'Fondo común' },
  rateTypes: { FI: 'Fija', VA: 'Variable' },
  contractStatuses: {
    PA: 'Pagado',
    VE: 'Vencido',
    VI: 'Vigente',
    DP: '-',
    CO: 'Cobrado',
    PC: 'Por cobrar',
    CA: 'Cancelado',
    CN: 'Condonado',
  },
  executionStatuses: { CO: 'Cobrado', PC: 'Por cobrar', CA: 'Cancelado' },
  movementTypes: { EF: 'Efectivo', BA: 'Banco', TR: 'Transferencia' },
} as const;

const memberStatus = ES.memberStatuses;

/** GET /sociosXLSX/: the three dates, the five area statuses and the gender. */
export const MEMBER_MEANING: ColumnMeaning = {
  date: ['fecha_nacimiento', 'fecha_ingr_yomol_atel', 'fecha_ingr_programa'],
  // Participation in each area: a word a person reads, never TRUE/FALSE.
  flags: {
    cafe: ['Sí', 'No'],
    miel: ['Sí', 'No'],
    yip: ['Sí', 'No'],
    trabajador: ['Sí', 'No'],
    comonSit: ['Sí', 'No'],
  },
  labels: {
    estatus_cafe: memberStatus,
    estatus_miel: memberStatus,
    estatus_yip: memberStatus,
    estatus_trabajador: memberStatus,
    estatus_comonSit: memberStatus,
    genero: ES.genders,
  },
};

/** GET /comunidadesXLSX/ and /ermitasXLSX/: ids and texts only. */
export const PLAIN_MEANING: ColumnMeaning = {};

/** GET /contratosXLSX/ (docs/business-rules.md#contracts: tasa and tasa_moratoria are monthly %). */
export const CONTRACT_MEANING: ColumnMeaning = {
  money: [
    'monto',
    'pagado',
    'capital_por_pagar',
    'interes_ordinario_deuda',
    'interes_moratorio_deuda',
    'total_deuda',
  ],
  percent: ['tasa', 'tasa_moratoria'],
  date: ['fecha_inicio', 'fecha_vencimiento', 'fecha_banco'],
  labels: {
    proceso: ES.processes,
    tipo_credito: ES.creditTypes,
    tipo_tasa: ES.rateTypes,
    estatus: ES.contractStatuses,
    estatus_ejecucion: ES.executionStatuses,
  },
};

/** GET /pagosXLSX/. */
export const PAYMENT_MEANING: ColumnMeaning = {
  money: [
    'cantidad',
    'abono_capital',
    'interes_ord',
    'interes_mor',
    'deuda_prev_total',
    'deuda_prev_capital',
    'deuda_prev_int_ord',
    'deuda_prev_int_mor',
  ],
  date: ['fecha_pago', 'fecha_banco'],
  labels: { tipo: ES.creditTypes, estatus_previo: ES.contractStatuses },
};

/** GET /movimientos-conc-xlsx/. */
export const MOVEMENT_MEANING: ColumnMeaning = {
  money: ['monto'],
  // A withdrawal takes savings out: negative, so the column sums to what the members hold.
  outWhenFalse: { monto: 'aportacion' },
  flags: { aportacion: ['Aportación', 'Retiro'], ordinario: ['Ordinario', 'Extraordinario'] },
  date: ['fecha_entrega', 'fecha_banco'],
  labels: { proceso: ES.processes, tipo_de_movimiento: ES.movementTypes },
};

/** GET /acopiosXLSX/: income in pesos, kilos a decimal quantity. */
export const ACOPIO_MEANING: ColumnMeaning = {
  money: ['ingreso'],
  decimal: ['kilos_de_producto'],
  date: ['fecha'],
  labels: { tipo_de_producto: ES.processes },
};

/** GET /registros-contables-xlsx/: the capture instant as the office's clock time. */
export const RECORD_MEANING: ColumnMeaning = {
  money: ['cantidad'],
  // An expense takes money out of the account: negative, so the column sums to the net.
  outWhenFalse: { cantidad: 'ingr_egr' },
  flags: { ingr_egr: ['Ingreso', 'Egreso'] },
  date: ['fecha'],
  datetime: ['fecha_captura'],
};
