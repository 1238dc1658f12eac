import { describe, expect, it } from 'vitest';
import { creditRequestSchema, creditRequestVisibility } from '#domain/forms/credit-request';
import { controlDeskSchema } from '#domain/forms/control-desk';
import { evaluationSchema } from '#domain/forms/evaluation';
import { renegotiationSchema } from '#domain/forms/renegotiation';
import { errorsOf, fieldError, parseOk } from './helpers';

const today = '2026-11-21';
const request = creditRequestSchema({ today });
const valid = {
  fecha_solicitud: '2026-11-20',
  clave_socio: '15',
  proceso: 'CF',
  tipo_credito: 'MC',
  mot_credito: 'TR',
  act_productiva: 'CA',
  monto_solicitado: '5000',
  plazo_de_pago_solicitado: '12',
  justificacion_credito: 'Compra de herramientas',
  aval: '16',
  familiar_responsable: 'María López',
  comentarios_promotor: '',
};

describe('credit request form', () => {
  it('outputs the API payload with cents and nulls', () => {
    expect(parseOk(request, valid)).toEqual({
      fecha_solicitud: '2026-11-20',
      clave_socio: 15,
      proceso: 'CF',
      tipo_credito: 'MC',
      mot_credito: 'TR',
      mot_credito_otro: null,
      emergencia_medica: false,
      act_productiva: 'CA',
      act_productiva_otro: null,
      monto_solicitado: 500000,
      plazo_de_pago_solicitado: 12,
      justificacion_credito: 'Compra de herramientas',
      aval: 16,
      familiar_responsable: 'María López',
      comentarios_promotor: null,
    });
  });

  it('defaults to MC and TR', () => {
    const out = parseOk(request, { ...valid, tipo_credito: '', mot_credito: undefined });
    expect(out.tipo_credito).toBe('MC');
    expect(out.mot_credito).toBe('TR');
  });

  it('CP forces reason TR and drops the other-reason text', () => {
    const out = parseOk(request, {
      ...valid,
      tipo_credito: 'CP',
      mot_credito: 'OT',
      mot_credito_otro: 'fiesta',
    });
    expect(out.mot_credito).toBe('TR');
    expect(out.mot_credito_otro).toBeNull();
    expect(creditRequestVisibility({ tipo_credito: 'CP', mot_credito: 'OT' }).mot_credito).toBe(
      false,
    );
    // …and then TR requires the activity.
    expect(
      fieldError(request, { ...valid, tipo_credito: 'CP', act_productiva: '' }, 'act_productiva'),
    ).toEqual(['Campo requerido']);
  });

  it('reason OT requires its text; other reasons drop it', () => {
    expect(fieldError(request, { ...valid, mot_credito: 'OT' }, 'mot_credito_otro')).toEqual([
      'Campo requerido',
    ]);
    const out = parseOk(request, { ...valid, mot_credito: 'OT', mot_credito_otro: ' boda ' });
    expect(out.mot_credito_otro).toBe('boda');
    expect(out.act_productiva).toBeNull();
    expect(parseOk(request, { ...valid, mot_credito_otro: 'x' }).mot_credito_otro).toBeNull();
  });

  it('reason SA keeps the medical-emergency box; other reasons clear it', () => {
    expect(
      parseOk(request, { ...valid, mot_credito: 'SA', emergencia_medica: true }).emergencia_medica,
    ).toBe(true);
    expect(
      parseOk(request, { ...valid, mot_credito: 'ED', emergencia_medica: true }).emergencia_medica,
    ).toBe(false);
    expect(
      creditRequestVisibility({ tipo_credito: 'MC', mot_credito: 'SA' }).emergencia_medica,
    ).toBe(true);
  });

  it('TR requires the activity, activity OT requires its text', () => {
    expect(fieldError(request, { ...valid, act_productiva: '' }, 'act_productiva')).toEqual([
      'Campo requerido',
    ]);
    expect(fieldError(request, { ...valid, act_productiva: 'OT' }, 'act_productiva_otro')).toEqual([
      'Campo requerido',
    ]);
    expect(
      parseOk(request, { ...valid, act_productiva: 'OT', act_productiva_otro: 'Tienda' })
        .act_productiva_otro,
    ).toBe('Tienda');
  });

  it('checks bounds of each field', () => {
    const e = (patch: object, f: string) => fieldError(request, { ...valid, ...patch }, f);
    expect(e({ clave_socio: '0' }, 'clave_socio')).toEqual(['el número debe ser mayor a 1']);
    expect(e({ clave_socio: '' }, 'clave_socio')).toEqual(['Se requiere un número']);
    expect(e({ fecha_solicitud: '2026-11-22' }, 'fecha_solicitud')).toEqual([
      'La fecha debe ser hoy o anterior a hoy',
    ]);
    expect(e({ fecha_solicitud: today }, 'fecha_solicitud')).toEqual([]);
    expect(e({ proceso: '' }, 'proceso')).toEqual(['Campo requerido']);
    expect(e({ monto_solicitado: '0.00' }, 'monto_solicitado')).toEqual([
      'el número debe ser mayor a 0.01',
    ]);
    expect(e({ monto_solicitado: '0.01' }, 'monto_solicitado')).toEqual([]);
    expect(e({ monto_solicitado: '9999999.00' }, 'monto_solicitado')).toEqual([]);
    expect(e({ monto_solicitado: '10000000' }, 'monto_solicitado')).toEqual([
      'el número debe ser menor a 9999999',
    ]);
    expect(e({ plazo_de_pago_solicitado: '0' }, 'plazo_de_pago_solicitado')).toEqual([
      'el número debe ser mayor a 1',
    ]);
    expect(e({ plazo_de_pago_solicitado: '100' }, 'plazo_de_pago_solicitado')).toEqual([]);
    expect(e({ plazo_de_pago_solicitado: '101' }, 'plazo_de_pago_solicitado')).toEqual([
      'el número debe ser menor a 100',
    ]);
    expect(e({ justificacion_credito: 'x'.repeat(100) }, 'justificacion_credito')).toEqual([]);
    expect(e({ justificacion_credito: 'x'.repeat(101) }, 'justificacion_credito')).toEqual([
      'Deben ser máximo 100 caracteres',
    ]);
    expect(e({ comentarios_promotor: 'x'.repeat(101) }, 'comentarios_promotor')).toEqual([
      'Deben ser máximo 100 caracteres',
    ]);
    expect(e({ aval: 'abc' }, 'aval')).toEqual(['Debe ser un número entero']);
    expect(e({ familiar_responsable: ' ' }, 'familiar_responsable')).toEqual(['Campo requerido']);
  });

  it('the guarantor must differ from the applicant', () => {
    expect(fieldError(request, { ...valid, aval: '15' }, 'aval')).toEqual([
      'El aval debe ser un socio distinto del solicitante',
    ]);
  });

  it('reports conditional and field errors together', () => {
    const errors = errorsOf(request, { ...valid, mot_credito: 'OT', monto_solicitado: '' });
    expect(errors.mot_credito_otro).toEqual(['Campo requerido']);
    expect(errors.monto_solicitado).toEqual(['Se requiere un número']);
  });
});

