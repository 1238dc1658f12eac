/**
 * The typed sheet of the exports: every kind of column written as the cells a
 * spreadsheet computes with, the label beside each code, the table's filter and widths, and
 * the frozen header row. Expected serials and formats are written out here, not read from
 * the module.
 */
import { describe, expect, it } from 'vitest';
import {
  BOOLEAN,
  code,
  columnLetters,
  DATE,
  DATETIME,
  DECIMAL,
  defineSheet,
  excelDateSerial,
  freezeHeaderRowXml,
  INTEGER,
  MONEY,
  PERCENT,
  TEXT,
  worksheetOf,
  type CodeLabeler,
} from '#domain/sheet';

const LABELS: Record<string, string> = { CF: 'Café', VI: 'Vigente', AC: 'Activo' };
const label: CodeLabeler = (_list, value) => LABELS[String(value)] ?? `?${String(value)}`;

interface Row {
  id: number;
  monto: string | number | null;
  tasa: string;
  kilos: string | null;
  fecha: string | null;
  capturado: string;
  pagado: boolean;
  proceso: string;
  estatus: string | null;
  nombre: string;
  ubicacion: number[] | null;
}

const COLUMNS = [
  'id',
  'monto',
  'tasa',
  'kilos',
  'fecha',
  'capturado',
  'pagado',
  'proceso',
  'estatus',
  'nombre',
  'ubicacion',
] as const;

const SHEET = defineSheet('Prueba', COLUMNS, {
  id: INTEGER,
  monto: MONEY,
  tasa: PERCENT,
  kilos: DECIMAL,
  fecha: DATE,
  capturado: DATETIME,
  pagado: BOOLEAN,
  proceso: code('processes'),
  estatus: code('contractStatuses'),
  nombre: TEXT,
  ubicacion: TEXT,
});

const rows: Row[] = [
  {
    id: 7,
    monto: '4000.00',
    tasa: '1.5000',
    kilos: '12.50',
    fecha: '2012-07-03',
    // 18:30 UTC is 12:30 in Mexico City (UTC-6, no daylight saving since 2022).
    capturado: '2025-03-10T18:30:00.000Z',
    pagado: true,
    proceso: 'CF',
    estatus: 'VI',
    nombre: '=HYPERLINK("http://x")',
    ubicacion: [17.1, -92.05],
  },
  {
    id: 8,
    monto: 1234567.891,
    tasa: '2',
    kilos: null,
    fecha: null,
    capturado: 'no es fecha',
    pagado: false,
    proceso: 'XX',
    estatus: null,
    nombre: 'Juana Gómez Cruz',
    ubicacion: null,
  },
];

const sheet = worksheetOf(SHEET, rows, { label, timeZone: 'America/Mexico_City' });

