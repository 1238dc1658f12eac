import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  booleanField,
  decimalField,
  emailField,
  enumField,
  idListField,
  integerField,
  isoDateField,
  moneyField,
  nullableBooleanField,
  optionalText,
  rateField,
  requiredBooleanField,
  requiredText,
  todayFn,
} from '#domain/rules';
import { errorsOf, parseOk } from './helpers';

const one = (field: z.ZodType) => z.object({ f: field });
const err = (field: z.ZodType, value: unknown) => errorsOf(one(field), { f: value }).f ?? [];
const out = (field: z.ZodType, value: unknown): unknown => parseOk(one(field), { f: value }).f;

describe('requiredText / optionalText', () => {
  it('requires non-blank text, trims and checks lengths at their bounds', () => {
    const f = requiredText({ min: 3, max: 5 });
    expect(err(f, '')).toEqual(['Campo requerido']);
    expect(err(f, '   ')).toEqual(['Campo requerido']);
    expect(err(f, null)).toEqual(['Campo requerido']);
    expect(errorsOf(one(f), {}).f).toEqual(['Campo requerido']);
    expect(err(f, 'ab')).toEqual(['Deben ser al menos 3 caracteres']);
    expect(err(f, '  ab  ')).toEqual(['Deben ser al menos 3 caracteres']);
    expect(out(f, ' abc ')).toBe('abc');
    expect(out(f, 'abcde')).toBe('abcde');
    expect(err(f, 'abcdef')).toEqual(['Deben ser máximo 5 caracteres']);
  });

  it('checks letters-and-digits, digits and e-mail classes', () => {
    expect(err(requiredText({ alnum: true }), 'ab-1')).toEqual([
      'Sólo pueden ser números o letras',
    ]);
    expect(out(requiredText({ alnum: true }), 'Ñandú42')).toBe('Ñandú42');
    expect(err(requiredText({ digits: true }), '55 12')).toEqual(['Debe ser un número entero']);
    expect(out(requiredText({ digits: true }), 5512345678)).toBe('5512345678');
    expect(err(requiredText({ email: true }), 'a@b')).toEqual([
      'No es un formato de mail correcto',
    ]);
    expect(out(emailField(), ' Ana@Coop.MX ')).toBe('ana@coop.mx');
  });

  it('upper-cases on request and keeps raw text for passwords', () => {
    expect(out(requiredText({ upper: true }), ' ab12 ')).toBe('AB12');
    expect(out(requiredText({ raw: true }), ' secret ')).toBe(' secret ');
  });

  it('gives null for an empty optional text and checks it otherwise', () => {
    const f = optionalText({ min: 10 });
    expect(out(f, '')).toBeNull();
    expect(out(f, undefined)).toBeNull();
    expect(out(f, null)).toBeNull();
    expect(err(f, '123')).toEqual(['Deben ser al menos 10 caracteres']);
  });

  it('rejects values of the wrong JSON type without crashing', () => {
    expect(err(requiredText(), { a: 1 })).toEqual(['Valor no válido']);
    expect(err(requiredText(), true)).toEqual(['Valor no válido']);
  });
});

describe('integerField', () => {
  const f = integerField({ min: 1, max: 100 });
  it('needs a number when empty', () => {
    expect(err(f, '')).toEqual(['Se requiere un número']);
    expect(err(f, null)).toEqual(['Se requiere un número']);
  });
  it('accepts digits only', () => {
    for (const bad of ['1.5', '-3', '1e3', 'abc', 2.5, -1])
      expect(err(f, bad)).toEqual(['Debe ser un número entero']);
  });
  it('checks inclusive bounds, showing the bound as written', () => {
    expect(err(f, '0')).toEqual(['el número debe ser mayor a 1']);
    expect(out(f, '1')).toBe(1);
    expect(out(f, 100)).toBe(100);
    expect(out(f, ' 42 ')).toBe(42);
    expect(err(f, '101')).toEqual(['el número debe ser menor a 100']);
  });
  it('is null when optional and empty', () => {
    expect(out(integerField({ required: false }), '')).toBeNull();
  });
});

describe('moneyField', () => {
  const f = moneyField({ min: 1, max: 999_999_900 });
  it('parses to integer cents from text and JSON numbers', () => {
    expect(out(f, '1040.5')).toBe(104050);
    expect(out(f, '1040.50')).toBe(104050);
    expect(out(f, 1040.5)).toBe(104050);
    expect(out(f, '0.01')).toBe(1);
    expect(out(f, '9999999')).toBe(999_999_900);
    expect(out(f, '.5')).toBe(50);
  });
  it('reports the spec messages at the bounds', () => {
    expect(err(f, '')).toEqual(['Se requiere un número']);
    expect(err(f, '0')).toEqual(['el número debe ser mayor a 0.01']);
    expect(err(f, '0.00')).toEqual(['el número debe ser mayor a 0.01']);
    expect(err(f, '-5')).toEqual(['el número debe ser mayor a 0.01']);
    expect(err(f, '9999999.01')).toEqual(['el número debe ser menor a 9999999']);
    expect(err(f, '1.234')).toEqual(['Debe ser un número con máximo 2 decimales']);
    expect(err(f, 'abc')).toEqual(['Debe ser un número con máximo 2 decimales']);
    expect(err(f, 0.1 + 0.2)).toEqual(['Debe ser un número con máximo 2 decimales']);
  });
  it('reads a thousand pesos however it is written in Mexico', () => {
    for (const typed of ['1,000', '1000', '$1,000', '$ 1,000.00', ' 1,000. '])
      expect(out(f, typed), typed).toBe(100_000);
    expect(out(f, '1,000.50')).toBe(100_050);
    expect(out(f, '$1,234,567.8')).toBe(123_456_780);
  });
  it("refuses another convention's grouping with the expected format, never guessing", () => {
    const format =
      'Escriba la cantidad así: 1,000.50 (comas para los miles, punto antes de los centavos)';
    for (const typed of ['1.000,50', '1,5', '10,00', '1.000.000', '1,00,000'])
      expect(err(f, typed), typed).toEqual([format]);
    expect(err(f, '1,000.505')).toEqual(['Debe ser un número con máximo 2 decimales']);
    expect(err(f, '$')).toEqual(['Debe ser un número con máximo 2 decimales']);
  });
  it('refuses bounds that are not cents', () => {
    expect(() => moneyField({ min: 0.01 })).toThrow(RangeError);
  });
});

