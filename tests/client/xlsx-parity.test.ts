/**
 * The phone's offline spreadsheets and the server's are the same file for the same rows
 *: both write the sheet of #domain/sheet, so the cells, their types and formats,
 * the label columns, the widths, the filter and the frozen header row must all agree. Built
 * here from fixture rows of the payments, movements and contracts tables.
 */
import { describe, expect, it } from 'vitest';
import { CONTRACT_SHEET, PAYMENT_SHEET } from '#domain/credit-shapes';
import { MOVEMENT_SHEET } from '#domain/delivery-shapes';
import type { CodeLabeler } from '#domain/sheet';
import { buildXlsx } from '#server/xlsx/workbook';
import { xlsxBytes } from '#ui/xlsx-export.ts';
import { excelDay, FORMATS, readSheet } from '#tests/helpers/xlsx-cells';

const LABELS: Record<string, string> = {
  CF: 'Café',
  MI: 'Miel',
  MC: 'Microcrédito',
  VI: 'Vigente',
  DP: '-',
  CO: 'Cobrado',
  FI: 'Fija',
  BA: 'Banco',
  A: 'Aportación',
  R: 'Retiro',
};
const label: CodeLabeler = (_list, code) => LABELS[String(code)] ?? String(code);

const member = {
  clave_socio: 6,
  nombres: 'Pedro López Cruz',
  region: 1,
  nombre_region: 'Región 1',
};

const payments = [
  {
    ...member,
    id: 31,
    credito: 12,
    tipo: 'MC',
    fecha_pago: '2025-02-28',
    cantidad: '1250.50',
    abono_capital: '1000.00',
    interes_ord: '240.50',
    interes_mor: '10.00',
    estatus_previo: 'VI',
    deuda_prev_total: '5000.00',
    deuda_prev_capital: '4800.00',
    deuda_prev_int_ord: '190.00',
    deuda_prev_int_mor: '10.00',
    fecha_banco: null,
    referencia_banco: null,
    nombre_autor: 'Ana Gómez',
    recibo: 'R-000031',
    recibo_codigo: 'ABCD-1234',
  },
];

const MOVEMENT_9 = {
  id: 9,
  clave_socio: 6,
  nombre_socio: 'Pedro López Cruz',
  region: 1,
  nombre_region: 'Región 1',
  comunidad: 7,
  nombre_comunidad: 'Bachajón',
  fecha_entrega: '2024-12-31',
  monto: '300.00',
  proceso: 'MI',
  aportacion: true,
  ordinario: false,
  tipo_de_movimiento: 'BA',
  fecha_banco: '2025-01-02',
  referencia_banco: 'REF123',
  responsable_entrega: '',
  recibo: null,
  recibo_codigo: null,
};

const movements = [MOVEMENT_9, { ...MOVEMENT_9, id: 10, monto: '120.00', aportacion: false }];

const contracts = [
  {
    ...member,
    id: 12,
    comunidad: 7,
    nombre_comunidad: 'Bachajón',
    proceso: 'CF',
    tipo_credito: 'MC',
    fecha_inicio: '2025-01-15',
    fecha_vencimiento: '2025-07-15',
    plazo_disp: '6+2',
    tasa: '1.5000',
    tasa_moratoria: '3.0000',
    tipo_tasa: 'FI',
    estatus: 'DP',
    estatus_ejecucion: 'CO',
    monto: '4000.00',
    pagado: 1250.5,
    capital_por_pagar: 3000,
    interes_ordinario_deuda: 12.345,
    interes_moratorio_deuda: 0,
    total_deuda: 3012.35,
    dias_vida: 44,
    dias_cartera_vigente: 44,
    dias_vencidos: 0,
    fecha_banco: null,
    referencia_banco: null,
  },
];

async function bothFiles<T extends object, K extends keyof T & string>(
  spec: Parameters<typeof buildXlsx<T, K>>[0],
  rows: readonly T[],
) {
  const server = buildXlsx(spec, rows, { label });
  const phone = await xlsxBytes(spec, rows, label);
  return { server: readSheet(new Uint8Array(server)), phone: readSheet(phone) };
}

describe('phone and server spreadsheets', () => {
  it('payments: the same typed cells, widths, filter and frozen header', async () => {
    const { server, phone } = await bothFiles(PAYMENT_SHEET, payments);
    expect(phone.header).toEqual(server.header);
    expect(phone.rows).toEqual(server.rows);
    expect(phone.sheet['!cols']).toEqual(server.sheet['!cols']);
    expect(phone.sheet['!autofilter']).toEqual(server.sheet['!autofilter']);
    expect(phone.sheetXml).toBe(server.sheetXml);
    const cell = (name: string) => phone.rows[0]![phone.header.indexOf(name)];
    expect(cell('cantidad')).toEqual({ t: 'n', v: 1250.5, z: FORMATS.money });
    expect(cell('fecha_pago')).toEqual({ t: 'n', v: excelDay('2025-02-28'), z: FORMATS.date });
    expect(cell('tipo_etiqueta')).toEqual({ t: 's', v: 'Microcrédito' });
    expect(cell('estatus_previo_etiqueta')).toEqual({ t: 's', v: 'Vigente' });
    expect(cell('fecha_banco')).toBeUndefined();
  });

  it('movements: the same cells; contribution or withdrawal by name, withdrawals negative', async () => {
    const { server, phone } = await bothFiles(MOVEMENT_SHEET, movements);
    expect(phone.rows).toEqual(server.rows);
    expect(phone.sheetXml).toBe(server.sheetXml);
    const cell = (name: string, row = 0) => phone.rows[row]![phone.header.indexOf(name)];
    expect(cell('monto')).toEqual({ t: 'n', v: 300, z: FORMATS.money });
    expect(cell('aportacion')).toEqual({ t: 's', v: 'Aportación' });
    expect(cell('monto', 1)).toEqual({ t: 'n', v: -120, z: FORMATS.money });
    expect(cell('aportacion', 1)).toEqual({ t: 's', v: 'Retiro' });
    // The column's sum is what the member keeps: 300 in, 120 out.
    const sum = phone.rows.reduce((total, _row, r) => total + Number(cell('monto', r)?.v), 0);
    expect(sum).toBe(180);
    expect(cell('proceso_etiqueta')).toEqual({ t: 's', v: 'Miel' });
    expect(cell('tipo_de_movimiento_etiqueta')).toEqual({ t: 's', v: 'Banco' });
  });

  it('contracts: money in pesos (rounded to cents), monthly rates as percentages', async () => {
    const { server, phone } = await bothFiles(CONTRACT_SHEET, contracts);
    expect(phone.rows).toEqual(server.rows);
    expect(phone.sheetXml).toBe(server.sheetXml);
    const cell = (name: string) => phone.rows[0]![phone.header.indexOf(name)];
    expect(cell('monto')).toEqual({ t: 'n', v: 4000, z: FORMATS.money });
    expect(cell('interes_ordinario_deuda')).toEqual({ t: 'n', v: 12.35, z: FORMATS.money });
    expect(cell('tasa')).toEqual({ t: 'n', v: 0.015, z: FORMATS.percent });
    expect(cell('tasa_moratoria')).toEqual({ t: 'n', v: 0.03, z: FORMATS.percent });
    expect(cell('plazo_disp')).toEqual({ t: 's', v: '6+2' });
    expect(cell('estatus_ejecucion_etiqueta')).toEqual({ t: 's', v: 'Cobrado' });
    expect(cell('dias_vida')).toEqual({ t: 'n', v: 44, z: FORMATS.integer });
  });
});
