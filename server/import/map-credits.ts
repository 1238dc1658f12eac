/**
 * Credit requests (with their chat), contracts (shared funds included), payments and waivers.
 * Folios, contract numbers and payment ids are the original's. A contract takes its process and
 * credit type from its request (the original keeps them there only); an approved request gets
 * the approved figures from its contract (this product keeps them on the request too). Payments
 * keep the original's split and debt snapshot exactly: the verification recomputes the snapshot
 * and reports any difference, it never rewrites one. A snapshot the original left empty is
 * computed here (and noted), since the variable-rate arithmetic reads it back.
 */
import {
  CREDIT_REASONS,
  CREDIT_TYPES,
  EVALUATION_STATUSES,
  EXECUTION_STATUSES,
  PROCESSES,
  PRODUCTIVE_ACTIVITIES,
  RATE_TYPES,
  REQUEST_STATUSES,
  type ContractStatus,
} from '#domain/codes';
import { compareIsoDates, type IsoDate } from '#domain/dates';
import { present } from '#domain/guards';
import { debtAt, statusAt, type DebtContract, type DebtPayment } from '#domain/debt';
import { centsToDecimalString, parseMoney, type Cents } from '#domain/money';
import { condonaciones, contratos, pagos, solicitudChat, solicitudes } from '#server/db/schema';
import { emptyToNull, RowCheck } from './checks.ts';
import type { MapContext } from './context.ts';
import type { OriginalRow } from './original.ts';
import { defineStep } from './step.ts';
import type { KeyedRow } from './upsert.ts';

const money = centsToDecimalString;
const STORED_STATUSES = ['DP', 'PA', 'CN'] as const;
const PREVIOUS_STATUSES = ['VI', 'VE'] as const;

export const solicitudesStep = defineStep({
  source: 'solicitudes_solicitudcredito',
  table: solicitudes,
  key: solicitudes.folio_solicitud,
  map(ctx) {
    const contractOf = new Map(
      ctx.data.contratos_contratocredito.map((c) => [c.solicitud_id, c] as const),
    );
    const members = ctx.ids('socios_socio');
    const rows: KeyedRow<typeof solicitudes>[] = [];
    for (const r of ctx.data.solicitudes_solicitudcredito) {
      const c = new RowCheck();
      const activity = emptyToNull(r.act_productiva);
      const row = {
        folio_solicitud: r.folio_solicitud,
        fecha_solicitud: c.date('fecha_solicitud', r.fecha_solicitud),
        clave_socio: c.ref(members, r.clave_socio_id),
        aval: c.ref(members, r.aval_id),
        promotor: c.ref(ctx.ids('users_user'), r.promotor_id),
        proceso: c.code('proceso', r.proceso, PROCESSES),
        tipo_credito: c.code('tipo_credito', r.tipo_credito, CREDIT_TYPES),
        act_productiva:
          activity === null ? null : c.code('act_productiva', activity, PRODUCTIVE_ACTIVITIES),
        act_productiva_otro: emptyToNull(r.act_productiva_otro),
        mot_credito: c.code('mot_credito', r.mot_credito, CREDIT_REASONS),
        mot_credito_otro: emptyToNull(r.mot_credito_otro),
        emergencia_medica: r.emergencia_medica,
        monto_solicitado: money(
          c.cents('monto_solicitado', r.monto_solicitado, { positive: true }),
        ),
        plazo_de_pago_solicitado: r.plazo_de_pago_solicitado,
        justificacion_credito: r.justificacion_credito,
        familiar_responsable: r.familiar_responsable,
        estatus_solicitud: c.code('estatus_solicitud', r.estatus_solicitud, REQUEST_STATUSES),
        estatus_evaluacion: c.code('estatus_evaluacion', r.estatus_evaluacion, EVALUATION_STATUSES),
        pregunta_1: r.pregunta_1,
        pregunta_2: r.pregunta_2,
        pregunta_3: r.pregunta_3,
        pregunta_4: r.pregunta_4,
        irregularidades: emptyToNull(r.irregularidades),
      };
      if (c.failed) {
        ctx.log.skip('solicitudes_solicitudcredito', r.folio_solicitud, c.reason, c.detail);
        continue;
      }
      const contract = contractOf.get(r.folio_solicitud);
      rows.push({
        id: r.folio_solicitud,
        row: {
          ...row,
          monto_aprobado: contract?.monto ?? null,
          plazo_aprobado: contract?.plazo ?? null,
          tasa_aprobada: contract?.tasa ?? null,
          tasa_mor_aprobada: contract?.tasa_moratoria ?? null,
        },
      });
    }
    return rows;
  },
});

