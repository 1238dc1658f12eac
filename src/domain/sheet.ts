/**
 * Spreadsheets people can compute with: ONE typed description per export (each
 * column's kind) turned into the worksheet both the server's …XLSX endpoints and the phone's
 * offline export write, so the two files hold the same cells for the same rows.
 *
 * The worksheet is a plain object in SheetJS's documented cell shape ({t, v, z} per address,
 * '!ref', '!cols', '!autofilter'): this module stays free of the library, the callers only
 * append it to a workbook. Money is a number in pesos with a currency format, a rate in
 * percent is its fraction with a percent format, dates are Excel date serials with a date
 * format, and a code column is followed by a "<column>_etiqueta" column with its label.
 */
import { CODE_LISTS, isCode, type CodeListName, type CodeOf } from './codes';
import { dateTimeFormatOf } from './intl-formats';
import { MS_PER_DAY } from './constants';
import { DEFAULT_TIME_ZONE, isIsoDate } from './dates';
import { parseMoney } from './money';

/** What a column holds, and so how its cells are typed and formatted. */
export type ColumnKind =
  /**
   * An amount in pesos (stored decimal "1040.50" or a number of pesos); with `negativeWhen`,
   * written negative on the rows whose flag `key` is `is` (a withdrawal, an expense), so the
   * column's sum is the net and never adds money going out to money coming in.
   */
  | { kind: 'money'; negativeWhen?: { key: string; is: boolean } }
  /** A rate written in percent ("1.5000" = 1.5 %): the cell holds 0.015 with a % format. */
  | { kind: 'percent' }
  /** A whole number (ids, days, counts). */
  | { kind: 'integer' }
  /** A decimal quantity that is not money (kilos). */
  | { kind: 'decimal' }
  /** A calendar date 'YYYY-MM-DD'. */
  | { kind: 'date' }
  /** A month 'YYYY-MM': its first day, shown as the month, so it sorts and groups as a date. */
  | { kind: 'month' }
  /** An instant (ISO timestamp), shown as the wall-clock time of the sheet's time zone. */
  | { kind: 'datetime' }
  | { kind: 'boolean' }
  /** Text; a list is joined with ", " and anything else structured is written as JSON. */
  | { kind: 'text' }
  /** A code of one of the code lists: the code, then its label in the next column. */
  | { kind: 'code'; list: CodeListName }
  /** A yes/no stored as a boolean, written as the label of its meaning ("Ingreso"/"Egreso"). */
  | { kind: 'flag'; list: CodeListName; yes: string | number; no: string | number };

export const MONEY: ColumnKind = { kind: 'money' };
export const PERCENT: ColumnKind = { kind: 'percent' };
export const INTEGER: ColumnKind = { kind: 'integer' };
export const DECIMAL: ColumnKind = { kind: 'decimal' };
export const DATE: ColumnKind = { kind: 'date' };
export const MONTH: ColumnKind = { kind: 'month' };
export const DATETIME: ColumnKind = { kind: 'datetime' };
export const BOOLEAN: ColumnKind = { kind: 'boolean' };
export const TEXT: ColumnKind = { kind: 'text' };
export const code = (list: CodeListName): ColumnKind => ({ kind: 'code', list });
/** A boolean written as the label of code `yes` (true) or `no` (false) of `list`. */
export const flag = <L extends CodeListName>(
  list: L,
  yes: CodeOf<L>,
  no: CodeOf<L>,
): ColumnKind => ({
  kind: 'flag',
  list,
  yes,
  no,
});
/** Money written negative where the row's flag `key` is `is` (see ColumnKind). */
export const signedMoney = (key: string, is: boolean): ColumnKind => ({
  kind: 'money',
  negativeWhen: { key, is },
});

/** Number formats of the typed cells (Excel format codes). */
export const SHEET_FORMATS = {
  money: '"$"#,##0.00',
  percent: '0.00##%',
  integer: '0',
  decimal: '#,##0.00',
  date: 'yyyy-mm-dd',
  month: 'yyyy-mm',
  datetime: 'yyyy-mm-dd hh:mm',
} as const;

/** Suffix of the header of the label column written after each code column. */
export const LABEL_SUFFIX = '_etiqueta';

export interface SheetColumn<K extends string> {
  key: K;
  type: ColumnKind;
}

/** One export: its sheet name and its columns, in the order the list shows them. */
export interface SheetSpec<K extends string> {
  sheet: string;
  columns: readonly SheetColumn<K>[];
}

/**
 * An export's description from the list's column order and a kind for every column (the
 * record type makes a forgotten column a compile error).
 */
export function defineSheet<K extends string>(
  sheet: string,
  order: readonly K[],
  kinds: Readonly<Record<K, ColumnKind>>,
): SheetSpec<K> {
  return { sheet, columns: order.map((key) => ({ key, type: kinds[key] })) };
}

/** The label of a code, in the reader's language (the server's translator, the phone's t). */
export type CodeLabeler = <L extends CodeListName>(list: L, code: CodeOf<L>) => string;

