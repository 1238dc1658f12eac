/**
 * Visit marks (docs/community-visit.md): a promoter marks a member "no vino", "pagará el DATE"
 * or "visitado" during a community visit. One row per accepted write (its Idempotency-Key
 * makes it once); office data read per member, not replicated to phones (the phone reads its
 * own marks from its outbox).
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { VisitMark } from '#domain/forms/visit-mark';
import { socios } from './socios.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const visitMarks = pgTable(
  'visit_marks',
  {
    id: serial('id').primaryKey(),
    clave_socio: integer('clave_socio')
      .notNull()
      .references(() => socios.clave_socio),
    promotor: integer('promotor')
      .notNull()
      .references(() => users.id),
    tipo: text('tipo').$type<VisitMark>().notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    fecha_promesa: date('fecha_promesa', { mode: 'string' }),
    capturado_en: instant('capturado_en').notNull(),
    recibido_en: instant('recibido_en').notNull(),
  },
  (t) => [
    index('visit_marks_socio_idx').on(t.clave_socio, t.fecha),
    index('visit_marks_promotor_idx').on(t.promotor, t.fecha),
    check('visit_marks_tipo', sql`${t.tipo} IN ('ausente', 'promesa', 'visitado')`),
    check('visit_marks_promesa', sql`(${t.tipo} = 'promesa') = (${t.fecha_promesa} IS NOT NULL)`),
  ],
);
