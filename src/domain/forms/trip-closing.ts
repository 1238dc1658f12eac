/**
 * The body of `POST /api/cierres-viaje/`, queued by the phone's "Cerrar
 * viaje": the start of the trip, the declared totals per kind (the captures sent or pending)
 * and every capture the closing covers, each named by its write's Idempotency-Key. The totals
 * must be the sums of the counted captures listed, so the office never reads figures that no
 * capture backs.
 */
import * as z from 'zod';
import { AMOUNT_MAX_CENTS, AMOUNT_MIN_CENTS } from '#domain/codes';
import { msg } from '#domain/messages';
import { centsToPlainString } from '#domain/money';
import { always, enumField, issueAt, moneyField, requiredText } from '#domain/rules';
import { IDEMPOTENCY_KEY_RE } from '#domain/sync-protocol';
import {
  TRIP_CAPTURE_KINDS,
  TRIP_CAPTURE_STATES,
  tripTotals,
  type TripCapture,
  type TripCaptureKind,
} from '#domain/trip-shapes';
import { isOneOf, isRecord } from '#domain/guards';

/** More captures than a phone takes in months of trips: the rest of a body is refused. */
export const TRIP_CAPTURES_MAX = 2000;
/** A trip's total stays within what the money columns hold. */
const TOTAL_MAX_CENTS = 99_999_999_999;

const captureSchema = z.strictObject({
  clave: requiredText({ max: 128 }).refine((key) => IDEMPOTENCY_KEY_RE.test(key), {
    error: msg('validation.invalidValue'),
  }),
  tipo: enumField(TRIP_CAPTURE_KINDS),
  monto: moneyField({ min: AMOUNT_MIN_CENTS, max: AMOUNT_MAX_CENTS }),
  estado: enumField(TRIP_CAPTURE_STATES),
});

function isValidCapture(c: unknown): c is TripCapture {
  return (
    isRecord(c) &&
    Number.isSafeInteger(c.monto) &&
    isOneOf(TRIP_CAPTURE_KINDS, c.tipo) &&
    isOneOf(TRIP_CAPTURE_STATES, c.estado)
  );
}

const DECLARED_FIELDS: Record<TripCaptureKind, 'pagos' | 'aportaciones' | 'retiros'> = {
  pago: 'pagos',
  aportacion: 'aportaciones',
  retiro: 'retiros',
};

export function tripClosingSchema() {
  const total = () => moneyField({ min: 0, max: TOTAL_MAX_CENTS });
  return z
    .object({
      desde: z.iso.datetime({ error: msg('validation.invalidDate') }).nullable(),
      pagos: total(),
      aportaciones: total(),
      retiros: total(),
      capturas: z.array(captureSchema).max(TRIP_CAPTURES_MAX, {
        error: msg('validation.maxItems', { n: TRIP_CAPTURES_MAX }),
      }),
    })
    .strict()
    .superRefine(
      (v, rc) => {
        // Sums only over a list whose every capture passed its own checks (reported apart).
        if (!Array.isArray(v.capturas) || !v.capturas.every(isValidCapture)) return;
        const keys = new Set(v.capturas.map((c) => c.clave));
        if (keys.size !== v.capturas.length)
          issueAt(rc, 'capturas', msg('server.trips.duplicateCapture'));
        const declared = tripTotals(v.capturas).declared;
        for (const kind of TRIP_CAPTURE_KINDS) {
          const field = DECLARED_FIELDS[kind];
          if (typeof v[field] === 'number' && v[field] !== declared[kind])
            issueAt(
              rc,
              field,
              msg('server.trips.totalMismatch', { suma: centsToPlainString(declared[kind]) }),
            );
        }
      },
      { when: always },
    );
}

export type TripClosingSchema = ReturnType<typeof tripClosingSchema>;
export type TripClosingValues = z.output<TripClosingSchema>;
export type TripClosingInput = z.input<TripClosingSchema>;