export const chatStep = defineStep({
  source: 'solicitudes_chatsolicitudcredito',
  table: solicitudChat,
  key: solicitudChat.id,
  map(ctx) {
    const rows: KeyedRow<typeof solicitudChat>[] = [];
    for (const r of ctx.data.solicitudes_chatsolicitudcredito) {
      const c = new RowCheck();
      const row = {
        id: r.id,
        solicitud: c.ref(ctx.ids('solicitudes_solicitudcredito'), r.solicitud_id),
        user_id: c.ref(ctx.ids('users_user'), r.user_id),
        fecha: new Date(r.fecha),
        comentario: r.comentario,
      };
      if (c.failed) ctx.log.skip('solicitudes_chatsolicitudcredito', r.id, c.reason, c.detail);
      else rows.push({ id: r.id, row });
    }
    return rows;
  },
});

export const contratosStep = defineStep({
  source: 'contratos_contratocredito',
  table: contratos,
  key: contratos.id,
  map(ctx) {
    const requests = new Map(
      ctx.data.solicitudes_solicitudcredito.map((r) => [r.folio_solicitud, r] as const),
    );
    const rows: KeyedRow<typeof contratos>[] = [];
    for (const r of ctx.data.contratos_contratocredito) {
      const c = new RowCheck();
      const solicitud = c.ref(ctx.ids('solicitudes_solicitudcredito'), r.solicitud_id);
      const request = requests.get(r.solicitud_id);
      const tipoTasa = emptyToNull(r.tipo_tasa);
      const row = {
        id: r.id,
        solicitud,
        clave_socio: c.ref(ctx.ids('socios_socio'), r.clave_socio_id),
        monto: money(c.cents('monto', r.monto, { positive: true })),
        plazo: c.range('plazo', r.plazo, 1, 240),
        prorroga: c.range('prorroga', r.prorroga, 0, 14),
        prorroga_justificacion: emptyToNull(r.prorroga_justificacion),
        tasa: c.rate('tasa', r.tasa),
        tasa_moratoria: c.rate('tasa_moratoria', r.tasa_moratoria),
        tipo_tasa: tipoTasa === null ? null : c.code('tipo_tasa', tipoTasa, RATE_TYPES),
        fecha_inicio: c.optionalDate('fecha_inicio', r.fecha_inicio),
        fecha_final: c.optionalDate('fecha_final', r.fecha_final),
        estatus: c.code('estatus', r.estatus, STORED_STATUSES),
        estatus_ejecucion: c.code('estatus_ejecucion', r.estatus_ejecucion, EXECUTION_STATUSES),
        fondo_comun: r.fondo_comun,
        fecha_banco: c.optionalDate('fecha_banco', r.fecha_banco),
        referencia_banco: emptyToNull(r.referencia_banco),
      };
      if (!request) c.fail('missing-reference', `request ${r.solicitud_id} does not exist`);
      if (c.failed || !request) {
        ctx.log.skip('contratos_contratocredito', r.id, c.reason, c.detail);
        continue;
      }
      // The request's codes were checked by its own step (it is imported).
      const proceso = PROCESSES.find((p) => p === request.proceso) ?? 'CF';
      const tipoCredito = CREDIT_TYPES.find((t) => t === request.tipo_credito) ?? 'MC';
      if (r.fondo_comun !== (tipoCredito === 'FC'))
        ctx.log.note(
          'contratos_contratocredito',
          r.id,
          'fondo_comun differs from the request’s credit type (kept as stored)',
          `fondo_comun ${r.fondo_comun}, request ${request.folio_solicitud} type ${tipoCredito}`,
        );
      if (r.clave_socio_id !== request.clave_socio_id)
        ctx.log.note(
          'contratos_contratocredito',
          r.id,
          'borrower differs from the request’s member (kept as stored)',
          `contract member ${r.clave_socio_id}, request member ${request.clave_socio_id}`,
        );
      if (row.fecha_inicio !== null && row.tipo_tasa === null)
        ctx.log.note(
          'contratos_contratocredito',
          r.id,
          'started without a rate type: this product computes it as a fixed rate',
        );
      rows.push({ id: r.id, row: { ...row, proceso, tipo_credito: tipoCredito } });
    }
    return rows;
  },
});

