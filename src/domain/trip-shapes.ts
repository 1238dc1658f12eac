/**
 * The trip's cash: what a promoter's phone captured since its last trip
 * closing, totalled per kind of cash movement and per state of its write, and the shapes of
 * the closing's API (`POST /api/cierres-viaje/`, `GET /api/cierres-viaje/`).
 *
 * Kinds: a payment (pago) and a contribution in cash (aportación EF) are cash the promoter
 * received; a withdrawal in cash (retiro EF) is cash paid out. Collections (acopios) are not
 * cash the promoter handles (a collection has no means of payment and no bank record:
 * docs/business-rules.md#collections), so the summary only counts them, apart. States: the phone's
 * write was accepted by the server (enviado), is still waiting or unanswered (pendiente), or was
 * refused and waits for a person (rechazado: not counted, like every figure of the phone).
 */
import * as z from 'zod';
import { parseMoney, sumCents, type Cents } from './money';

export const TRIP_CAPTURE_KINDS = ['pago', 'aportacion', 'retiro'] as const;
export type TripCaptureKind = (typeof TRIP_CAPTURE_KINDS)[number];

export const TRIP_CAPTURE_STATES = ['enviado', 'pendiente', 'rechazado'] as const;
export type TripCaptureState = (typeof TRIP_CAPTURE_STATES)[number];

/** Kinds whose cash the promoter received (the others it paid out). */
export const CASH_IN_KINDS: readonly TripCaptureKind[] = ['pago', 'aportacion'];

/** States whose cash counts in the trip's totals (a refused capture is shown apart). */
export const COUNTED_STATES: readonly TripCaptureState[] = ['enviado', 'pendiente'];

/** One capture of a trip: its write's Idempotency-Key, its kind, amount and state. */
export interface TripCapture {
  clave: string;
  tipo: TripCaptureKind;
  monto: Cents;
  estado: TripCaptureState;
}

export interface TripCell {
  count: number;
  cents: Cents;
}

export interface TripTotals {
  /** Every kind × state, zeros included. */
  cells: Record<TripCaptureKind, Record<TripCaptureState, TripCell>>;
  /** Counted (sent + pending) per kind: what a closing declares. */
  declared: Record<TripCaptureKind, Cents>;
  /** Counted cash received (payments + cash contributions). */
  cashIn: Cents;
  /** Counted cash paid out (cash withdrawals). */
  cashOut: Cents;
  /** cashIn − cashOut: what the promoter should hand in. */
  net: Cents;
}

function emptyCells(): TripTotals['cells'] {
  const row = (): Record<TripCaptureState, TripCell> => ({
    enviado: { count: 0, cents: 0 },
    pendiente: { count: 0, cents: 0 },
    rechazado: { count: 0, cents: 0 },
  });
  return { pago: row(), aportacion: row(), retiro: row() };
}

/** The trip's totals of a list of captures (exact cents). */
export function tripTotals(captures: readonly TripCapture[]): TripTotals {
  const cells = emptyCells();
  for (const c of captures) {
    const cell = cells[c.tipo][c.estado];
    cell.count += 1;
    cell.cents = sumCents([cell.cents, c.monto]);
  }
  const counted = (kind: TripCaptureKind) =>
    sumCents(COUNTED_STATES.map((state) => cells[kind][state].cents));
  const declared = {
    pago: counted('pago'),
    aportacion: counted('aportacion'),
    retiro: counted('retiro'),
  };
  const cashIn = sumCents(CASH_IN_KINDS.map((kind) => declared[kind]));
  const cashOut = declared.retiro;
  return { cells, declared, cashIn, cashOut, net: cashIn - cashOut };
}

/**
 * Who hands cash to whom at the end of a trip: the promoter to the office when the trip took in
 * more than it paid out, else the office to the promoter (a coordinator who paid a withdrawal
 * out of pocket). Never a negative figure: the direction says it.
 */
export interface HandIn {
  to: 'office' | 'promoter';
  cents: Cents;
}

