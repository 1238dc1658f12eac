import { describe, expect, it } from 'vitest';
import { debtLookupSchema, paymentSchema } from '#domain/forms/payment';
import { activationSchema } from '#domain/forms/activation';
import { waiverSchema } from '#domain/forms/waiver';
import { extensionSchema } from '#domain/forms/extension';
import { movementSchema } from '#domain/forms/movement';
import { bankDataEditSchema } from '#domain/forms/bank-data-edit';
import { acopioSchema, averagePriceCents } from '#domain/forms/acopio';
import {
  bankMovementSchema,
  referenceWarnings,
  selectionSumMatches,
} from '#domain/forms/bank-movement';
import { dateRangeSchema } from '#domain/forms/date-range';
import { errorsOf, fieldError, parseOk, spanish } from './helpers';

const today = '2026-11-21';

describe('payment', () => {
  const schema = paymentSchema({ today });
  const valid = {
    credito: '7',
    fecha_pago: '2026-11-21',
    abono_capital: '1000',
    interes_ord: '40.5',
    interes_mor: '0',
    fecha_banco: '',
    referencia_banco: '',
  };
  it('computes the amount as the sum of the parts, in cents', () => {
    expect(parseOk(schema, valid)).toEqual({
      credito: 7,
      fecha_pago: '2026-11-21',
      cantidad: 104050,
      abono_capital: 100000,
      interes_ord: 4050,
      interes_mor: 0,
      fecha_banco: null,
      referencia_banco: null,
      // An office capture carries no phone receipt.
      recibo: null,
      recibo_codigo: null,
      recibo_reemplaza: null,
    });
  });
  it('an amount of 0 is invalid', () => {
    expect(
      fieldError(schema, { ...valid, abono_capital: '0', interes_ord: '0' }, 'cantidad'),
    ).toEqual(['el número debe ser mayor a 0.01']);
    expect(
      fieldError(schema, { ...valid, abono_capital: '0', interes_ord: '0.01' }, 'cantidad'),
    ).toEqual([]);
  });
  it('a given amount must equal the parts', () => {
    expect(fieldError(schema, { ...valid, cantidad: '1040.50' }, 'cantidad')).toEqual([]);
    expect(fieldError(schema, { ...valid, cantidad: '1040.49' }, 'cantidad')).toEqual([
      'La cantidad debe ser igual a capital más interés ordinario más interés moratorio',
    ]);
  });
  it('checks the parts and dates', () => {
    const e = (patch: object, f: string) => fieldError(schema, { ...valid, ...patch }, f);
    expect(e({ interes_mor: '' }, 'interes_mor')).toEqual(['Se requiere un número']);
    expect(e({ interes_mor: '-0.01' }, 'interes_mor')).toEqual(['el número debe ser mayor a 0']);
    expect(e({ abono_capital: '10000000' }, 'abono_capital')).toEqual([
      'el número debe ser menor a 9999999',
    ]);
    expect(e({ interes_ord: '1.001' }, 'interes_ord')).toEqual([
      'Debe ser un número con máximo 2 decimales',
    ]);
    expect(e({ credito: '' }, 'credito')).toEqual(['Se requiere un número']);
    expect(e({ fecha_pago: '2026-11-22' }, 'fecha_pago')).toEqual([
      'La fecha debe ser hoy o anterior a hoy',
    ]);
    expect(e({ fecha_banco: '2026-11-22' }, 'fecha_banco')).toEqual([
      'La fecha debe ser hoy o anterior a hoy',
    ]);
  });
  it('debt lookup needs a numeric loan and a valid date', () => {
    const alert = 'Incluye crédito y fecha válida para buscar datos de deuda';
    expect(parseOk(debtLookupSchema, { credito: '7', fecha: '2026-11-21' })).toEqual({
      credito: 7,
      fecha: '2026-11-21',
    });
    expect(errorsOf(debtLookupSchema, { credito: '', fecha: '2026-11-21' })).toEqual({
      non_field_errors: [alert],
    });
    expect(errorsOf(debtLookupSchema, { credito: '7', fecha: '2026-02-30' })).toEqual({
      non_field_errors: [alert],
    });
    expect(errorsOf(debtLookupSchema, null)).toEqual({ non_field_errors: [alert] });
  });
});

