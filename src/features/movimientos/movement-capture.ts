/**
 * The capture form's values and the rules the phone checks before sending a movement,
 * with the server's messages: the member is on the phone and active in
 * the process; a cash contribution is dated in the month of capture (#domain/movement-month);
 * a withdrawal fits the balance, movements still waiting to be sent included.
 */
import { withdrawalFits } from '#domain/balance';
import { msg } from '#domain/messages';
import { movementSchema, type MovementInput } from '#domain/forms/movement';
import { formatCurrency } from '#domain/format';
import { cashMonthMessage, cashMonthProblem } from '#domain/movement-month';
import { issueAt } from '#domain/rules';
import { checkDeliveryMember } from '#domain/delivery-member';
import type { MovimientoCreatePayload } from '#commands/movimientos';
import type { MovimientoRow } from '#db/replica-rows';
import { memberBalance } from './member-balance.ts';
import type { MovimientoMember } from './use-movimientos-data.ts';

/** A blank form (the next capture keeps the date and the kind). */
export function blankValues(fecha: string, aportacion: boolean, socio = ''): MovementInput {
  return {
    clave_socio: socio,
    fecha_entrega: fecha,
    monto: '',
    proceso: '',
    aportacion,
    ordinario: 'true',
    tipo_de_movimiento: '',
    fecha_banco: '',
    referencia_banco: '',
    responsable_entrega: '',
  };
}

/** A refused movement's payload back as the form's values. */
export function valuesOfPayload(payload: MovimientoCreatePayload): MovementInput {
  const m = payload.movimiento;
  return {
    clave_socio: String(m.clave_socio),
    fecha_entrega: m.fecha_entrega,
    monto: m.monto,
    proceso: m.proceso,
    aportacion: m.aportacion,
    ordinario: String(m.ordinario),
    tipo_de_movimiento: m.tipo_de_movimiento,
    fecha_banco: m.fecha_banco ?? '',
    referencia_banco: m.referencia_banco ?? '',
    responsable_entrega: m.responsable_entrega ?? '',
  };
}

export interface CaptureContext {
  members: readonly MovimientoMember[];
  records: readonly MovimientoRow[];
  /** The local record being corrected: it must not count against itself. */
  exceptRecord: string | null;
  /** Captures that do not count in the balance (refused, blocked…). */
  notCounted: ReadonlySet<string>;
  /** The capture instant the server will judge the month by. */
  capturedAt: () => Date;
}

/** The form's schema plus the rules the phone can check before sending. */
export function captureSchema(ctx: CaptureContext) {
  const byKey = new Map(ctx.members.map((m) => [m.clave_socio, m]));
  return movementSchema().superRefine((values, rc) => {
    const member = byKey.get(values.clave_socio);
    if (
      !checkDeliveryMember(rc, member, values.clave_socio, {
        field: 'proceso',
        value: values.proceso,
      })
    )
      return;
    const month = cashMonthProblem(values, ctx.capturedAt());
    if (month !== null) issueAt(rc, 'fecha_entrega', cashMonthMessage(month));
    if (!values.aportacion) {
      const { balance } = memberBalance(ctx.records, values.clave_socio, ctx);
      if (!withdrawalFits(balance, values.monto)) {
        issueAt(
          rc,
          'monto',
          msg('server.deliveries.withdrawalAboveBalance', {
            monto: formatCurrency(values.monto),
            saldo: formatCurrency(balance?.saldo ?? 0),
          }),
        );
      }
    }
  });
}
