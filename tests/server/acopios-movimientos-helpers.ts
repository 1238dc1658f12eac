/**
 * Shared by the collection and movement API tests: members picked from the database by region
 * and active process, and a JSON write as a given demo user.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Process } from '#domain/codes';
import { acopios, comunidades, movimientos, socios, users } from '#server/db/schema';
import type { TestApp } from '#tests/helpers/server-app';

const STATUS_COLUMN = {
  CF: socios.estatus_cafe,
  MI: socios.estatus_miel,
  JA: socios.estatus_yip,
  SL: socios.estatus_trabajador,
} as const;

/** Members of `region` with their statuses, lowest key first. */
export async function membersOf(t: TestApp, region: number) {
  return t.db
    .select({
      clave: socios.clave_socio,
      comunidad: socios.comunidad,
      CF: socios.estatus_cafe,
      MI: socios.estatus_miel,
      JA: socios.estatus_yip,
      SL: socios.estatus_trabajador,
    })
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(eq(comunidades.region, region))
    .orderBy(asc(socios.clave_socio));
}

/** The `nth` member of `region` active (AC) in every one of `processes`. */
export async function activeMember(
  t: TestApp,
  region: number,
  processes: Process[],
  nth = 0,
): Promise<number> {
  const found = (await membersOf(t, region)).filter((m) => processes.every((p) => m[p] === 'AC'));
  const member = found[nth];
  if (!member) throw new Error(`no member #${nth} of region ${region} active in ${processes}`);
  return member.clave;
}

/** A member of `region` NOT active in `process`. */
export async function inactiveMember(t: TestApp, region: number, process: Process) {
  const member = (await membersOf(t, region)).find((m) => m[process] !== 'AC');
  if (!member) throw new Error(`every member of region ${region} is active in ${process}`);
  return member.clave;
}

/** Set a member's status in one process (the office changed it meanwhile). */
export async function setStatus(t: TestApp, clave: number, process: Process, status: string) {
  await t.db
    .update(socios)
    .set({ [STATUS_COLUMN[process].name]: status })
    .where(eq(socios.clave_socio, clave));
}

/** The member linked to a demo user. */
export async function linkedMember(t: TestApp, username: string): Promise<number> {
  const [row] = await t.db
    .select({ clave: users.clave_socio })
    .from(users)
    .where(eq(users.username, username));
  if (!row?.clave) throw new Error(`${username} has no member`);
  return row.clave;
}

/** Region of a member. */
export async function regionOf(t: TestApp, clave: number): Promise<number> {
  const [row] = await t.db
    .select({ region: comunidades.region })
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(eq(socios.clave_socio, clave));
  return row!.region;
}

/** A JSON write as `username`; extra headers (X-Captured-At, Idempotency-Key) on top. */
export function write(
  t: TestApp,
  username: string,
  method: 'POST' | 'PATCH',
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.as(username, { method, url, payload, headers });
}

/** Count rows of a table (a rejection must have written nothing). */
export async function countRows(t: TestApp, table: 'acopios' | 'movimientos'): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table === 'acopios' ? acopios : movimientos);
  return row!.n;
}
