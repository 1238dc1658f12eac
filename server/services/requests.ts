/**
 * Credit requests (solicitudes, docs/business-rules.md#credit-requests) on the server: the lists,
 * the detail and the creation with the rules only the server can check (members exist, applicant
 * active in the process, a promoter's applicant in its region, duplicates). The PATCH transitions
 * live in
 * `request-transitions.ts`, the shape in `request-shape.ts`.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { PROCESS_STATUS_FIELD } from '#domain/codes';
import type { CreditRequestValues } from '#domain/forms/credit-request';
import { msg } from '#domain/messages';
import { centsToDecimalString, parseMoney } from '#domain/money';
import { scopeFor } from '#domain/permissions';
import { duplicateMessage, duplicateRequest } from '#domain/request-rules';
import type { AuthUser } from '#server/auth/authenticate';
import type { Db } from '#server/db/client';
import { comunidades, socios, solicitudChat, solicitudes } from '#server/db/schema';
import type { Capture } from '#domain/sync-protocol';
import { ErrorBag } from './request-input.ts';
import {
  loadRequests,
  requestScope,
  type CreditRequestDetail,
  type RequestReader,
} from './request-shape.ts';
import { isDbId } from './references.ts';

export {
  findRequest,
  requestScope,
  type CreditRequestDetail,
  type RequestChatEntry,
  type RequestReader,
} from './request-shape.ts';
import { allOf, theRow } from '#server/db/conditions';

/** The reader of an authenticated caller. */
export const readerOf = (user: AuthUser): RequestReader => ({ role: user.role, userId: user.id });

/**
 * GET /solic-creditos.json ("recent": evaluation RV and not rejected) or /solic-creditos/all/
 * (everything in scope); newest request date first.
 */
export function listRequests(
  db: Db,
  reader: RequestReader,
  which: 'recent' | 'all',
): Promise<CreditRequestDetail[]> {
  const recent: SQL =
    which === 'recent'
      ? allOf(eq(solicitudes.estatus_evaluacion, 'RV'), ne(solicitudes.estatus_solicitud, 'RE'))
      : sql`true`;
  return loadRequests(db, allOf(requestScope(reader), recent));
}

/** One request by folio, unscoped (inside a write, after the caller's scope was checked). */
export async function requestByFolio(db: Db, folio: number): Promise<CreditRequestDetail> {
  const [found] = await loadRequests(db, eq(solicitudes.folio_solicitud, folio));
  if (!found) throw new Error(`request ${folio} vanished inside its transaction`);
  return found;
}

/**
 * Field errors for the rules of docs/business-rules.md#credit-requests that need the database: the
 * applicant exists (for a promoter: in its region — otherwise it looks unknown, like every
 * out-of-scope id), is active (AC) in the chosen process; the guarantor exists (for a
 * promoter: in its region, under the same rule); no other
 * request (`except` = the request being corrected) has the same member, date and amount.
 */