describe('renegotiation', () => {
  it('requires a comment of at most 100 characters', () => {
    expect(
      fieldError(renegotiationSchema, { comentarios_promotor: '' }, 'comentarios_promotor'),
    ).toEqual(['Campo requerido']);
    expect(
      fieldError(
        renegotiationSchema,
        { comentarios_promotor: 'x'.repeat(101) },
        'comentarios_promotor',
      ),
    ).toEqual(['Deben ser máximo 100 caracteres']);
    expect(parseOk(renegotiationSchema, { comentarios_promotor: ' listo ' })).toEqual({
      comentarios_promotor: 'listo',
    });
  });
});

describe('control desk', () => {
  const allTrue = { pregunta_1: true, pregunta_2: true, pregunta_3: true, pregunta_4: true };
  it('approving needs the four questions ticked', () => {
    expect(
      parseOk(controlDeskSchema, { estatus_solicitud: 'AP', ...allTrue }).estatus_solicitud,
    ).toBe('AP');
    const errors = errorsOf(controlDeskSchema, {
      estatus_solicitud: 'AP',
      ...allTrue,
      pregunta_3: null,
    });
    expect(errors).toEqual({ pregunta_3: ['Marca las cuatro preguntas para aprobar'] });
  });
  it('rejecting needs a coordinator comment with the spec alert', () => {
    expect(
      fieldError(controlDeskSchema, { estatus_solicitud: 'RE' }, 'comentarios_coordinador'),
    ).toEqual(['Por favor agrega algún comentario del porqué estás rechazando']);
    expect(
      parseOk(controlDeskSchema, {
        estatus_solicitud: 'RE',
        comentarios_coordinador: 'faltan datos',
      }).pregunta_1,
    ).toBeNull();
  });
  it('limits irregularidades and comment to 100 characters', () => {
    const input = {
      estatus_solicitud: 'AP',
      ...allTrue,
      irregularidades: 'x'.repeat(101),
      comentarios_coordinador: 'y'.repeat(101),
    };
    expect(errorsOf(controlDeskSchema, input)).toEqual({
      irregularidades: ['Deben ser máximo 100 caracteres'],
      comentarios_coordinador: ['Deben ser máximo 100 caracteres'],
    });
  });
  it('needs a decision', () => {
    expect(fieldError(controlDeskSchema, {}, 'estatus_solicitud')).toEqual(['Campo requerido']);
    expect(fieldError(controlDeskSchema, { estatus_solicitud: 'NE' }, 'estatus_solicitud')).toEqual(
      ['Opción no válida'],
    );
  });
});

