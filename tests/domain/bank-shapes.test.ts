/**
 * The bank answers' one definition (#domain/bank-shapes): the server's balance rows carry exact
 * numbers, while the phone reads a figure that is not a number as null (its table shows ERR);
 * the record's relation is one of the six the books know.
 */
import { describe, expect, it } from 'vitest';
import {
  accountingRecordSchema,
  bankBalanceSchema,
  bankBalanceSchemaOf,
  readFigure,
} from '#domain/bank-shapes';

const row = {
  id: 2,
  nombre_banco: 'BBVA',
  nombre_cuenta: 'Microcrédito',
  numero_cuenta: '2',
  tot_ingresos_prev: 1000,
  tot_egresos_prev: '250.50',
  tot_ingresos: null,
  tot_egresos: 'abc',
};

describe('bank shapes', () => {
  it('the phone reads numbers and numeric text, and null for anything else', () => {
    expect(bankBalanceSchemaOf(readFigure).parse(row)).toEqual({
      ...row,
      tot_egresos_prev: 250.5,
      tot_ingresos: null,
      tot_egresos: null,
    });
  });

  it('the server answers numbers only', () => {
    expect(bankBalanceSchema.safeParse(row).success).toBe(false);
    const exact = { ...row, tot_egresos_prev: 250.5, tot_ingresos: 0, tot_egresos: 12.25 };
    expect(bankBalanceSchema.parse(exact)).toEqual(exact);
  });

  it('a record names one of the known relations, or none', () => {
    const record = {
      id: 77,
      fecha: '2026-01-09',
      referencia: 'Crédito #512 - Socio 12',
      referencia_banco: 'PAGO1',
      referencia_alf: null,
      fecha_captura: '2026-01-09T16:30:00.000Z',
      usuario: 'Luis Pérez',
      movimiento_banco: 4,
      subcuenta_id: 3,
      subcuenta_id_cont: '1103-01',
      subcuenta_nombre: 'Abono a capital vigente productores',
      banco_cuenta: 'Microcrédito',
      banco_nombre: 'BBVA',
      relacion_sistema: 'CAPITAL',
      cantidad: '300.00',
      ingr_egr: true,
      aport_retiro: null,
      pago: 21,
      ej_credito: null,
    };
    expect(accountingRecordSchema.parse(record).relacion_sistema).toBe('CAPITAL');
    expect(
      accountingRecordSchema.parse({ ...record, relacion_sistema: null }).relacion_sistema,
    ).toBe(null);
    expect(accountingRecordSchema.safeParse({ ...record, relacion_sistema: 'OTRO' }).success).toBe(
      false,
    );
  });
});
