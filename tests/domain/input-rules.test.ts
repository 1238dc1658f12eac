/**
 * One table of plausible input (src/domain/rules.ts DATE_RANGES, kilos, text), the phone's
 * forms and the server's writes alike: dates out of what they can record, a weighed collection
 * of no kilos and numbers where text belongs are refused with a field error the user reads.
 */
import { describe, expect, it } from 'vitest';
import { acopioSchema } from '#domain/forms/acopio';
import { activationSchema } from '#domain/forms/activation';
import { bankMovementSchema } from '#domain/forms/bank-movement';
import { creditRequestSchema } from '#domain/forms/credit-request';
import { memberSchema } from '#domain/forms/member';
import { movementSchema } from '#domain/forms/movement';
import { paymentSchema } from '#domain/forms/payment';
import { DATE_RANGES } from '#domain/rules';
import { errorsOf } from './helpers';

const today = '2026-11-21';

describe('plausible dates by what they record', () => {
  it('the table: birth from 1900 to today, joining and contracts from 1990 to tomorrow', () => {
    expect(DATE_RANGES).toEqual({
      birth: { from: '1900-01-01', until: 'today' },
      joining: { from: '1990-01-01', until: 'tomorrow' },
      contract: { from: '1990-01-01', until: 'tomorrow' },
      capture: { from: '1990-01-01', until: 'today' },
    });
  });

  it('a contract starting in 1899 is refused (its debt would run 126 years)', () => {
    const errors = errorsOf(activationSchema({ today }), {
      fecha_inicio: '1899-12-31',
      tipo_tasa: 'VA',
    });
    expect(errors.fecha_inicio).toEqual(['La fecha no puede ser anterior al 1990-01-01']);
  });

  it('a member born in 1899 or joining a program in 2099 is refused', () => {
    const errors = errorsOf(memberSchema({ today }), {
      fecha_nacimiento: '1899-12-31',
      fecha_ingr_yomol_atel: '1989-12-31',
      fecha_ingr_programa: '2099-01-01',
    });
    expect(errors.fecha_nacimiento).toEqual(['La fecha no puede ser anterior al 1900-01-01']);
    expect(errors.fecha_ingr_yomol_atel).toEqual(['La fecha no puede ser anterior al 1990-01-01']);
    expect(errors.fecha_ingr_programa).toEqual(['La fecha no puede ser posterior al 2026-11-22']);
  });

  it('captures, requests and bank dates of 1899 are refused', () => {
    const old = '1899-12-31';
    expect(errorsOf(acopioSchema({ today }), { fecha: old }).fecha).toEqual([
      'La fecha no puede ser anterior al 1990-01-01',
    ]);
    const movement = errorsOf(movementSchema({ today }), { fecha_entrega: old, fecha_banco: old });
    expect([movement.fecha_entrega, movement.fecha_banco]).toEqual([
      ['La fecha no puede ser anterior al 1990-01-01'],
      ['La fecha no puede ser anterior al 1990-01-01'],
    ]);
    const payment = errorsOf(paymentSchema({ today }), { fecha_pago: old, fecha_banco: old });
    expect([payment.fecha_pago, payment.fecha_banco]).toEqual([
      ['La fecha no puede ser anterior al 1990-01-01'],
      ['La fecha no puede ser anterior al 1990-01-01'],
    ]);
    expect(
      errorsOf(creditRequestSchema({ today }), { fecha_solicitud: old }).fecha_solicitud,
    ).toEqual(['La fecha no puede ser anterior al 1990-01-01']);
    expect(errorsOf(bankMovementSchema({ today }), { fecha: old }).fecha).toEqual([
      'La fecha no puede ser anterior al 1990-01-01',
    ]);
  });

  it('the first plausible day and today pass', () => {
    const errors = errorsOf(memberSchema({ today }), {
      fecha_nacimiento: '1900-01-01',
      fecha_ingr_yomol_atel: '1990-01-01',
      fecha_ingr_programa: '2026-11-22',
    });
    expect([
      errors.fecha_nacimiento,
      errors.fecha_ingr_yomol_atel,
      errors.fecha_ingr_programa,
    ]).toEqual([undefined, undefined, undefined]);
  });
});

describe('kilos and text', () => {
  const collection = {
    clave_socio: '15',
    fecha: today,
    tipo_de_producto: 'CF',
    ingreso: '3615',
  };
  it('a weighed product of 0 or "-0.00" kilos is refused', () => {
    for (const kilos of ['0', '-0.00', 0])
      expect(
        errorsOf(acopioSchema({ today }), { ...collection, kilos_de_producto: kilos })
          .kilos_de_producto,
        String(kilos),
      ).toEqual(['el número debe ser mayor a 0']);
    // The least weighed amount is accepted: the message says exactly what is refused.
    expect(
      errorsOf(acopioSchema({ today }), { ...collection, kilos_de_producto: '0.01' })
        .kilos_de_producto,
    ).toBeUndefined();
  });

  it('a number where text belongs is refused, not stored as "1e+308"', () => {
    const errors = errorsOf(memberSchema({ today }), { nombres: 1e308 });
    expect(errors.nombres).toEqual(['Valor no válido']);
  });
});
