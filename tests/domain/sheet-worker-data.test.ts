/**
 * What crosses to the export worker: each row as plain data (only the sheet's columns and the
 * flags its signed amounts read, getters read once) and the code labels as a table that labels
 * exactly as the screen's function did.
 */
import { describe, expect, it } from 'vitest';
import type { CodeLabeler } from '#domain/sheet';
import {
  code,
  defineSheet,
  flag,
  INTEGER,
  labelerOf,
  labelTableOf,
  sheetRowOf,
  signedMoney,
  worksheetOf,
} from '#domain/sheet';

const SPEC = defineSheet('Prueba', ['id', 'monto', 'proceso', 'aportacion'] as const, {
  id: INTEGER,
  monto: signedMoney('retiro_visto', false),
  proceso: code('processes'),
  aportacion: flag('movementDirections', 'A', 'R'),
});

class Row {
  readonly id = 7;
  readonly proceso = 'MI';
  readonly aportacion = false;
  readonly retiro_visto = false;
  readonly sobra = 'no viaja';
  get monto(): string {
    return '120.50';
  }
}

const label: CodeLabeler = (list, c) => `${list}:${String(c)}`;

describe('export worker data', () => {
  it('a row becomes its columns and the flag its amount is signed by, as plain values', () => {
    const plain = sheetRowOf(SPEC, new Row());
    expect(plain).toEqual({
      id: 7,
      monto: '120.50',
      retiro_visto: false,
      proceso: 'MI',
      aportacion: false,
    });
    expect(structuredClone(plain)).toEqual(plain);
  });

  it('the label table labels every code of the sheet’s lists as the function did', () => {
    const table = labelTableOf(SPEC, label);
    expect(Object.keys(table).sort()).toEqual(['movementDirections', 'processes']);
    expect(table.processes).toEqual({
      CF: 'processes:CF',
      MI: 'processes:MI',
      JA: 'processes:JA',
      SL: 'processes:SL',
    });
    const sent = labelerOf(structuredClone(table));
    expect(sent('movementDirections', 'R')).toBe('movementDirections:R');
    // The same worksheet from the plain row and the table as from the row and the function.
    const here = worksheetOf(SPEC, [new Row()], { label });
    const there = worksheetOf(SPEC, [sheetRowOf(SPEC, new Row())], { label: sent });
    expect(there).toEqual(here);
    expect(here.B2).toEqual({ t: 'n', v: -120.5, z: '"$"#,##0.00' });
    expect(here.E2).toEqual({ t: 's', v: 'movementDirections:R' });
  });
});
