/**
 * Collections (acopios) and contributions/withdrawals (movimientos). This product weighs only
 * coffee and honey (kilos required for CF and MI, none for JA and SL) and stores no bank data on
 * a cash (EF) movement; where the original holds otherwise the money row is still imported and
 * the value this product cannot hold is dropped and noted. An unspecified `ordinario` (NULL) is
 * read as ordinaria, the original's own default.
 */
import { MOVEMENT_TYPES, PROCESSES } from '#domain/codes';
import { centsToDecimalString } from '#domain/money';
import { acopios, movimientos } from '#server/db/schema';
import { emptyToNull, RowCheck } from './checks.ts';
import { defineStep } from './step.ts';
import type { KeyedRow } from './upsert.ts';

const money = centsToDecimalString;

export const acopiosStep = defineStep({
  source: 'acopios_acopio',
  table: acopios,
  key: acopios.id,
  map(ctx) {
    const rows: KeyedRow<typeof acopios>[] = [];
    for (const r of ctx.data.acopios_acopio) {
      const c = new RowCheck();
      const producto = c.code('tipo_de_producto', r.tipo_de_producto, PROCESSES);
      const weighed = producto === 'CF' || producto === 'MI';
      const row = {
        id: r.id,
        clave_socio: c.ref(ctx.ids('socios_socio'), r.clave_socio_id),
        fecha: c.date('fecha', r.fecha),
        tipo_de_producto: producto,
        ingreso: money(c.cents('ingreso', r.ingreso, { positive: true })),
        kilos_de_producto: weighed
          ? money(
              c.cents(
                'kilos_de_producto',
                c.present('kilos_de_producto', r.kilos_de_producto, '0'),
              ),
            )
          : null,
        autor: null,
      };
      if (c.failed) {
        ctx.log.skip('acopios_acopio', r.id, c.reason, c.detail);
        continue;
      }
      if (!weighed && r.kilos_de_producto !== null && Number(r.kilos_de_producto) !== 0)
        ctx.log.note(
          'acopios_acopio',
          r.id,
          'kilos of a product this product does not weigh (JA, SL): dropped',
          `${r.kilos_de_producto} kg of ${producto}`,
        );
      rows.push({ id: r.id, row });
    }
    return rows;
  },
});

export const movimientosStep = defineStep({
  source: 'movimientos_movimiento',
  table: movimientos,
  key: movimientos.id,
  map(ctx) {
    const rows: KeyedRow<typeof movimientos>[] = [];
    for (const r of ctx.data.movimientos_movimiento) {
      const c = new RowCheck();
      const tipo = c.code('tipo_de_movimiento', r.tipo_de_movimiento, MOVEMENT_TYPES);
      const row = {
        id: r.id,
        clave_socio: c.ref(ctx.ids('socios_socio'), r.clave_socio_id),
        autor: c.ref(ctx.ids('users_user'), r.autor_id),
        fecha_entrega: c.date('fecha_entrega', r.fecha_entrega),
        monto: money(c.cents('monto', r.monto, { positive: true })),
        proceso: c.code('proceso', r.proceso, PROCESSES),
        aportacion: r.aportacion,
        ordinario: r.ordinario ?? true,
        tipo_de_movimiento: tipo,
        fecha_banco: c.optionalDate('fecha_banco', r.fecha_banco),
        referencia_banco: emptyToNull(r.referencia_banco),
        responsable_entrega: emptyToNull(r.responsable_entrega),
      };
      if (c.failed) {
        ctx.log.skip('movimientos_movimiento', r.id, c.reason, c.detail);
        continue;
      }
      if (r.ordinario === null)
        ctx.log.note('movimientos_movimiento', r.id, 'ordinario NULL: read as ordinaria');
      if (tipo === 'EF' && (row.fecha_banco !== null || row.referencia_banco !== null)) {
        ctx.log.note(
          'movimientos_movimiento',
          r.id,
          'bank date/reference on a cash (EF) movement: dropped',
          `${row.fecha_banco ?? ''} ${row.referencia_banco ?? ''}`.trim(),
        );
        row.fecha_banco = null;
        row.referencia_banco = null;
      }
      rows.push({ id: r.id, row });
    }
    return rows;
  },
});
