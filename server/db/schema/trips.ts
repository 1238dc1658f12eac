/**
 * A promoter's trip closings: what the phone declared as cash received and
 * paid out since its previous closing, and the idempotency keys of the captures behind those
 * figures. The server's own "received" figures are recomputed at each read from the accepted
 * records those keys created (server/services/trip-closings.ts), so a capture that arrives
 * after its closing still counts. Office data: not replicated to phones.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { TripCaptureKind, TripCaptureState } from '#domain/trip-shapes';
import { users } from './users.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const tripClosings = pgTable(
  'trip_closings',
  {
    id: serial('id').primaryKey(),
    promotor: integer('promotor')
      .notNull()
      .references(() => users.id),
    /** Start of the trip: the previous closing, or the first capture it covers. */
    desde: instant('desde'),
    /** When the promoter closed it on the phone (X-Captured-At), else when it arrived. */
    cerrado_en: instant('cerrado_en').notNull(),
    recibido_en: instant('recibido_en').notNull(),
    // Declared cash: the captures sent or still pending at the closing (refused ones excluded).
    pagos: money('pagos').notNull(),
    aportaciones: money('aportaciones').notNull(),
    retiros: money('retiros').notNull(),
  },
  (t) => [
    index('trip_closings_promotor_idx').on(t.promotor, t.cerrado_en),
    check(
      'trip_closings_amounts',
      sql`${t.pagos} >= 0 AND ${t.aportaciones} >= 0 AND ${t.retiros} >= 0`,
    ),
  ],
);

/** One capture a closing covers: the phone's Idempotency-Key of its write, kind, amount, state. */
export const tripClosingCaptures = pgTable(
  'trip_closing_captures',
  {
    closing_id: integer('closing_id')
      .notNull()
      .references(() => tripClosings.id, { onDelete: 'cascade' }),
    clave: text('clave').notNull(),
    tipo: text('tipo').$type<TripCaptureKind>().notNull(),
    monto: money('monto').notNull(),
    estado: text('estado').$type<TripCaptureState>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.closing_id, t.clave] }),
    check('trip_closing_captures_tipo', sql`${t.tipo} IN ('pago','aportacion','retiro')`),
    check('trip_closing_captures_estado', sql`${t.estado} IN ('enviado','pendiente','rechazado')`),
    check('trip_closing_captures_monto', sql`${t.monto} > 0`),
  ],
);
