/**
 * The sync center names a queued payment, collection or movement with its amount in the one
 * money format of the app ("$1,000.00"), never the API's "1000.00".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { acopioCreateCommand } from '#commands/acopios';
import { movimientoCreateCommand } from '#commands/movimientos';
import { pagoCreateCommand } from '#commands/pagos';
import { i18n, useSpanish } from '#tests/helpers/i18n-test';

const NAMES = {
  nombre_socio: 'Juana',
  region: 1,
  nombre_region: 'R',
  comunidad: 1,
  nombre_comunidad: 'C',
};

beforeAll(async () => {
  await useSpanish();
});

const text = (d: { key: string; params?: Record<string, unknown> }) => i18n.t(d.key, d.params);

describe('queued items in the sync center', () => {
  it('a payment reads "Pago de $1,000.00 al crédito 136"', () => {
    const d = pagoCreateCommand.describe({
      body: {
        credito: 136,
        fecha_pago: '2026-01-05',
        cantidad: '1000.00',
        abono_capital: '1000.00',
        interes_ord: '0.00',
        interes_mor: '0.00',
        fecha_banco: null,
        referencia_banco: null,
      },
      author: { autor: 1, nombre_autor: 'Ana' },
    });
    expect(text(d)).toBe('Pago de $1,000.00 al crédito 136');
  });

  it('a collection and a contribution show "$4,820.00"', () => {
    const acopio = acopioCreateCommand.describe({
      acopio: {
        clave_socio: 5,
        fecha: '2026-01-05',
        tipo_de_producto: 'CF',
        ingreso: '4820.00',
        kilos_de_producto: '100.00',
      },
      display: NAMES,
    });
    expect(text(acopio)).toBe('Acopio de Café: socio 5, $4,820.00');
    const movimiento = movimientoCreateCommand.describe({
      movimiento: {
        clave_socio: 5,
        fecha_entrega: '2026-01-05',
        monto: '4820.00',
        proceso: 'CF',
        aportacion: true,
        ordinario: true,
        tipo_de_movimiento: 'EF',
        fecha_banco: null,
        referencia_banco: null,
        responsable_entrega: null,
      },
      display: NAMES,
    });
    expect(text(movimiento)).toBe('Aportación del socio 5: $4,820.00');
  });
});