/** A mapped contract as the debt calculator's input, as it stood before `fecha_final`. */
export function pendingContract(r: OriginalRow<'contratos_contratocredito'>): DebtContract | null {
  const monto = parseMoney(r.monto);
  const tipo = RATE_TYPES.find((t) => t === r.tipo_tasa) ?? null;
  const ejecucion = EXECUTION_STATUSES.find((e) => e === r.estatus_ejecucion);
  if (!ejecucion || monto === null) return null;
  return {
    monto,
    tasa: r.tasa,
    tasa_moratoria: r.tasa_moratoria,
    tipo_tasa: tipo,
    plazo: r.plazo,
    prorroga: r.prorroga,
    fecha_inicio: r.fecha_inicio,
    estatus: 'DP',
    estatus_ejecucion: ejecucion,
    fecha_final: null,
  };
}

interface MappedPayment {
  id: number;
  credito: number;
  fecha: IsoDate;
  parts: { cantidad: Cents; capital: Cents; ord: Cents; mor: Cents };
  estatusPrevio: ContractStatus;
  snapshot: { total: Cents; capital: Cents; ord: Cents; mor: Cents } | null;
  /** What the office should review (figures this product would refuse); empty when none. */
  review: string[];
  source: OriginalRow<'pagos_pago'>;
}

function checkPayment(
  ctx: MapContext,
  r: OriginalRow<'pagos_pago'>,
  contracts: Map<number, OriginalRow<'contratos_contratocredito'>>,
): MappedPayment | null {
  const c = new RowCheck();
  const credito = c.ref(ctx.ids('contratos_contratocredito'), r.credito_id);
  c.ref(ctx.ids('users_user'), r.autor_id);
  const fecha = c.date('fecha_pago', r.fecha_pago);
  // Figures this product would refuse today are money history all the same: the payment is
  // imported as stored, marked por_revisar and listed for the office (docs/import.md).
  const review: string[] = [];
  const contract = contracts.get(r.credito_id);
  if (!c.failed && contract) {
    if (contract.fecha_inicio === null)
      review.push(`contract ${contract.id} was never started (no fecha_inicio)`);
    else if (compareIsoDates(fecha, contract.fecha_inicio) < 0)
      review.push(`fecha_pago ${fecha} before the contract's start ${contract.fecha_inicio}`);
  }
  const cantidad = c.cents('cantidad', r.cantidad, { positive: true });
  const part = (field: string, value: string | null) => {
    if (value === null) {
      review.push(`${field} empty in the original (0.00 here)`);
      return 0;
    }
    const cents = c.cents(field, value);
    if (cents < 0) review.push(`${field} ${value} is negative`);
    return cents;
  };
  const capital = part('abono_capital', r.abono_capital);
  const ord = part('interes_ord', r.interes_ord);
  const mor = part('interes_mor', r.interes_mor);
  if (!c.failed && capital + ord + mor !== cantidad)
    review.push(
      `split does not add up: cantidad ${r.cantidad} ≠ abono_capital ${r.abono_capital ?? '—'} + interes_ord ${r.interes_ord ?? '—'} + interes_mor ${r.interes_mor ?? '—'}`,
    );
  const estatusPrevio = c.code('estatus_previo', r.estatus_previo, PREVIOUS_STATUSES);
  c.optionalDate('fecha_banco', r.fecha_banco);
  const snapshotValues = [
    r.deuda_prev_total,
    r.deuda_prev_capital,
    r.deuda_prev_int_ord,
    r.deuda_prev_int_mor,
  ];
  const snapshot = snapshotValues.every((v) => v !== null)
    ? {
        total: c.cents('deuda_prev_total', r.deuda_prev_total ?? ''),
        capital: c.cents('deuda_prev_capital', r.deuda_prev_capital ?? ''),
        ord: c.cents('deuda_prev_int_ord', r.deuda_prev_int_ord ?? ''),
        mor: c.cents('deuda_prev_int_mor', r.deuda_prev_int_mor ?? ''),
      }
    : null;
  if (c.failed) {
    ctx.log.skip('pagos_pago', r.id, c.reason, c.detail);
    return null;
  }
  return {
    id: r.id,
    credito,
    fecha,
    parts: { cantidad, capital, ord, mor },
    estatusPrevio,
    snapshot,
    review,
    source: r,
  };
}

/** Payments in the order the debt arithmetic applies them: by date, then as recorded. */
const paymentOrder = (a: MappedPayment, b: MappedPayment) =>
  compareIsoDates(a.fecha, b.fecha) || a.id - b.id;

/**
 * The snapshot of a payment whose original left it empty: the debt at its date, before it,
 * from the payments before it (as the original would have stored it).
 */
function computedSnapshot(
  contract: DebtContract,
  before: readonly DebtPayment[],
  p: MappedPayment,
): { snapshot: NonNullable<MappedPayment['snapshot']>; status: ContractStatus } | null {
  const debt = debtAt(contract, before, p.fecha);
  if (!debt) return null;
  return {
    snapshot: {
      total: debt.total_deuda,
      capital: debt.capital_por_pagar,
      ord: debt.interes_ordinario_deuda,
      mor: debt.interes_moratorio_deuda,
    },
    status: statusAt(contract, p.fecha),
  };
}