describe('worksheetOf', () => {
  it('writes the header row with a label column after each code', () => {
    const header = Object.entries(sheet)
      .filter(([address]) => /^[A-Z]+1$/.test(address))
      .map(([, cell]) => (typeof cell === 'object' && 'v' in cell ? cell.v : null));
    expect(header).toEqual([
      'id',
      'monto',
      'tasa',
      'kilos',
      'fecha',
      'capturado',
      'pagado',
      'proceso',
      'proceso_etiqueta',
      'estatus',
      'estatus_etiqueta',
      'nombre',
      'ubicacion',
    ]);
    expect(sheet['!ref']).toBe('A1:M3');
    expect(sheet['!autofilter']).toEqual({ ref: 'A1:M3' });
  });

  it('types each kind: money in pesos, rates as fractions, dates as serials', () => {
    expect(sheet.A2).toEqual({ t: 'n', v: 7, z: '0' });
    expect(sheet.B2).toEqual({ t: 'n', v: 4000, z: '"$"#,##0.00' });
    expect(sheet.C2).toEqual({ t: 'n', v: 0.015, z: '0.00##%' });
    expect(sheet.D2).toEqual({ t: 'n', v: 12.5, z: '#,##0.00' });
    // 2012-07-03 is day 41093 of Excel's 1900 system.
    expect(sheet.E2).toEqual({ t: 'n', v: 41093, z: 'yyyy-mm-dd' });
    // 2025-03-10 is day 45726; 12:30 is 0.5208333… of a day.
    expect(sheet.F2).toMatchObject({ t: 'n', z: 'yyyy-mm-dd hh:mm' });
    const captured = sheet.F2;
    expect(typeof captured === 'object' && 'v' in captured ? captured.v : null).toBeCloseTo(
      45726 + 12.5 / 24,
      9,
    );
    expect(sheet.G2).toEqual({ t: 'b', v: true });
    expect([sheet.H2, sheet.I2, sheet.J2, sheet.K2]).toEqual([
      { t: 's', v: 'CF' },
      { t: 's', v: 'Café' },
      { t: 's', v: 'VI' },
      { t: 's', v: 'Vigente' },
    ]);
    // A text that looks like a formula stays text; a list is joined.
    expect(sheet.L2).toEqual({ t: 's', v: '=HYPERLINK("http://x")' });
    expect(sheet.M2).toEqual({ t: 's', v: '17.1, -92.05' });
  });

  it('leaves empty values empty, rounds pesos to cents and keeps unreadable values as text', () => {
    expect(sheet.B3).toEqual({ t: 'n', v: 1234567.89, z: '"$"#,##0.00' });
    expect(sheet.C3).toEqual({ t: 'n', v: 0.02, z: '0.00##%' });
    expect(sheet.D3).toBeUndefined();
    expect(sheet.E3).toBeUndefined();
    expect(sheet.F3).toEqual({ t: 's', v: 'no es fecha' });
    expect(sheet.G3).toEqual({ t: 'b', v: false });
    // A value outside its code list keeps the value and gets no label.
    expect(sheet.H3).toEqual({ t: 's', v: 'XX' });
    expect(sheet.I3).toBeUndefined();
    expect(sheet.J3).toBeUndefined();
    expect(sheet.K3).toBeUndefined();
    expect(sheet.M3).toBeUndefined();
  });

  it('sizes each column to its widest cell, within 6 and 50 characters', () => {
    const widths = sheet['!cols'].map((c) => c.wch);
    expect(widths).toHaveLength(13);
    // "id" is 2 wide: the minimum.
    expect(widths[0]).toBe(6);
    // "$1,234,567.89" is 13 wide, plus a margin of 2.
    expect(widths[1]).toBe(15);
    // The formula-like name is 22 wide.
    expect(widths[11]).toBe(24);
    const long = worksheetOf(SHEET, [{ ...rows[1]!, nombre: 'x'.repeat(200) }], { label });
    expect(long['!cols'][11]).toEqual({ wch: 50 });
  });

  it('an empty list is its header row alone, still filterable', () => {
    const empty = worksheetOf(SHEET, [], { label });
    expect(empty['!ref']).toBe('A1:M1');
    expect(empty.A2).toBeUndefined();
  });
});

describe('helpers', () => {
  it('numbers dates the way Excel does', () => {
    expect(excelDateSerial('1900-03-01')).toBe(61);
    expect(excelDateSerial('2000-01-01')).toBe(36526);
  });

  it('names columns A…Z, AA…', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'ZZ',
      'AAA',
    ]);
  });

  it('freezes the header row inside the written sheet view', () => {
    const xml =
      '<worksheet><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetData/></worksheet>';
    expect(freezeHeaderRowXml(xml)).toBe(
      '<worksheet><sheetViews><sheetView workbookViewId="0">' +
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
        '</sheetView></sheetViews><sheetData/></worksheet>',
    );
    expect(() => freezeHeaderRowXml('<worksheet><sheetData/></worksheet>')).toThrow();
  });
});
