/**
 * A promoter's mark on a member during a community visit (docs/community-visit.md): "no vino"
 * (absent), "pagará el DATE" (a promise to pay) or "visitado". The body of `POST /api/visitas/`,
 * queued by the phone like every capture. Strict: a field the schema does not name is a 400 on
 * that field, so a phone of a later version never writes what this server would silently drop.
 */
import * as z from 'zod';
import { msg } from '#domain/messages';
import { addDays } from '#domain/dates';
import {
  always,
  enumField,
  integerField,
  isoDateField,
  issueAt,
  todayFn,
  type SchemaContext,
} from '#domain/rules';

/** The marks, as stored: absent, promise to pay, visited. */
export const VISIT_MARKS = ['ausente', 'promesa', 'visitado'] as const;
export type VisitMark = (typeof VISIT_MARKS)[number];

/** A promise further ahead than this is a typing slip (a year). */
export const PROMISE_MAX_DAYS = 366;

export function visitMarkSchema(ctx: SchemaContext = {}) {
  const today = todayFn(ctx.today);
  return z
    .strictObject({
      clave_socio: integerField({ min: 1 }),
      /** The day of the visit (the phone's date of capture). */
      fecha: isoDateField({ kind: 'capture', today }),
      tipo: enumField(VISIT_MARKS),
      /** Only for a promise: the day the member said it will pay (today or later). */
      fecha_promesa: isoDateField({ required: false }).optional(),
    })
    .superRefine(
      (v, rc) => {
        if (v.tipo !== 'promesa' || typeof v.fecha !== 'string') return;
        const promised = v.fecha_promesa ?? null;
        if (promised === null) {
          issueAt(rc, 'fecha_promesa', msg('validation.required'));
          return;
        }
        if (promised < v.fecha)
          issueAt(rc, 'fecha_promesa', msg('validation.promiseBeforeVisit', { fecha: v.fecha }));
        else if (promised > addDays(v.fecha, PROMISE_MAX_DAYS))
          issueAt(
            rc,
            'fecha_promesa',
            msg('validation.dateTooLate', { fecha: addDays(v.fecha, PROMISE_MAX_DAYS) }),
          );
      },
      { when: always },
    )
    .transform((v) => ({
      clave_socio: v.clave_socio,
      fecha: v.fecha,
      tipo: v.tipo,
      // A date sent with another mark means nothing: it is not kept.
      fecha_promesa: v.tipo === 'promesa' ? (v.fecha_promesa ?? null) : null,
    }));
}

export type VisitMarkSchema = ReturnType<typeof visitMarkSchema>;
export type VisitMarkInput = z.input<VisitMarkSchema>;
export type VisitMarkValues = z.output<VisitMarkSchema>;
