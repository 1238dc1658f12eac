/**
 * Shared by the credit-request API tests: members picked straight from the database (region,
 * active process), a valid request body, creating a request through the API, and putting a
 * request into a given state for the transition tests (a test fixture, written directly).
 */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EvaluationStatus, RequestStatus } from '#domain/codes';
import { comunidades, socios, solicitudes, users } from '#server/db/schema';
import type { CreditRequestDetail } from '#server/services/requests';
import { exactly, type Tuple } from '#tests/helpers/present';
import type { TestApp } from '#tests/helpers/server-app';

/** `count` members of `region` active in coffee (CF), lowest keys first, skipping demo-user links. */
export async function coffeeMembers<N extends number>(
  t: TestApp,
  region: number,
  count: N,
): Promise<Tuple<number, N>> {
  const linked = (await t.db.select({ clave: users.clave_socio }).from(users))
    .map((u) => u.clave)
    .filter((c): c is number => c !== null);
  const rows = await t.db
    .select({ clave: socios.clave_socio })
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(
      and(
        eq(comunidades.region, region),
        eq(socios.estatus_cafe, 'AC'),
        notInArray(socios.clave_socio, linked),
      ),
    )
    .orderBy(asc(socios.clave_socio))
    .limit(count);
  return exactly(
    rows.map((r) => r.clave),
    count,
    `coffee member of region ${region}`,
  );
}

/** A member of `region` that is NOT active in coffee. */
export async function memberNotInCoffee(t: TestApp, region: number): Promise<number> {
  const rows = await t.db
    .select({ clave: socios.clave_socio, cafe: socios.estatus_cafe })
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(eq(comunidades.region, region))
    .orderBy(asc(socios.clave_socio));
  const found = rows.find((r) => r.cafe !== 'AC');
  if (!found) throw new Error(`every member of region ${region} is in coffee`);
  return found.clave;
}

export async function userId(t: TestApp, username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

let amountCounter = 0;

/** A valid request body; each call gets another amount so no two are duplicates. */
export function requestBody(
  applicant: number,
  aval: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  amountCounter += 1;
  return {
    fecha_solicitud: '2025-03-10',
    clave_socio: applicant,
    proceso: 'CF',
    tipo_credito: 'MC',
    mot_credito: 'TR',
    act_productiva: 'CA',
    monto_solicitado: `${1000 + amountCounter}.50`,
    plazo_de_pago_solicitado: 10,
    justificacion_credito: 'Renovar cafetal',
    aval,
    familiar_responsable: 'Juana Pérez',
    comentarios_promotor: 'Socia cumplida',
    ...overrides,
  };
}

/** POST a request as `username`; expects 201 and answers the created request. */
export async function createRequestAs(
  t: TestApp,
  username: string,
  body: Record<string, unknown>,
): Promise<CreditRequestDetail> {
  const res = await t.as(username, { method: 'POST', url: '/api/solic-creditos/', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreditRequestDetail>();
}

/** Fixture: force a request into a state (the transition tests start from every state). */
export async function setState(
  t: TestApp,
  folio: number,
  estatus_solicitud: RequestStatus,
  estatus_evaluacion: EvaluationStatus,
): Promise<void> {
  await t.db
    .update(solicitudes)
    .set({ estatus_solicitud, estatus_evaluacion })
    .where(eq(solicitudes.folio_solicitud, folio));
}

export const ALL_STATES: readonly (readonly [RequestStatus, EvaluationStatus])[] = [
  ['RV', 'RV'],
  ['RE', 'RV'],
  ['AP', 'RV'],
  ['AP', 'NE'],
  ['AP', 'AP'],
  ['AP', 'CA'],
];