export async function checkRequestRules(
  tx: Db,
  user: AuthUser,
  values: CreditRequestValues,
  except: number | null = null,
): Promise<void> {
  const bag = new ErrorBag();
  const memberOf = async (clave: number) => {
    if (!isDbId(clave)) return undefined;
    const [row] = await tx
      .select({
        region: comunidades.region,
        estatus_cafe: socios.estatus_cafe,
        estatus_miel: socios.estatus_miel,
        estatus_yip: socios.estatus_yip,
        estatus_trabajador: socios.estatus_trabajador,
        estatus_comonSit: socios.estatus_comon_sit,
      })
      .from(socios)
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .where(eq(socios.clave_socio, clave));
    return row;
  };

  // A promoter reads only its region's members: any other key looks unknown (no oracle).
  const regionOnly = scopeFor(user.role, 'socios', 'read') === 'region';
  const visible = (member: Awaited<ReturnType<typeof memberOf>>) =>
    member !== undefined && (!regionOnly || member.region === user.region);
  const applicant = await memberOf(values.clave_socio);
  if (!applicant || !visible(applicant)) {
    bag.add('clave_socio', msg('server.requests.memberNotFound', { clave: values.clave_socio }));
    // Nothing more about a member the caller may not see: no rule below may answer about it
    // (a duplicate would confirm the member, its request and its folio).
    bag.throwIfAny();
  } else if (applicant[PROCESS_STATUS_FIELD[values.proceso]] !== 'AC') {
    bag.add('proceso', msg('server.requests.memberNotActive', { proceso: values.proceso }));
  }
  if (values.aval !== values.clave_socio && !visible(await memberOf(values.aval))) {
    bag.add('aval', msg('server.requests.avalNotFound', { clave: values.aval }));
  }

  // The duplicate rule is #domain/request-rules' (the phone runs it too), over the stored
  // requests of that member and date.
  const sameDay = isDbId(values.clave_socio)
    ? await tx
        .select({
          folio: solicitudes.folio_solicitud,
          clave_socio: solicitudes.clave_socio,
          fecha_solicitud: solicitudes.fecha_solicitud,
          monto_solicitado: solicitudes.monto_solicitado,
        })
        .from(solicitudes)
        .where(
          and(
            eq(solicitudes.clave_socio, values.clave_socio),
            eq(solicitudes.fecha_solicitud, values.fecha_solicitud),
          ),
        )
    : [];
  const known = sameDay.map((r) => ({
    ...r,
    monto_solicitado: parseMoney(r.monto_solicitado) ?? -1,
  }));
  const duplicate = duplicateRequest(values, known, except);
  if (duplicate && typeof duplicate.folio === 'number') {
    bag.add('non_field_errors', duplicateMessage(duplicate.folio));
  }
  bag.throwIfAny();
}

/** The stored columns of a validated request form. */
export function requestFormColumns(values: CreditRequestValues) {
  return {
    fecha_solicitud: values.fecha_solicitud,
    clave_socio: values.clave_socio,
    proceso: values.proceso,
    tipo_credito: values.tipo_credito,
    act_productiva: values.act_productiva,
    act_productiva_otro: values.act_productiva_otro,
    mot_credito: values.mot_credito,
    mot_credito_otro: values.mot_credito_otro,
    emergencia_medica: values.emergencia_medica,
    monto_solicitado: centsToDecimalString(values.monto_solicitado),
    plazo_de_pago_solicitado: values.plazo_de_pago_solicitado,
    justificacion_credito: values.justificacion_credito,
    aval: values.aval,
    familiar_responsable: values.familiar_responsable,
  };
}

/** Append one comment to a request's chat, stamped with its author and capture time. */
export async function appendChat(
  tx: Db,
  folio: number,
  userId: number,
  comentario: string | null,
  capture: Capture,
): Promise<void> {
  if (comentario === null) return;
  await tx.insert(solicitudChat).values({
    solicitud: folio,
    user_id: userId,
    comentario,
    fecha: capture.capturedAt ?? capture.receivedAt,
  });
}

/**
 * POST /solic-creditos/: the caller is the promoter, both statuses start in review (RV) and the
 * promoter's comment becomes the first chat entry.
 */
export async function createRequest(
  tx: Db,
  user: AuthUser,
  values: CreditRequestValues,
  capture: Capture,
): Promise<CreditRequestDetail> {
  await checkRequestRules(tx, user, values);
  const row = theRow(
    await tx
      .insert(solicitudes)
      .values({
        ...requestFormColumns(values),
        comentarios_promotor: values.comentarios_promotor,
        estatus_solicitud: 'RV',
        estatus_evaluacion: 'RV',
        promotor: user.id,
        capturado_en: capture.capturedAt,
        recibido_en: capture.receivedAt,
      })
      .returning({ folio: solicitudes.folio_solicitud }),
    'request insert',
  );
  const folio = row.folio;
  await appendChat(tx, folio, user.id, values.comentarios_promotor, capture);
  return requestByFolio(tx, folio);
}