describe('manager evaluation', () => {
  const approve = {
    estatus_evaluacion: 'AP',
    monto_aprobado: '4000',
    plazo_aprobado: '12',
    tasa_aprobada: '2.5',
    tasa_mor_aprobada: '1.25',
  };
  it('approval outputs cents, months and 4-decimal rates', () => {
    expect(parseOk(evaluationSchema, approve)).toEqual({
      estatus_evaluacion: 'AP',
      monto_aprobado: 400000,
      plazo_aprobado: 12,
      tasa_aprobada: '2.5000',
      tasa_mor_aprobada: '1.2500',
      comentarios_gerente: null,
    });
  });
  it('approval requires every figure within its bounds', () => {
    expect(errorsOf(evaluationSchema, { estatus_evaluacion: 'AP' })).toEqual({
      monto_aprobado: ['Se requiere un número'],
      plazo_aprobado: ['Se requiere un número'],
      tasa_aprobada: ['Se requiere un número'],
      tasa_mor_aprobada: ['Se requiere un número'],
    });
    const e = (patch: object, f: string) =>
      fieldError(evaluationSchema, { ...approve, ...patch }, f);
    expect(e({ plazo_aprobado: '240' }, 'plazo_aprobado')).toEqual([]);
    expect(e({ plazo_aprobado: '241' }, 'plazo_aprobado')).toEqual([
      'el número debe ser menor a 240',
    ]);
    expect(e({ plazo_aprobado: '0' }, 'plazo_aprobado')).toEqual(['el número debe ser mayor a 1']);
    expect(e({ tasa_aprobada: '0' }, 'tasa_aprobada')).toEqual(['el número debe ser mayor a 0.01']);
    expect(e({ tasa_mor_aprobada: '100.5' }, 'tasa_mor_aprobada')).toEqual([
      'el número debe ser menor a 100',
    ]);
    expect(e({ tasa_aprobada: '2.12345' }, 'tasa_aprobada')).toEqual([
      'Debe ser un número con máximo 4 decimales',
    ]);
    expect(e({ monto_aprobado: '0' }, 'monto_aprobado')).toEqual([
      'el número debe ser mayor a 0.01',
    ]);
  });
  it('negotiation and rejection need a comment and drop the figures', () => {
    expect(
      fieldError(evaluationSchema, { estatus_evaluacion: 'NE' }, 'comentarios_gerente'),
    ).toEqual(['Por favor agrega algún comentario para enviar a Negociación']);
    expect(
      fieldError(evaluationSchema, { estatus_evaluacion: 'CA' }, 'comentarios_gerente'),
    ).toEqual(['Por favor agrega algún comentario para rechazar permanentemente']);
    const out = parseOk(evaluationSchema, {
      ...approve,
      estatus_evaluacion: 'NE',
      comentarios_gerente: 'bajar monto',
    });
    expect(out.monto_aprobado).toBeNull();
    expect(out.tasa_aprobada).toBeNull();
  });
});
