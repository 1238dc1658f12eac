/**
 * The trip's cash: "Cerrar viaje" as an outbox command, and the phone's view
 * of the current trip read from the outbox itself — every capture a phone makes stays there
 * (done rows are never pruned), with its state, its payload and its Idempotency-Key (the row id).
 *
 * - 'viaje.close' — POST cierres-viaje/ with the trip's totals and the keys of the captures it
 *   covers; no optimistic record (the queued row is the closing), one chain for every closing so
 *   they arrive in order.
 * - `currentTrip()` — the captures since the last closing: every payment, cash contribution and
 *   cash withdrawal this phone queued that no closing has counted yet, plus every one still
 *   refused (it stays visible until corrected or discarded, even when an earlier closing listed
 *   it); collections are counted apart (not cash, see #domain/trip-shapes).
 */
import type { VisitMark } from '#domain/forms/visit-mark';
import type { TripClosingSchema as TripClosingFormSchema } from '#domain/forms/trip-closing';
import type { WireBody } from '#domain/wire';
import type { Cents } from '#domain/money';
import { centsToDecimalString, parseMoney, sumCents } from '#domain/money';
import { formatCurrency } from '#domain/format';
import {
  tripClosingSchema,
  type TripCapture,
  type TripCaptureState,
  type TripClosingAnswer,
} from '#domain/trip-shapes';
import { getDb } from '#db/database';
import type { OutboxRow, OutboxStatus } from '#sync/types';
import type { AcopioCreatePayload } from './acopios.ts';
import { rowWithKind, type KindCommand, type OutboxRowWith } from './command-definition.ts';
import type { MovimientoCreatePayload } from './movimientos.ts';
import type { PagoCreatePayload } from './pagos.ts';
import type { VisitaMarcaPayload } from './visitas.ts';

/** The body of POST /cierres-viaje/ (amounts as the API's decimal strings). */
export type TripClosingBody = WireBody<
  TripClosingFormSchema,
  {
    desde: string | null;
    pagos: string;
    aportaciones: string;
    retiros: string;
    capturas: {
      clave: string;
      tipo: TripCapture['tipo'];
      monto: string;
      estado: TripCaptureState;
    }[];
  }
>;

export interface ViajeClosePayload {
  body: TripClosingBody;
  /**
   * Phone-only: the record ids (`OutboxRow.recordId`) of the captures this closing counted as
   * cash (sent or pending). A correction is a new outbox row with a new key but the same record
   * id, so a capture counted pending here, refused and corrected later is not counted again in
   * the next trip: its cash was received in this one. Absent on closings queued before it.
   */
  records?: string[];
}

export const TRIP_CHAIN = 'viaje-cierres';

export const viajeCloseCommand: KindCommand<'viaje.close', ViajeClosePayload, TripClosingAnswer> = {
  kind: 'viaje.close',
  tables: [],
  request: (payload) => ({ method: 'POST', path: 'cierres-viaje/', body: payload.body }),
  chainKey: () => TRIP_CHAIN,
  parseResult: (body) => tripClosingSchema.parse(body),
  describe: (payload) => ({
    key: 'viaje.command.close',
    params: {
      // Cents: formatCurrency reads cents (formatMoneyText reads a peso amount).
      recibido: formatCurrency(
        sumCents([parseMoney(payload.body.pagos) ?? 0, parseMoney(payload.body.aportaciones) ?? 0]),
      ),
      n: payload.body.capturas.length,
    },
  }),
  // No form corrects a refused closing: the sync center offers to discard it, and once
  // discarded the captures it named are back in the current trip.
};

/** The state of a capture's write, as the trip counts it. */
export function tripStateOf(status: OutboxStatus): TripCaptureState {
  if (status === 'done') return 'enviado';
  if (status === 'pending' || status === 'sending' || status === 'uncertain') return 'pendiente';
  return 'rechazado';
}

/** One capture of the trip with what the screen shows of it (traceable to its write). */
export interface TripLine extends TripCapture {
  /** When it was captured (ISO instant). */
  capturedAt: string;
  /** The member (contributions, withdrawals) or the contract (payments). */
  clave_socio: number | null;
  credito: number | null;
  /** The phone's record id: kept by a correction (which gets a new key). */
  recordId: string;
  /** The server's id of the record once accepted. */
  serverId: string | number | null;
  seq: number;
}

export interface TripOtherCaptures {
  acopios: { count: number; cents: Cents };
  /** Payments captured with a bank deposit: the member paid the bank, not the promoter. */
  bankPayments: { count: number; cents: Cents };
  /** Contributions by bank deposit or transfer (BA, TR): no cash either. */
  bankMovements: { count: number; cents: Cents };
}

/** A visit mark made on this trip (docs/community-visit.md#the-visits-summary). */
export interface TripVisitMark {
  clave_socio: number;
  nombre: string;
  fecha: string;
  fecha_promesa: string | null;
}

/** The trip's visit marks by kind, oldest first; a refused mark is none. */
export type TripVisits = Record<VisitMark, TripVisitMark[]>;

export interface CurrentTrip {
  /** The closing this trip follows (null: the first trip of this phone). */
  lastClosing: ClosingRow | null;
  /** Start of the trip: the last closing, else the first capture shown; null when empty. */
  since: string | null;
  lines: TripLine[];
  other: TripOtherCaptures;
  /** The visits' marks since the last closing: absent, promises, visited. */
  visits: TripVisits;
}

/** A trip's closing row. */
type ClosingRow = OutboxRowWith<'viaje.close', ViajeClosePayload, TripClosingAnswer>;

// The rows of the kinds a trip reads, typed by their own payloads (./command-definition.ts).
const asPago = (row: OutboxRow) =>
  rowWithKind<'pago.create', PagoCreatePayload, unknown>(row, 'pago.create');