describe('activation, waiver, extension', () => {
  it('activation: start date not in future, rate type FI/VA', () => {
    const schema = activationSchema({ today });
    expect(
      errorsOf(schema, { fecha_inicio: '2026-11-22', tipo_tasa: 'XX', fecha_banco: '2026-11-22' }),
    ).toEqual({
      fecha_inicio: ['La fecha debe ser hoy o anterior a hoy'],
      tipo_tasa: ['Opción no válida'],
      fecha_banco: ['La fecha debe ser hoy o anterior a hoy'],
    });
    expect(
      parseOk(schema, { fecha_inicio: today, tipo_tasa: 'VA', estatus_ejecucion: 'CO' }),
    ).toEqual({
      fecha_inicio: today,
      tipo_tasa: 'VA',
      estatus_ejecucion: 'CO',
      fecha_banco: null,
      referencia_banco: null,
    });
  });
  it('waiver: justification required, ≤100', () => {
    expect(fieldError(waiverSchema, { credito: 3, justificacion: '' }, 'justificacion')).toEqual([
      'Campo requerido',
    ]);
    expect(
      fieldError(waiverSchema, { credito: 3, justificacion: 'x'.repeat(101) }, 'justificacion'),
    ).toEqual(['Deben ser máximo 100 caracteres']);
  });
  it('extension: 1 to 14 months', () => {
    const e = (prorroga: string) =>
      fieldError(extensionSchema, { prorroga, prorroga_justificacion: 'lluvias' }, 'prorroga');
    expect(e('0')).toEqual(['el número debe ser mayor a 1']);
    expect(e('1')).toEqual([]);
    expect(e('14')).toEqual([]);
    expect(e('15')).toEqual(['el número debe ser menor a 14']);
    expect(e('')).toEqual(['Se requiere un número']);
  });
});

describe('movement (contribution / withdrawal)', () => {
  const schema = movementSchema({ today });
  const valid = {
    clave_socio: '15',
    fecha_entrega: today,
    monto: '250',
    proceso: 'CF',
    aportacion: true,
    ordinario: true,
    tipo_de_movimiento: 'BA',
    fecha_banco: '2026-11-20',
    referencia_banco: 'ABC123',
    responsable_entrega: '',
  };
  it('BA and TR require bank date and reference', () => {
    expect(
      errorsOf(schema, {
        ...valid,
        tipo_de_movimiento: 'TR',
        fecha_banco: '',
        referencia_banco: '',
      }),
    ).toEqual({
      fecha_banco: ['Campo requerido'],
      referencia_banco: ['Campo requerido'],
    });
    expect(parseOk(schema, valid).monto).toBe(25000);
  });
  it('EF nulls bank date and reference', () => {
    const out = parseOk(schema, { ...valid, tipo_de_movimiento: 'EF' });
    expect(out.fecha_banco).toBeNull();
    expect(out.referencia_banco).toBeNull();
  });
  it('checks the other fields', () => {
    expect(
      errorsOf(schema, {
        ...valid,
        monto: '0',
        fecha_entrega: '2026-11-22',
        proceso: '',
        aportacion: null,
      }),
    ).toEqual({
      monto: ['el número debe ser mayor a 0.01'],
      fecha_entrega: ['La fecha debe ser hoy o anterior a hoy'],
      proceso: ['Campo requerido'],
      aportacion: ['Campo requerido'],
    });
  });
});

describe('bank data edit', () => {
  it('payment variant requires bank date and reference', () => {
    const schema = bankDataEditSchema('payment', { today });
    expect(errorsOf(schema, {})).toEqual({
      fecha_banco: ['Campo requerido'],
      referencia_banco: ['Campo requerido'],
    });
    expect(parseOk(schema, { fecha_banco: today, referencia_banco: 'R1' })).toEqual({
      fecha_banco: today,
      referencia_banco: 'R1',
    });
  });
  it('movement variant requires the type and, unless EF, the bank data', () => {
    const schema = bankDataEditSchema('movement', { today });
    expect(errorsOf(schema, {})).toEqual({ tipo_de_movimiento: ['Campo requerido'] });
    expect(errorsOf(schema, { tipo_de_movimiento: 'BA' })).toEqual({
      fecha_banco: ['Campo requerido'],
      referencia_banco: ['Campo requerido'],
    });
    expect(
      parseOk(schema, { tipo_de_movimiento: 'EF', fecha_banco: today, referencia_banco: 'X' }),
    ).toEqual({
      tipo_de_movimiento: 'EF',
      fecha_banco: null,
      referencia_banco: null,
    });
  });
});