/** Every label a sheet's code and flag columns can write, by code list: a labeler as data. */
export type LabelTable = Partial<Record<CodeListName, Record<string, string>>>;

/**
 * The labels `spec` can need, read once through `label`: a function cannot cross to a worker,
 * a table can.
 */
export function labelTableOf<K extends string>(spec: SheetSpec<K>, label: CodeLabeler): LabelTable {
  const table: LabelTable = {};
  for (const column of spec.columns) {
    if (column.type.kind !== 'code' && column.type.kind !== 'flag') continue;
    const list = column.type.list;
    if (table[list]) continue;
    const codes: readonly CodeOf<typeof list>[] = CODE_LISTS[list];
    table[list] = Object.fromEntries(codes.map((c) => [String(c), label(list, c)]));
  }
  return table;
}

/** The labeler of a table made by `labelTableOf` (a code it lacks reads as the code). */
export function labelerOf(table: LabelTable): CodeLabeler {
  return (list, code) => table[list]?.[String(code)] ?? String(code);
}

/**
 * The row as the sheet reads it: only the columns of `spec` (and the flags its signed amounts
 * look at), as a plain object — a row read through getters becomes data a worker can receive.
 */
export function sheetRowOf<K extends string>(
  spec: SheetSpec<K>,
  row: object,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of spec.columns) {
    out[column.key] = Reflect.get(row, column.key);
    if (column.type.kind === 'money' && column.type.negativeWhen) {
      const flagKey = column.type.negativeWhen.key;
      out[flagKey] = Reflect.get(row, flagKey);
    }
  }
  return out;
}

export interface SheetOptions {
  label: CodeLabeler;
  /** Zone of the wall-clock times of datetime columns (the cooperative's by default). */
  timeZone?: string;
}

export type SheetCell =
  { t: 's'; v: string } | { t: 'n'; v: number; z?: string } | { t: 'b'; v: boolean };

export interface ColumnWidth {
  wch: number;
}

/** A worksheet in SheetJS's object shape: typed cells by address plus the sheet's settings. */
export interface Worksheet {
  [address: string]: SheetCell | string | ColumnWidth[] | { ref: string };
  '!ref': string;
  '!cols': ColumnWidth[];
  '!autofilter': { ref: string };
}

/** The header row's texts: each column's key, a code column followed by its label column. */
export function sheetHeader<K extends string>(spec: SheetSpec<K>): string[] {
  return spec.columns.flatMap((c) =>
    c.type.kind === 'code' ? [c.key, `${c.key}${LABEL_SUFFIX}`] : [c.key],
  );
}

// Day 0 of Excel's 1900 date system (its serials count days from 1899-12-30).
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** Excel's serial of a calendar date (UTC midnights: no device zone can shift the day). */
export function excelDateSerial(iso: string): number {
  // A part missing is NaN, as Date.UTC makes of it anyway.
  const [y = NaN, m = NaN, d = NaN] = iso.split('-').map(Number);
  return (Date.UTC(y, m - 1, d) - EXCEL_EPOCH_MS) / MS_PER_DAY;
}