const asMovimiento = (row: OutboxRow) =>
  rowWithKind<'movimiento.create', MovimientoCreatePayload, unknown>(row, 'movimiento.create');
const asAcopio = (row: OutboxRow) =>
  rowWithKind<'acopio.create', AcopioCreatePayload, unknown>(row, 'acopio.create');
const asMarca = (row: OutboxRow) =>
  rowWithKind<'visita.marca', VisitaMarcaPayload, unknown>(row, 'visita.marca');
const asClosing = (row: OutboxRow): ClosingRow | null => rowWithKind(row, 'viaje.close');

function lineOf(row: OutboxRow): TripLine | 'bank' | null {
  const pago = asPago(row);
  const base = {
    clave: row.id,
    recordId: row.recordId,
    estado: tripStateOf(row.status),
    capturedAt: row.capturedAt,
    serverId: row.serverId,
    seq: row.seq,
  };
  if (pago) {
    if (pago.payload.body.referencia_banco) return 'bank';
    const monto = parseMoney(pago.payload.body.cantidad) ?? 0;
    return { ...base, tipo: 'pago', monto, clave_socio: null, credito: pago.payload.body.credito };
  }
  const mov = asMovimiento(row);
  if (mov) {
    const m = mov.payload.movimiento;
    if (m.tipo_de_movimiento !== 'EF') return 'bank';
    const monto = parseMoney(m.monto) ?? 0;
    const tipo = m.aportacion ? 'aportacion' : 'retiro';
    return { ...base, tipo, monto, clave_socio: m.clave_socio, credito: null };
  }
  return null;
}

const add = (acc: { count: number; cents: Cents }, cents: Cents) => {
  acc.count += 1;
  acc.cents = sumCents([acc.cents, cents]);
};

/** Amount of a capture that is not trip cash (a bank payment or movement, a collection). */
function amountOf(row: OutboxRow): Cents {
  const pago = asPago(row);
  if (pago) return parseMoney(pago.payload.body.cantidad) ?? 0;
  const mov = asMovimiento(row);
  if (mov) return parseMoney(mov.payload.movimiento.monto) ?? 0;
  const acopio = asAcopio(row);
  return acopio ? (parseMoney(acopio.payload.acopio.ingreso) ?? 0) : 0;
}

/** The trip as it stands over a list of outbox rows (pure: tests give it rows directly). */
export function tripOf(rows: readonly OutboxRow[]): CurrentTrip {
  const sorted = [...rows].sort((a, b) => a.seq - b.seq);
  const closings = sorted.flatMap((r) => asClosing(r) ?? []);
  const lastClosing = closings.at(-1) ?? null;
  // Keys and records an earlier closing counted (sent or pending then); refused ones it only
  // listed. A correction of a counted capture keeps its record: counted already.
  const settled = new Set(
    closings.flatMap((c) =>
      c.payload.body.capturas.filter((k) => k.estado !== 'rechazado').map((k) => k.clave),
    ),
  );
  const settledRecords = new Set(closings.flatMap((c) => c.payload.records ?? []));
  const counted = (line: TripLine) => settled.has(line.clave) || settledRecords.has(line.recordId);
  const after = (row: OutboxRow) => lastClosing === null || row.seq > lastClosing.seq;
  const lines: TripLine[] = [];
  const other: TripOtherCaptures = {
    acopios: { count: 0, cents: 0 },
    bankPayments: { count: 0, cents: 0 },
    bankMovements: { count: 0, cents: 0 },
  };
  const visits: TripVisits = { ausente: [], promesa: [], visitado: [] };
  for (const row of sorted) {
    const mark = asMarca(row);
    if (mark) {
      if (after(row) && mark.status !== 'rejected' && mark.status !== 'conflict') {
        const { clave_socio, fecha, tipo, fecha_promesa } = mark.payload.body;
        visits[tipo].push({ clave_socio, nombre: mark.payload.nombre, fecha, fecha_promesa });
      }
      continue;
    }
    const line = lineOf(row);
    if (line === null) {
      if (row.kind === 'acopio.create' && after(row)) add(other.acopios, amountOf(row));
    } else if (line === 'bank') {
      if (after(row))
        add(row.kind === 'pago.create' ? other.bankPayments : other.bankMovements, amountOf(row));
    } else if (line.estado === 'rechazado' || !counted(line)) {
      lines.push(line);
    }
  }
  const since = lastClosing?.capturedAt ?? lines[0]?.capturedAt ?? null;
  return { lastClosing, since, lines, other, visits };
}

/** The current trip of this phone's user (read inside `useLiveQuery` to follow the outbox). */
export async function currentTrip(): Promise<CurrentTrip> {
  return tripOf(await getDb().outbox.toArray());
}

/** The closing's payload: its body and the records it counts as cash (see `records`). */
export function closingPayload(
  trip: CurrentTrip,
  declared: Record<TripCapture['tipo'], Cents>,
): ViajeClosePayload {
  return {
    body: closingBody(trip, declared),
    records: trip.lines.filter((l) => l.estado !== 'rechazado').map((l) => l.recordId),
  };
}

/** The closing's body for the trip's lines: totals per kind and every line's key. */
function closingBody(trip: CurrentTrip, declared: Record<TripCapture['tipo'], Cents>) {
  const body: TripClosingBody = {
    desde: trip.since,
    pagos: centsToDecimalString(declared.pago),
    aportaciones: centsToDecimalString(declared.aportacion),
    retiros: centsToDecimalString(declared.retiro),
    capturas: trip.lines.map((l) => ({
      clave: l.clave,
      tipo: l.tipo,
      monto: centsToDecimalString(l.monto),
      estado: l.estado,
    })),
  };
  return body;
}
