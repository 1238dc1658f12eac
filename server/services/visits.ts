/**
 * Visit marks (docs/community-visit.md): a promoter's "no vino" / "pagará el DATE" /
 * "visitado" on a member, stored once per write (the write route's Idempotency-Key), and a
 * member's marks for the office. A member the caller may not read is refused exactly like one
 * that does not exist (400 on `clave_socio`), so the answer never tells the two apart.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { VisitMarkValues } from '#domain/forms/visit-mark';
import { msg } from '#domain/messages';
import { RuleError } from '#domain/rule-errors';
import type { Capture } from '#domain/sync-protocol';
import { VISIT_MARKS_LIST_MAX, type VisitMarkRow } from '#domain/visit-shapes';
import type { AuthUser } from '#server/auth/authenticate';
import type { Db } from '#server/db/client';
import { comunidades, socios, users, visitMarks } from '#server/db/schema';
import { findMember, memberScope } from './members.ts';
import { theRow } from '#server/db/conditions';

/** Store one mark (inside the write's transaction); answers its id. */
export async function createVisitMark(
  tx: Db,
  user: AuthUser,
  body: VisitMarkValues,
  capture: Capture,
): Promise<number> {
  const member = await findMember(tx, user, body.clave_socio);
  if (!member) {
    throw new RuleError({
      clave_socio: [msg('server.deliveries.memberNotFound', { clave: body.clave_socio })],
    });
  }
  const row = theRow(
    await tx
      .insert(visitMarks)
      .values({
        clave_socio: member.clave_socio,
        promotor: user.id,
        tipo: body.tipo,
        fecha: body.fecha,
        fecha_promesa: body.fecha_promesa,
        capturado_en: capture.capturedAt ?? capture.receivedAt,
        recibido_en: capture.receivedAt,
      })
      .returning({ id: visitMarks.id }),
    'visit mark insert',
  );
  return row.id;
}

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();
const trimmedJoin = (...parts: (string | null)[]) =>
  parts
    .filter((p): p is string => p !== null && p.trim() !== '')
    .map((p) => p.trim())
    .join(' ');

/** Marks in the reader's scope matching `where`, newest first. */
export async function listVisitMarks(
  db: Db,
  reader: AuthUser,
  where: SQL,
  limit = VISIT_MARKS_LIST_MAX,
): Promise<VisitMarkRow[]> {
  const rows = await db
    .select({
      id: visitMarks.id,
      clave_socio: visitMarks.clave_socio,
      nombres: socios.nombres,
      apellido_paterno: socios.apellido_paterno,
      apellido_materno: socios.apellido_materno,
      comunidad: socios.comunidad,
      nombre_comunidad: comunidades.nombre_de_comunidad,
      tipo: visitMarks.tipo,
      fecha: visitMarks.fecha,
      fecha_promesa: visitMarks.fecha_promesa,
      promotor: visitMarks.promotor,
      first_name: users.first_name,
      last_name: users.last_name,
      username: users.username,
      capturado_en: visitMarks.capturado_en,
      recibido_en: visitMarks.recibido_en,
    })
    .from(visitMarks)
    .innerJoin(socios, eq(socios.clave_socio, visitMarks.clave_socio))
    .innerJoin(comunidades, eq(comunidades.id, socios.comunidad))
    .innerJoin(users, eq(users.id, visitMarks.promotor))
    .where(and(where, memberScope(reader)))
    .orderBy(desc(visitMarks.capturado_en), desc(visitMarks.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    clave_socio: r.clave_socio,
    nombre_socio: trimmedJoin(r.nombres, r.apellido_paterno, r.apellido_materno),
    comunidad: r.comunidad,
    nombre_comunidad: r.nombre_comunidad,
    tipo: r.tipo,
    fecha: r.fecha,
    fecha_promesa: r.fecha_promesa,
    promotor: r.promotor,
    nombre_promotor: trimmedJoin(r.first_name, r.last_name) || r.username,
    capturado_en: iso(r.capturado_en),
    recibido_en: iso(r.recibido_en),
  }));
}

export const markOfId = (id: number): SQL => eq(visitMarks.id, id);
export const marksOfMember = (clave: number): SQL => eq(visitMarks.clave_socio, clave);