/** Excel's serial of an instant as the wall-clock time of `timeZone`; null if no instant. */
export function excelDateTimeSerial(instant: string, timeZone: string): number | null {
  const when = new Date(instant);
  if (Number.isNaN(when.getTime())) return null;
  const parts = dateTimeFormatOf('date-time-seconds', timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(when);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return (wall - EXCEL_EPOCH_MS) / MS_PER_DAY;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((item) => textOf(item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function numberOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return value !== '' && Number.isFinite(n) ? n : null;
}

function pesosOf(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
  if (typeof value !== 'string') return null;
  const cents = parseMoney(value);
  return cents === null ? null : cents / 100;
}

const numberCell = (v: number, z: string): SheetCell => ({ t: 'n', v, z });

/**
 * The typed cell of a value, or null for an empty one. A value that does not fit its kind is
 * written as text rather than dropped, so the file never loses what the list shows.
 */
function typedCell(value: unknown, type: ColumnKind, timeZone: string): SheetCell | null {
  if (value === null || value === undefined) return null;
  const asText: SheetCell = { t: 's', v: textOf(value) };
  // An empty text stays the list's empty text; an empty number or date is an empty cell.
  if (value === '') return type.kind === 'text' || type.kind === 'code' ? asText : null;
  switch (type.kind) {
    case 'money': {
      const pesos = pesosOf(value);
      return pesos === null ? asText : numberCell(pesos, SHEET_FORMATS.money);
    }
    case 'percent': {
      const n = numberOf(value);
      // Rounded so 1.5 % is 0.015, not 0.015000000000000001.
      return n === null ? asText : numberCell(Number((n / 100).toFixed(10)), SHEET_FORMATS.percent);
    }
    case 'integer':
    case 'decimal': {
      const n = numberOf(value);
      return n === null ? asText : numberCell(n, SHEET_FORMATS[type.kind]);
    }
    case 'date':
      return isIsoDate(value) ? numberCell(excelDateSerial(value), SHEET_FORMATS.date) : asText;
    case 'month': {
      const first = `${textOf(value)}-01`;
      return isIsoDate(first) ? numberCell(excelDateSerial(first), SHEET_FORMATS.month) : asText;
    }
    case 'datetime': {
      const serial = typeof value === 'string' ? excelDateTimeSerial(value, timeZone) : null;
      return serial === null ? asText : numberCell(serial, SHEET_FORMATS.datetime);
    }
    case 'boolean':
      return typeof value === 'boolean' ? { t: 'b', v: value } : asText;
    case 'text':
    case 'code':
    case 'flag':
      return asText;
  }
}

/** The cell of `value` in `column` of `row`: its typed cell, a flag's label, a signed amount. */
function cellOf(
  row: object,
  value: unknown,
  type: ColumnKind,
  options: SheetOptions,
  timeZone: string,
): SheetCell | null {
  if (type.kind === 'flag' && typeof value === 'boolean') {
    const meaning = value ? type.yes : type.no;
    const label = isCode(type.list, meaning) ? options.label(type.list, meaning) : '';
    return label ? { t: 's', v: label } : null;
  }
  const cell = typedCell(value, type, timeZone);
  if (type.kind !== 'money' || !type.negativeWhen || cell?.t !== 'n') return cell;
  const flagValue: unknown = Reflect.get(row, type.negativeWhen.key);
  return flagValue === type.negativeWhen.is && cell.v !== 0 ? { ...cell, v: -cell.v } : cell;
}

/** How wide a cell shows, in characters (for the column widths). */
function shownLength(cell: SheetCell | null, type: ColumnKind): number {
  if (cell === null) return 0;
  if (cell.t === 's') return cell.v.length;
  if (cell.t === 'b') return 5;
  switch (type.kind) {
    case 'money':
    case 'decimal': {
      const whole = Math.trunc(Math.abs(cell.v)).toString().length;
      return whole + Math.floor((whole - 1) / 3) + 4;
    }
    case 'percent':
      return 8;
    case 'date':
      return 10;
    case 'month':
      return 7;
    case 'datetime':
      return 16;
    default:
      return String(cell.v).length;
  }
}

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

const MIN_WIDTH = 6;
const MAX_WIDTH = 50;

/**
 * The worksheet of `rows`: the header row, one typed row per item, an autofilter over the
 * table and each column as wide as its widest cell (within bounds). The header row is frozen
 * by `freezeHeaderRowXml` once the file is written (SheetJS CE does not write panes).
 */
export function worksheetOf<T extends object, K extends keyof T & string>(
  spec: SheetSpec<K>,
  rows: readonly T[],
  options: SheetOptions,
): Worksheet {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const header = sheetHeader(spec);
  const widths = header.map((h) => h.length);
  const table: (SheetCell | null)[][] = rows.map((row) =>
    spec.columns.flatMap((column) => {
      const value: unknown = row[column.key];
      const cell = cellOf(row, value, column.type, options, timeZone);
      if (column.type.kind !== 'code') return [cell];
      const label = isCode(column.type.list, value) ? options.label(column.type.list, value) : '';
      return [cell, label ? { t: 's', v: label } : null];
    }),
  );
  const lastColumn = columnLetters(header.length - 1);
  const ref = `A1:${lastColumn}${rows.length + 1}`;
  const sheet: Worksheet = {
    '!ref': ref,
    '!cols': [],
    '!autofilter': { ref },
  };
  header.forEach((text, c) => {
    sheet[`${columnLetters(c)}1`] = { t: 's', v: text };
  });
  const kinds = spec.columns.flatMap((c) => (c.type.kind === 'code' ? [c.type, TEXT] : [c.type]));
  table.forEach((cells, r) => {
    cells.forEach((cell, c) => {
      if (cell === null) return;
      sheet[`${columnLetters(c)}${r + 2}`] = cell;
      widths[c] = Math.max(widths[c] ?? 0, shownLength(cell, kinds[c] ?? TEXT));
    });
  });
  sheet['!cols'] = widths.map((w) => ({ wch: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w + 2)) }));
  return sheet;
}

/** Where the first (only) sheet of an exported workbook is in the .xlsx container. */
export const FIRST_SHEET_PATH = 'xl/worksheets/sheet1.xml';

const FROZEN_HEADER_PANE =
  '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
  '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>';

/**
 * The sheet's XML with its header row frozen: SheetJS CE writes an empty `<sheetView …/>` and
 * no panes, so the pane is put in after writing. Throws when the view is not where a written
 * sheet has it (a library change must fail loudly, not ship unfrozen files).
 */
export function freezeHeaderRowXml(sheetXml: string): string {
  const view = /<sheetView\b([^>]*?)\/>/.exec(sheetXml);
  if (!view) throw new Error('No empty <sheetView/> in the written sheet');
  return (
    sheetXml.slice(0, view.index) +
    `<sheetView${view[1]}>${FROZEN_HEADER_PANE}</sheetView>` +
    sheetXml.slice(view.index + view[0].length)
  );
}
