/**
 * THE shape of a credit request: what GET
 * /solic-creditos/{folio}.json, both lists, every write and the delta pull answer, so the
 * phone's replica and the API never drift apart. Who sees which request
 * (docs/business-rules.md#roles-and-scope: CO, GE, VI all; a promoter only the ones it created; a
 * member none) comes from #domain/permissions.
 *
 * Display names (`*_nombre`, `area_proceso`) are the SPANISH labels of the codes
 * (locales/es.json `codes.*`), as the system the spec describes answered them; the PWA shows
 * its own translation from the code beside each one. `promotor` is the creating user's id
 * (the phone filters its own requests by it) and `promotor_nombre` that user's name.
 */
import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { codeLabelKey, PROCESS_STATUS_FIELD, type CodeListName, type CodeOf } from '#domain/codes';
import type { CreditRequestAnswer, CreditRequestChatEntry } from '#domain/credit-request-shape';
import { scopeFor } from '#domain/permissions';
import type { Role } from '#domain/roles';
import type { Db } from '#server/db/client';
import {
  comunidades,
  contratos,
  regiones,
  socios,
  solicitudChat,
  solicitudes,
  users,
} from '#server/db/schema';
import { loadTranslator, type Translator } from '#server/i18n';
import { allOf } from '#server/db/conditions';

/** One comment of the request's conversation. */
export type RequestChatEntry = CreditRequestChatEntry;

/** A request as every route and the pull answer it (#domain/credit-request-shape). */
export type CreditRequestDetail = CreditRequestAnswer;

/** Who reads requests (AuthUser-like, or the pull's scope). */
export interface RequestReader {
  role: Role;
  userId: number;
}

/** The requests `reader` may read, as a WHERE condition over solicitudes. */
export function requestScope(reader: RequestReader): SQL {
  switch (scopeFor(reader.role, 'solicitudes', 'read')) {
    case 'all':
      return sql`true`;
    case 'own':
      return eq(solicitudes.promotor, reader.userId);
    default:
      return sql`false`;
  }
}

let translator: Translator | null = null;

/** The Spanish label of a code (the reference language of locales/). */
export function spanishLabel<L extends CodeListName>(list: L, code: CodeOf<L>): string {
  translator ??= loadTranslator();
  return translator.t('es', codeLabelKey(list, code));
}

const aval = alias(socios, 'aval_socio');

const joinName = (parts: (string | null)[]) =>
  parts
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');

const requestColumns = {
  version: solicitudes.row_version,
  folio_solicitud: solicitudes.folio_solicitud,
  fecha_solicitud: solicitudes.fecha_solicitud,
  clave_socio: solicitudes.clave_socio,
  socio_nombres: socios.nombres,
  socio_paterno: socios.apellido_paterno,
  socio_materno: socios.apellido_materno,
  comunidad: socios.comunidad,
  nombre_comunidad: comunidades.nombre_de_comunidad,
  region: comunidades.region,
  nombre_region: regiones.nombre_de_region,
  proceso: solicitudes.proceso,
  tipo_credito: solicitudes.tipo_credito,
  act_productiva: solicitudes.act_productiva,
  act_productiva_otro: solicitudes.act_productiva_otro,
  mot_credito: solicitudes.mot_credito,
  mot_credito_otro: solicitudes.mot_credito_otro,
  emergencia_medica: solicitudes.emergencia_medica,
  monto_solicitado: solicitudes.monto_solicitado,
  plazo_de_pago_solicitado: solicitudes.plazo_de_pago_solicitado,
  justificacion_credito: solicitudes.justificacion_credito,
  aval: solicitudes.aval,
  aval_nombres: aval.nombres,
  aval_paterno: aval.apellido_paterno,
  aval_materno: aval.apellido_materno,
  familiar_responsable: solicitudes.familiar_responsable,
  comentarios_promotor: solicitudes.comentarios_promotor,
  estatus_solicitud: solicitudes.estatus_solicitud,
  estatus_evaluacion: solicitudes.estatus_evaluacion,
  pregunta_1: solicitudes.pregunta_1,
  pregunta_2: solicitudes.pregunta_2,
  pregunta_3: solicitudes.pregunta_3,
  pregunta_4: solicitudes.pregunta_4,
  irregularidades: solicitudes.irregularidades,
  comentarios_coordinador: solicitudes.comentarios_coordinador,
  monto_aprobado: solicitudes.monto_aprobado,
  plazo_aprobado: solicitudes.plazo_aprobado,
  tasa_aprobada: solicitudes.tasa_aprobada,
  tasa_mor_aprobada: solicitudes.tasa_mor_aprobada,
  comentarios_gerente: solicitudes.comentarios_gerente,
  promotor: solicitudes.promotor,
  promotor_first: users.first_name,
  promotor_last: users.last_name,
  promotor_username: users.username,
  contrato: contratos.id,
  capturado_en: solicitudes.capturado_en,
  recibido_en: solicitudes.recibido_en,
};

type RequestRecord = Awaited<ReturnType<typeof selectRequests>>[number];

