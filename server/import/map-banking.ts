/**
 * Bank accounts, sub-accounts (ids kept: the system mapping of
 * docs/business-rules.md#bank-reconciliation-and-accounting names them), bank movements and
 * accounting records. This product stores on each bank movement the form tab it was booked on and
 * its direction, and on each record what it reconciles (`relacion_sistema`) and its date and user:
 * all read from the original's records, their linked item and their bank movement.
 */
import type { BankDataType } from '#domain/codes';
import { SUBACCOUNT_TYPES } from '#domain/codes';
import { centsToDecimalString, parseMoney } from '#domain/money';
import {
  bancos,
  movimientosBanco,
  registrosContables,
  subcuentas,
  type RecordRelation,
} from '#server/db/schema';
import { SYSTEM_SUBACCOUNTS } from '#server/services/bank-mapping';
import { RowCheck, emptyToNull } from './checks.ts';
import type { MapContext } from './context.ts';
import type { OriginalRow } from './original.ts';
import { defineStep } from './step.ts';
import type { KeyedRow } from './upsert.ts';

const money = centsToDecimalString;
const REFERENCE_RE = /^[A-Z0-9]+$/;

export const bancosStep = defineStep({
  source: 'bancos_banco',
  table: bancos,
  key: bancos.id,
  map: (ctx) =>
    ctx.data.bancos_banco.map((r) => ({
      id: r.id,
      row: {
        id: r.id,
        nombre: r.nombre_banco,
        nombre_cuenta: r.nombre_cuenta,
        numero_cuenta: r.numero_cuenta,
        clabe: r.clabe,
        externo: r.externo,
      },
    })),
});

export const subcuentasStep = defineStep({
  source: 'bancos_subcuenta',
  table: subcuentas,
  key: subcuentas.id,
  map(ctx) {
    const codes = new Map<string, number>();
    const rows: KeyedRow<typeof subcuentas>[] = [];
    for (const r of ctx.data.bancos_subcuenta) {
      const c = new RowCheck();
      const row = {
        id: r.id,
        banco: c.ref(ctx.ids('bancos_banco'), r.banco_id),
        nombre: r.nombre,
        id_contable: r.id_contable,
        tipo: c.code('tipo', r.tipo, SUBACCOUNT_TYPES),
        sistema: r.sistema,
      };
      const holder = codes.get(r.id_contable);
      if (holder !== undefined)
        c.fail('duplicate', `id_contable '${r.id_contable}' is also sub-account ${holder}`);
      if (c.failed) {
        ctx.log.skip('bancos_subcuenta', r.id, c.reason, c.detail);
        continue;
      }
      codes.set(r.id_contable, r.id);
      rows.push({ id: r.id, row });
    }
    return rows;
  },
});

type AccountingRow = OriginalRow<'bancos_registrocontable'>;

/** The tab a bank movement was booked on and its direction, from its records' links. */
function bookingOf(
  ctx: MapContext,
  movementId: number,
  records: readonly AccountingRow[],
  sharedFunds: ReadonlySet<number>,
): { tipo: BankDataType; ingreso: boolean } {
  const kinds = new Set(
    records.map((r) =>
      r.aport_retiro_id !== null
        ? 'Movimientos'
        : r.pago_id !== null
          ? 'Pagos'
          : r.ej_credito_id !== null
            ? 'EjCredito'
            : 'Otros',
    ),
  );
  if (kinds.size > 1)
    ctx.log.note(
      'bancos_movimientobanco',
      movementId,
      'records of several kinds: booked under the first one’s tab',
      [...kinds].join(', '),
    );
  const first = records[0];
  if (!first) {
    ctx.log.note('bancos_movimientobanco', movementId, 'no accounting records: booked as "Otros"');
    return { tipo: 'Otros', ingreso: true };
  }
  if (first.ej_credito_id !== null) {
    const shared = sharedFunds.has(first.ej_credito_id);
    return { tipo: shared ? 'FondosComunes.EjCredito' : 'EjCredito', ingreso: false };
  }
  if (first.pago_id !== null) return { tipo: 'Pagos', ingreso: true };
  return {
    tipo: first.aport_retiro_id !== null ? 'Movimientos' : 'Otros',
    ingreso: first.ingr_egr,
  };
}

function recordsByMovement(ctx: MapContext): Map<number, AccountingRow[]> {
  const byMovement = new Map<number, AccountingRow[]>();
  for (const r of ctx.data.bancos_registrocontable) {
    const list = byMovement.get(r.movimiento_banco_id) ?? [];
    list.push(r);
    byMovement.set(r.movimiento_banco_id, list);
  }
  return byMovement;
}

export const movimientosBancoStep = defineStep({
  source: 'bancos_movimientobanco',
  table: movimientosBanco,
  key: movimientosBanco.id,
  map(ctx) {
    const records = recordsByMovement(ctx);
    const sharedFunds = new Set(
      ctx.data.contratos_contratocredito.filter((c) => c.fondo_comun).map((c) => c.id),
    );
    const rows: KeyedRow<typeof movimientosBanco>[] = [];
    for (const r of ctx.data.bancos_movimientobanco) {
      const c = new RowCheck();
      if (!REFERENCE_RE.test(r.referencia_banco))
        c.fail(
          'bad-format',
          `referencia_banco '${r.referencia_banco}' is not upper-case letters and digits`,
        );
      const row = {
        id: r.id,
        referencia_banco: r.referencia_banco,
        fecha: c.date('fecha', r.fecha),
        cantidad: money(c.cents('cantidad', r.cantidad, { positive: true })),
        referencia_alf: emptyToNull(r.referencia_alf),
        usuario: c.ref(ctx.ids('users_user'), r.usuario_id),
        fecha_captura: new Date(r.fecha_auto),
      };
      if (c.failed) {
        ctx.log.skip('bancos_movimientobanco', r.id, c.reason, c.detail);
        continue;
      }
      const { tipo, ingreso } = bookingOf(ctx, r.id, records.get(r.id) ?? [], sharedFunds);
      rows.push({ id: r.id, row: { ...row, tipo, ingr_egr: ingreso } });
    }
    return rows;
  },
});