const toDebtPayment = (
  p: MappedPayment,
  s: NonNullable<MappedPayment['snapshot']>,
): DebtPayment => ({
  fecha_pago: p.fecha,
  cantidad: p.parts.cantidad,
  abono_capital: p.parts.capital,
  interes_ord: p.parts.ord,
  interes_mor: p.parts.mor,
  deuda_prev_int_ord: s.ord,
  deuda_prev_int_mor: s.mor,
  orden: p.id,
});

export const pagosStep = defineStep({
  source: 'pagos_pago',
  table: pagos,
  key: pagos.id,
  map(ctx) {
    const contracts = new Map(ctx.data.contratos_contratocredito.map((c) => [c.id, c] as const));
    const byContract = new Map<number, MappedPayment[]>();
    for (const r of ctx.data.pagos_pago) {
      const mapped = checkPayment(ctx, r, contracts);
      if (!mapped) continue;
      const list = byContract.get(mapped.credito) ?? [];
      list.push(mapped);
      byContract.set(mapped.credito, list);
    }
    const rows: KeyedRow<typeof pagos>[] = [];
    for (const [credito, list] of byContract) {
      list.sort(paymentOrder);
      const contract = pendingContract(present(contracts.get(credito), `contract ${credito}`));
      const before: DebtPayment[] = [];
      for (const p of list) {
        let snapshot = p.snapshot;
        if (!snapshot) {
          const computed = contract ? computedSnapshot(contract, before, p) : null;
          if (!computed) {
            ctx.log.skip(
              'pagos_pago',
              p.id,
              'missing-value',
              'debt snapshot (deuda_prev_*) empty and no debt to compute it from',
            );
            continue;
          }
          snapshot = computed.snapshot;
          ctx.log.note(
            'pagos_pago',
            p.id,
            'debt snapshot empty in the original: computed by this product',
            `total ${money(snapshot.total)}, capital ${money(snapshot.capital)}, ordinary ${money(snapshot.ord)}, late ${money(snapshot.mor)}`,
          );
        }
        before.push(toDebtPayment(p, snapshot));
        const r = p.source;
        if (p.review.length > 0)
          ctx.log.markIncomplete(
            'pagos_pago',
            p.id,
            `payment ${p.id} (contract ${credito}, ${p.fecha}, ${r.cantidad})`,
            p.review,
          );
        rows.push({
          id: p.id,
          row: {
            id: p.id,
            credito,
            fecha_pago: p.fecha,
            cantidad: money(p.parts.cantidad),
            abono_capital: money(p.parts.capital),
            interes_ord: money(p.parts.ord),
            interes_mor: money(p.parts.mor),
            autor: r.autor_id,
            fecha_banco: r.fecha_banco,
            referencia_banco: emptyToNull(r.referencia_banco),
            estatus_previo: p.estatusPrevio,
            deuda_prev_total: money(snapshot.total),
            deuda_prev_capital: money(snapshot.capital),
            deuda_prev_int_ord: money(snapshot.ord),
            deuda_prev_int_mor: money(snapshot.mor),
            por_revisar: p.review.length > 0,
          },
        });
      }
    }
    return rows.sort((a, b) => a.id - b.id);
  },
});

export const condonacionesStep = defineStep({
  source: 'pagos_condonacion',
  table: condonaciones,
  key: condonaciones.id,
  map(ctx) {
    const rows: KeyedRow<typeof condonaciones>[] = [];
    for (const r of ctx.data.pagos_condonacion) {
      const c = new RowCheck();
      const row = {
        id: r.id,
        credito: c.ref(ctx.ids('contratos_contratocredito'), r.credito_id),
        autor: c.ref(ctx.ids('users_user'), r.autor_id),
        fecha: c.date('fecha_condonacion', r.fecha_condonacion),
        total: money(c.cents('cantidad', r.cantidad)),
        interes_ord: money(c.cents('interes_ord', c.present('interes_ord', r.interes_ord, '0'))),
        interes_mor: money(c.cents('interes_mor', c.present('interes_mor', r.interes_mor, '0'))),
        estatus_previo: c.code('estatus_previo', r.estatus_previo, PREVIOUS_STATUSES),
        justificacion: r.justificacion,
      };
      if (c.failed) ctx.log.skip('pagos_condonacion', r.id, c.reason, c.detail);
      else rows.push({ id: r.id, row });
    }
    return rows;
  },
});