function selectRequests(db: Db) {
  return db
    .select(requestColumns)
    .from(solicitudes)
    .innerJoin(socios, eq(solicitudes.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .innerJoin(regiones, eq(comunidades.region, regiones.id))
    .innerJoin(aval, eq(solicitudes.aval, aval.clave_socio))
    .innerJoin(users, eq(solicitudes.promotor, users.id))
    .leftJoin(contratos, eq(contratos.solicitud, solicitudes.folio_solicitud));
}

function userName(first: string, last: string, username: string): string {
  return joinName([first, last]) || username;
}

/** The chat of each request in the order the server received it (fecha is the capture time). */
async function loadChats(db: Db, folios: number[]): Promise<Map<number, RequestChatEntry[]>> {
  const chats = new Map<number, RequestChatEntry[]>();
  if (folios.length === 0) return chats;
  const rows = await db
    .select({
      id: solicitudChat.id,
      solicitud: solicitudChat.solicitud,
      fecha: solicitudChat.fecha,
      comentario: solicitudChat.comentario,
      first: users.first_name,
      last: users.last_name,
      username: users.username,
    })
    .from(solicitudChat)
    .innerJoin(users, eq(solicitudChat.user_id, users.id))
    .where(inArray(solicitudChat.solicitud, folios))
    .orderBy(asc(solicitudChat.id));
  for (const row of rows) {
    const list = chats.get(row.solicitud) ?? [];
    list.push({
      id: row.id,
      user: userName(row.first, row.last, row.username),
      fecha: row.fecha.toISOString(),
      comentario: row.comentario,
    });
    chats.set(row.solicitud, list);
  }
  return chats;
}

function toDetail(r: RequestRecord, chat: RequestChatEntry[]): CreditRequestDetail {
  return {
    folio_solicitud: r.folio_solicitud,
    fecha_solicitud: r.fecha_solicitud,
    clave_socio: r.clave_socio,
    nombre_socio: joinName([r.socio_nombres, r.socio_paterno, r.socio_materno]),
    comunidad: r.comunidad,
    nombre_comunidad: r.nombre_comunidad,
    region: r.region,
    nombre_region: r.nombre_region,
    proceso: r.proceso,
    proceso_nombre: spanishLabel('processes', r.proceso),
    area_proceso: spanishLabel('memberAreas', PROCESS_STATUS_FIELD[r.proceso]),
    tipo_credito: r.tipo_credito,
    tipo_credito_nombre: spanishLabel('creditTypes', r.tipo_credito),
    act_productiva: r.act_productiva,
    act_productiva_nombre:
      r.act_productiva === null ? null : spanishLabel('productiveActivities', r.act_productiva),
    act_productiva_otro: r.act_productiva_otro,
    mot_credito: r.mot_credito,
    mot_credito_nombre: spanishLabel('creditReasons', r.mot_credito),
    mot_credito_otro: r.mot_credito_otro,
    emergencia_medica: r.emergencia_medica,
    monto_solicitado: r.monto_solicitado,
    plazo_de_pago_solicitado: r.plazo_de_pago_solicitado,
    justificacion_credito: r.justificacion_credito,
    aval: r.aval,
    aval_nombre: joinName([r.aval_nombres, r.aval_paterno, r.aval_materno]),
    familiar_responsable: r.familiar_responsable,
    comentarios_promotor: r.comentarios_promotor,
    estatus_solicitud: r.estatus_solicitud,
    estatus_evaluacion: r.estatus_evaluacion,
    pregunta_1: r.pregunta_1,
    pregunta_2: r.pregunta_2,
    pregunta_3: r.pregunta_3,
    pregunta_4: r.pregunta_4,
    irregularidades: r.irregularidades,
    comentarios_coordinador: r.comentarios_coordinador,
    monto_aprobado: r.monto_aprobado,
    plazo_aprobado: r.plazo_aprobado,
    tasa_aprobada: r.tasa_aprobada,
    tasa_mor_aprobada: r.tasa_mor_aprobada,
    comentarios_gerente: r.comentarios_gerente,
    promotor: r.promotor,
    promotor_nombre: userName(r.promotor_first, r.promotor_last, r.promotor_username),
    contrato: r.contrato,
    capturado_en: r.capturado_en?.toISOString() ?? null,
    recibido_en: r.recibido_en?.toISOString() ?? null,
    chat,
  };
}

/** Requests matching `where` (already scoped), newest request date first, with their chat. */
export async function loadRequests(db: Db, where: SQL): Promise<CreditRequestDetail[]> {
  const rows = await selectRequests(db)
    .where(where)
    .orderBy(desc(solicitudes.fecha_solicitud), desc(solicitudes.folio_solicitud));
  const chats = await loadChats(
    db,
    rows.map((r) => r.folio_solicitud),
  );
  return rows.map((r) => toDetail(r, chats.get(r.folio_solicitud) ?? []));
}

/** Changed requests for the delta pull: row_version > `after`, ascending, at most `limit`. */
export async function loadRequestChanges(
  db: Db,
  where: SQL,
  limit: number,
): Promise<{ version: number; row: CreditRequestDetail }[]> {
  const rows = await selectRequests(db)
    .where(where)
    .orderBy(asc(solicitudes.row_version))
    .limit(limit);
  const chats = await loadChats(
    db,
    rows.map((r) => r.folio_solicitud),
  );
  return rows.map((r) => ({
    version: r.version,
    row: toDetail(r, chats.get(r.folio_solicitud) ?? []),
  }));
}

/** One request if `reader` may see it, else null (unknown and out of scope look the same). */
export async function findRequest(
  db: Db,
  reader: RequestReader,
  folio: number,
): Promise<CreditRequestDetail | null> {
  const [found] = await loadRequests(
    db,
    allOf(eq(solicitudes.folio_solicitud, folio), requestScope(reader)),
  );
  return found ?? null;
}