describe('rateField and decimalField', () => {
  const f = rateField();
  it('accepts 0.01–100 with at most 4 decimals, normalized to 4 decimals', () => {
    expect(out(f, '0.01')).toBe('0.0100');
    expect(out(f, '2.5')).toBe('2.5000');
    expect(out(f, 1.2345)).toBe('1.2345');
    expect(out(f, '100')).toBe('100.0000');
  });
  it('reports bounds and decimals', () => {
    expect(err(f, '0.0099')).toEqual(['el número debe ser mayor a 0.01']);
    expect(err(f, '100.0001')).toEqual(['el número debe ser menor a 100']);
    expect(err(f, '1.23456')).toEqual(['Debe ser un número con máximo 4 decimales']);
    expect(err(f, '')).toEqual(['Se requiere un número']);
  });
  it('formats kilos with 2 decimals', () => {
    expect(out(decimalField({ places: 2 }), '12.5')).toBe('12.50');
    expect(err(decimalField({ places: 2 }), '12.555')).toEqual([
      'Debe ser un número con máximo 2 decimales',
    ]);
  });
});

describe('isoDateField', () => {
  const today = '2026-11-21';
  const f = isoDateField({ notFuture: true, today });
  it('accepts today and earlier, rejects tomorrow', () => {
    expect(out(f, '2026-11-21')).toBe('2026-11-21');
    expect(out(f, ' 2026-11-20 ')).toBe('2026-11-20');
    expect(err(f, '2026-11-22')).toEqual(['La fecha debe ser hoy o anterior a hoy']);
  });
  it('rejects unparseable and impossible dates', () => {
    for (const bad of ['2026-02-30', '21/11/2026', 'ayer', '2026-13-01', 20261121]) {
      expect(err(f, bad)).toEqual(['Fecha inválida']);
    }
    expect(out(isoDateField({ today }), '2024-02-29')).toBe('2024-02-29');
    expect(err(isoDateField({ today }), '2025-02-29')).toEqual(['Fecha inválida']);
  });
  it('requires a value unless optional', () => {
    expect(err(f, '')).toEqual(['Campo requerido']);
    expect(out(isoDateField({ required: false }), '')).toBeNull();
  });
  it('asks for today at validation time', () => {
    let now = '2026-01-01';
    const g = one(isoDateField({ notFuture: true, today: () => now }));
    expect(g.safeParse({ f: '2026-01-02' }).success).toBe(false);
    now = '2026-01-02';
    expect(g.safeParse({ f: '2026-01-02' }).success).toBe(true);
    expect(() => todayFn('21-11-2026')).toThrow(RangeError);
  });
});

describe('choices and booleans', () => {
  it('enumField: required, unknown code, numeric codes', () => {
    const f = enumField(['MC', 'CP', 'FC'] as const);
    expect(out(f, 'CP')).toBe('CP');
    expect(err(f, '')).toEqual(['Campo requerido']);
    expect(err(f, 'XX')).toEqual(['Opción no válida']);
    expect(out(enumField([1, 2, 3] as const), '2')).toBe(2);
    expect(out(enumField(['A'] as const, { required: false }), null)).toBeNull();
  });
  it('booleanField reads checkbox values; empty is false', () => {
    const f = booleanField();
    expect(out(f, true)).toBe(true);
    expect(out(f, 'on')).toBe(true);
    expect(out(f, 'false')).toBe(false);
    expect(out(f, undefined)).toBe(false);
    expect(err(f, 'maybe')).toEqual(['Valor no válido']);
  });
  it('nullable and required booleans', () => {
    expect(out(nullableBooleanField(), null)).toBeNull();
    expect(out(nullableBooleanField(), false)).toBe(false);
    expect(err(requiredBooleanField(), null)).toEqual(['Campo requerido']);
    expect(out(requiredBooleanField(), 'true')).toBe(true);
  });
  it('idListField dedupes ids and enforces a minimum', () => {
    expect(out(idListField(), [3, '4', 3])).toEqual([3, 4]);
    expect(out(idListField(), 5)).toEqual([5]);
    expect(err(idListField({ min: 1 }), [])).toEqual(['Campo requerido']);
    expect(err(idListField(), ['x'])).toEqual(['Valor no válido']);
  });
});