const CAPITAL_SUBACCOUNTS = new Set<number>([
  SYSTEM_SUBACCOUNTS.capitalCurrentProducers,
  SYSTEM_SUBACCOUNTS.capitalCurrentWorkers,
  SYSTEM_SUBACCOUNTS.capitalOverdueProducers,
  SYSTEM_SUBACCOUNTS.capitalOverdueWorkers,
  SYSTEM_SUBACCOUNTS.capitalSharedFund,
]);

/** Which part of a payment a record books: by its system sub-account, else by its amount. */
function paymentPart(
  record: AccountingRow,
  payment: OriginalRow<'pagos_pago'> | undefined,
): RecordRelation | null {
  if (CAPITAL_SUBACCOUNTS.has(record.subcuenta_id)) return 'CAPITAL';
  if (record.subcuenta_id === SYSTEM_SUBACCOUNTS.ordinaryInterest) return 'INTERES_ORD';
  if (record.subcuenta_id === SYSTEM_SUBACCOUNTS.lateInterest) return 'INTERES_MOR';
  if (!payment) return null;
  const amount = parseMoney(record.cantidad);
  const parts: [RecordRelation, string | null][] = [
    ['CAPITAL', payment.abono_capital],
    ['INTERES_ORD', payment.interes_ord],
    ['INTERES_MOR', payment.interes_mor],
  ];
  const matching = parts.filter(([, value]) => value !== null && parseMoney(value) === amount);
  return matching.length === 1 ? (matching[0]?.[0] ?? null) : null;
}

export const registrosStep = defineStep({
  source: 'bancos_registrocontable',
  table: registrosContables,
  key: registrosContables.id,
  map(ctx) {
    const movements = new Map(ctx.data.bancos_movimientobanco.map((m) => [m.id, m] as const));
    const contributions = new Map(ctx.data.movimientos_movimiento.map((m) => [m.id, m] as const));
    const payments = new Map(ctx.data.pagos_pago.map((p) => [p.id, p] as const));
    const linked = new Map<string, number>();
    const rows: KeyedRow<typeof registrosContables>[] = [];
    for (const r of ctx.data.bancos_registrocontable) {
      const c = new RowCheck();
      c.ref(ctx.ids('bancos_movimientobanco'), r.movimiento_banco_id);
      c.ref(ctx.ids('bancos_subcuenta'), r.subcuenta_id);
      const cantidad = money(c.cents('cantidad', r.cantidad, { positive: true }));
      const links = [r.aport_retiro_id, r.pago_id, r.ej_credito_id].filter((l) => l !== null);
      if (links.length > 1) c.fail('inconsistent', 'linked to more than one item');
      let relacion: RecordRelation | null = null;
      let linkKey: string | null = null;
      if (r.aport_retiro_id !== null) {
        c.ref(ctx.ids('movimientos_movimiento'), r.aport_retiro_id);
        relacion =
          contributions.get(r.aport_retiro_id)?.aportacion === false ? 'RETIRO' : 'APORTACION';
        linkKey = `movement ${r.aport_retiro_id}`;
      } else if (r.pago_id !== null) {
        c.ref(ctx.ids('pagos_pago'), r.pago_id);
        relacion = paymentPart(r, payments.get(r.pago_id));
        if (relacion === null)
          c.fail(
            'inconsistent',
            `no part of payment ${r.pago_id} matches sub-account ${r.subcuenta_id} and ${r.cantidad}`,
          );
        linkKey = `payment ${r.pago_id} ${relacion}`;
      } else if (r.ej_credito_id !== null) {
        c.ref(ctx.ids('contratos_contratocredito'), r.ej_credito_id);
        relacion = 'EJERCICIO';
        linkKey = `disbursement of contract ${r.ej_credito_id}`;
      }
      const holder = linkKey === null ? undefined : linked.get(linkKey);
      if (holder !== undefined)
        c.fail('duplicate', `${linkKey} is also booked by record ${holder}`);
      const movement = movements.get(r.movimiento_banco_id);
      if (c.failed || !movement) {
        ctx.log.skip('bancos_registrocontable', r.id, c.reason, c.detail);
        continue;
      }
      if (linkKey !== null) linked.set(linkKey, r.id);
      rows.push({
        id: r.id,
        row: {
          id: r.id,
          movimiento_banco: r.movimiento_banco_id,
          subcuenta: r.subcuenta_id,
          fecha: movement.fecha,
          cantidad,
          ingr_egr: r.ingr_egr,
          relacion_sistema: relacion,
          aport_retiro: r.aport_retiro_id,
          pago: r.pago_id,
          ej_credito: r.ej_credito_id,
          usuario: movement.usuario_id,
          fecha_captura: new Date(movement.fecha_auto),
        },
      });
    }
    return rows;
  },
});
