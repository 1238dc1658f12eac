import { describe, expect, it } from 'vitest';
import {
  areaOf,
  placeholdersOf,
  translationProblems,
  translationState,
} from '#domain/translations';

describe('translation rules', () => {
  it('finds placeholders and nested labels, spaces inside them ignored', () => {
    expect(placeholdersOf('Acopio de $t(codes.processes.CF): {{ kilos }} kg, {{n}} veces')).toEqual(
      ['$t(codes.processes.CF)', '{{kilos}}', '{{n}}'],
    );
    expect(placeholdersOf('Sin nada que guardar')).toEqual([]);
  });

  it('accepts a translation that keeps every placeholder, in any order', () => {
    expect(
      translationProblems('Se creó el pago {{id}} de {{monto}}', '{{monto}} x {{id}}'),
    ).toEqual([]);
  });

  it('names the placeholders a translation lost or added', () => {
    expect(translationProblems('Pago {{id}} de {{monto}}', 'Pago {{id}} {{id}}')).toEqual([
      { code: 'placeholders', missing: ['{{monto}}'], extra: ['{{id}}'] },
    ]);
  });

  it('refuses an empty or blank text', () => {
    expect(translationProblems('Guardar', '   ')).toEqual([{ code: 'empty' }]);
  });

  it('states and areas', () => {
    expect(translationState(null)).toBe('pending');
    expect(translationState({ texto: 'A', borrador: null })).toBe('approved');
    expect(translationState({ texto: 'A', borrador: 'B' })).toBe('draft');
    expect(translationState({ texto: null, borrador: null })).toBe('pending');
    expect(areaOf('syncCenter.kinds.pago_create')).toBe('syncCenter');
    expect(areaOf('title')).toBe('title');
  });
});

describe('the pending mark', () => {
  it('refuses a text that starts with "~", which locale files use for "not translated yet"', () => {
    expect(translationProblems('Guardar', '~Guardar')).toEqual([{ code: 'pendingMarker' }]);
    expect(translationProblems('Guardar', ' ~Guardar')).toEqual([{ code: 'pendingMarker' }]);
    expect(translationProblems('Entre {{a}} y {{b}}', 'a ~ b {{a}} {{b}}')).toEqual([]);
  });
});
