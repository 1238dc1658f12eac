/**
 * Scope and member checks shared by collections (acopios) and contributions/withdrawals
 * (movimientos): docs/business-rules.md#roles-and-scope read scope from #domain/permissions (CO,
 * GE, VI every member; a promoter the members of its region; a member itself), and the member a
 * write refers to — which must exist, be in the writer's scope and be active in the process.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Process } from '#domain/codes';
import { msg } from '#domain/messages';
import { scopeFor, type Scope } from '#domain/permissions';
import type { Db } from '#server/db/client';
import { comunidades, regiones, socios } from '#server/db/schema';
import { RuleError } from '#domain/rule-errors';
import type { MemberReader } from './members.ts';
import { isDbId } from './references.ts';

/** Records of members `reader` may see, as a condition over socios ⋈ comunidades. */
export function scopeCondition(scope: Scope, reader: MemberReader): SQL {
  switch (scope) {
    case 'all':
      return sql`true`;
    case 'region':
      return reader.region === null ? sql`false` : eq(comunidades.region, reader.region);
    case 'self':
      return reader.clave_socio === null ? sql`false` : eq(socios.clave_socio, reader.clave_socio);
    default:
      return sql`false`;
  }
}

/** Read scope of collections or movements for `reader`. */
export function deliveryReadScope(reader: MemberReader, resource: 'acopios' | 'movimientos'): SQL {
  return scopeCondition(scopeFor(reader.role, resource, 'read'), reader);
}

/** Full name as lists show it: names, then surnames. */
export const nombreSocio = sql<string>`trim(both ' ' from concat_ws(' ', ${socios.nombres}, nullif(${socios.apellido_paterno}, ''), nullif(${socios.apellido_materno}, '')))`;

/**
 * The member context every delivery row carries (acopios and movimientos alike), selected from
 * `<table> ⋈ socios ⋈ comunidades ⋈ regiones`; the table's own key and member key go first.
 */
export const memberContextColumns = {
  nombre_socio: nombreSocio,
  region: comunidades.region,
  nombre_region: regiones.nombre_de_region,
  comunidad: socios.comunidad,
  nombre_comunidad: comunidades.nombre_de_comunidad,
};

export interface WriteMember {
  clave_socio: number;
  region: number;
  estatus: Record<Process, string>;
}

/**
 * The member a write names, checked against the writer's scope for that action. Unknown and
 * out-of-scope members get the same answer (nothing leaks about other regions): a 400 on
 * `clave_socio`, which the phone shows under the field of the queued record. With `lock`, the
 * member's row stays locked until the transaction ends, which serialises every write that
 * reads and then changes this member's balance.
 */
export async function memberForWrite(
  tx: Db,
  clave: number,
  scope: Scope,
  reader: MemberReader,
  options: { lock?: boolean } = {},
): Promise<WriteMember> {
  const notFound = () =>
    new RuleError({
      clave_socio: [
        scope === 'region'
          ? msg('server.deliveries.memberNotInRegion', { clave })
          : msg('server.deliveries.memberNotFound', { clave }),
      ],
    });
  if (!isDbId(clave)) throw notFound();
  const query = tx
    .select({
      clave_socio: socios.clave_socio,
      region: comunidades.region,
      CF: socios.estatus_cafe,
      MI: socios.estatus_miel,
      JA: socios.estatus_yip,
      SL: socios.estatus_trabajador,
    })
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(and(eq(socios.clave_socio, clave), scopeCondition(scope, reader)));
  const [row] = options.lock ? await query.for('update', { of: socios }) : await query;
  if (!row) throw notFound();
  return {
    clave_socio: row.clave_socio,
    region: row.region,
    estatus: { CF: row.CF, MI: row.MI, JA: row.JA, SL: row.SL },
  };
}

/** Whether the member is active (AC) in `process` (CF→estatus_cafe … SL→estatus_trabajador). */
export function activeIn(member: WriteMember, process: Process): boolean {
  return member.estatus[process] === 'AC';
}

/** The message for a member not active in a process (its PROCESS_STATUS_FIELD is not AC). */
export function inactiveMessage(member: WriteMember, process: Process): string {
  return msg('server.deliveries.memberInactive', { clave: member.clave_socio, proceso: process });
}