describe('acopio', () => {
  const schema = acopioSchema({ today });
  const valid = {
    clave_socio: '15',
    fecha: today,
    tipo_de_producto: 'CF',
    kilos_de_producto: '120.5',
    ingreso: '3615',
  };
  it('kilos are required and decimal for coffee and honey', () => {
    expect(parseOk(schema, valid)).toEqual({
      clave_socio: 15,
      fecha: today,
      tipo_de_producto: 'CF',
      kilos_de_producto: '120.50',
      ingreso: 361500,
      recibo: null,
      recibo_codigo: null,
      recibo_reemplaza: null,
    });
    expect(
      fieldError(
        schema,
        { ...valid, tipo_de_producto: 'MI', kilos_de_producto: '' },
        'kilos_de_producto',
      ),
    ).toEqual(['Se requiere un número']);
    expect(
      fieldError(schema, { ...valid, kilos_de_producto: '1.234' }, 'kilos_de_producto'),
    ).toEqual(['Debe ser un número con máximo 2 decimales']);
  });
  it('kilos are dropped for soap and salaries', () => {
    expect(
      parseOk(schema, { ...valid, tipo_de_producto: 'JA', kilos_de_producto: 'abc' })
        .kilos_de_producto,
    ).toBeNull();
    expect(
      parseOk(schema, { ...valid, tipo_de_producto: 'SL', kilos_de_producto: undefined })
        .kilos_de_producto,
    ).toBeNull();
  });
  it('income 0.01 to 9999999, date not in future', () => {
    expect(
      errorsOf(schema, { ...valid, ingreso: '0', fecha: '2026-11-22', kilos_de_producto: '' }),
    ).toEqual({
      ingreso: ['el número debe ser mayor a 0.01'],
      fecha: ['La fecha debe ser hoy o anterior a hoy'],
      kilos_de_producto: ['Se requiere un número'],
    });
  });
  it('average price in cents per kilo', () => {
    expect(averagePriceCents(361500, '120.5')).toBe(3000);
    expect(averagePriceCents(1000, '3')).toBe(333);
    expect(averagePriceCents(2000, '3')).toBe(667);
    expect(averagePriceCents(1000, '0')).toBeNull();
    expect(averagePriceCents(1000, null)).toBeNull();
  });
});

describe('bank movement form', () => {
  const schema = bankMovementSchema({ today });
  const valid = {
    referencia_banco: ' ab12 ',
    fecha: today,
    cantidad: '500',
    referencia_alf: '',
    dataType: 'Pagos',
    selectedItems: [4, 5],
  };
  it('upper-cases the reference and drops ingrEgr outside Otros', () => {
    expect(parseOk(schema, { ...valid, ingrEgr: true })).toEqual({
      referencia_banco: 'AB12',
      fecha: today,
      cantidad: 50000,
      referencia_alf: null,
      dataType: 'Pagos',
      selectedItems: [4, 5],
      ingrEgr: null,
    });
  });
  it('needs at least one selected row unless Otros', () => {
    expect(fieldError(schema, { ...valid, selectedItems: [] }, 'selectedItems')).toEqual([
      'Selecciona al menos un registro',
    ]);
    expect(parseOk(schema, { ...valid, dataType: '', selectedItems: [1] }).dataType).toBe(
      'Movimientos',
    );
  });
  it('Otros needs exactly one sub-account and income/expense', () => {
    expect(errorsOf(schema, { ...valid, dataType: 'Otros', selectedItems: [] })).toEqual({
      selectedItems: ['Selecciona exactamente una subcuenta'],
      ingrEgr: ['Campo requerido'],
    });
    expect(
      parseOk(schema, { ...valid, dataType: 'Otros', selectedItems: [30], ingrEgr: false }).ingrEgr,
    ).toBe(false);
  });
  it('checks the fields', () => {
    expect(
      errorsOf(schema, {
        ...valid,
        referencia_banco: 'AB-12',
        cantidad: '',
        referencia_alf: 'x'.repeat(61),
        fecha: '2026-11-22',
      }),
    ).toEqual({
      referencia_banco: ['Sólo pueden ser números o letras'],
      cantidad: ['Se requiere un número'],
      referencia_alf: ['Deben ser máximo 60 caracteres'],
      fecha: ['La fecha debe ser hoy o anterior a hoy'],
    });
  });
  it('sum check and reference warnings', () => {
    expect(selectionSumMatches(50000, [20000, 30000])).toBe(true);
    expect(selectionSumMatches(50000, [20000, 29999])).toBe(false);
    expect(referenceWarnings('AB12', ['ab12']).map(spanish)).toEqual([]);
    expect(referenceWarnings('AB12', [null]).map(spanish)).toEqual([
      'No tienes referencias previas capturadas',
    ]);
    expect(referenceWarnings('AB12', ['ZZ9']).map(spanish)).toEqual([
      'La referencia capturada es distinta de la del registro seleccionado',
    ]);
    expect(referenceWarnings('AB12', ['AB12', 'CD34']).map(spanish)).toEqual([
      'Los registros seleccionados tienen referencias distintas',
    ]);
  });
});

describe('date range', () => {
  it('both optional; final not before initial', () => {
    expect(parseOk(dateRangeSchema, {})).toEqual({ initialDate: null, finalDate: null });
    expect(
      parseOk(dateRangeSchema, { initialDate: '2026-01-01', finalDate: '2026-01-01' }).finalDate,
    ).toBe('2026-01-01');
    expect(
      fieldError(
        dateRangeSchema,
        { initialDate: '2026-01-02', finalDate: '2026-01-01' },
        'finalDate',
      ),
    ).toEqual(['La fecha final debe ser igual o posterior a la fecha inicial']);
    expect(fieldError(dateRangeSchema, { initialDate: '2026-01-32' }, 'initialDate')).toEqual([
      'Fecha inválida',
    ]);
  });
});