export function handInOf(net: Cents): HandIn {
  return net < 0 ? { to: 'promoter', cents: -net } : { to: 'office', cents: net };
}

// ---------------------------------------------------------------- API answers

const amount = z.string();
const perKind = z.object({ pagos: amount, aportaciones: amount, retiros: amount });

/**
 * A write of a capture's chain other than the one the closing named: its correction (or the
 * correction's own correction), or the refused original a named correction replaced.
 */
export const tripClosingCorrectionSchema = z.object({
  clave: z.string(),
  /** The key of the write it corrects (its X-Replaces-Key / batch `replaces`). */
  reemplaza: z.string().nullable(),
  aceptada: z.boolean(),
  /** The cash kind of the accepted record (null: refused, or not cash). */
  tipo: z.enum(TRIP_CAPTURE_KINDS).nullable(),
  /** The accepted record's amount, or the amount the refused write asked for. */
  monto: amount.nullable(),
  recibido_en: z.iso.datetime().nullable(),
});

/** One capture a closing names, what the server received of it (corrections included). */
export const tripClosingLineSchema = z.object({
  clave: z.string(),
  tipo: z.enum(TRIP_CAPTURE_KINDS),
  /** As the phone declared it at the closing. */
  monto: amount,
  estado: z.enum(TRIP_CAPTURE_STATES),
  /** Cash the accepted writes of its chain hold (zero for a capture refused at the closing). */
  recibido: amount,
  correcciones: z.array(tripClosingCorrectionSchema),
});
export type TripClosingLine = z.output<typeof tripClosingLineSchema>;

/** A closing as the office reads it: declared by the phone, received by the server. */
export const tripClosingSchema = z.object({
  id: z.number().int(),
  promotor: z.number().int(),
  nombre_promotor: z.string(),
  desde: z.iso.datetime().nullable(),
  cerrado_en: z.iso.datetime(),
  recibido_en: z.iso.datetime(),
  /** The phone's totals (sent + pending at the closing), as decimal strings. */
  declarado: perKind,
  /** What the server holds of the captures the closing names: accepted records' amounts. */
  recibido: perKind,
  /** Captures the closing counts, and how many of them the server has accepted. */
  capturas: z.number().int(),
  capturas_recibidas: z.number().int(),
  /**
   * Every capture the closing names. A correction of a capture it counted is counted here,
   * never in a later closing (docs/trip-reconciliation.md).
   */
  lineas: z.array(tripClosingLineSchema).default([]),
});
export type TripClosingAnswer = z.output<typeof tripClosingSchema>;

export const tripClosingListSchema = z.array(tripClosingSchema);

/** A closing's figures in cents: declared, received and the difference to look at. */
export interface ClosingFigures {
  /** Cash the phone declared it received (payments + cash contributions) and paid out. */
  declaredIn: Cents;
  declaredOut: Cents;
  receivedIn: Cents;
  receivedOut: Cents;
  /** Declared to hand in minus what the server's records back: ≠ 0 needs a look. */
  difference: Cents;
  /** Corrections counted in this closing (accepted ones). */
  corrections: number;
}

export function closingFigures(closing: TripClosingAnswer): ClosingFigures {
  const cents = (text: string) => parseMoney(text) ?? 0;
  const d = closing.declarado;
  const r = closing.recibido;
  const declaredIn = sumCents([cents(d.pagos), cents(d.aportaciones)]);
  const declaredOut = cents(d.retiros);
  const receivedIn = sumCents([cents(r.pagos), cents(r.aportaciones)]);
  const receivedOut = cents(r.retiros);
  return {
    declaredIn,
    declaredOut,
    receivedIn,
    receivedOut,
    difference: declaredIn - declaredOut - (receivedIn - receivedOut),
    corrections: closing.lineas.reduce(
      (n, l) => n + l.correcciones.filter((c) => c.aceptada).length,
      0,
    ),
  };
}
