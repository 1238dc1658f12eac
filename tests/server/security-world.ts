/**
 * The records the security tests aim at, on the demo seed: the callers (one demo user per role
 * plus the anonymous one), members in and out of the promoter's region and the member user's
 * own, and for each of them a contract, a payment and a movement; credit requests captured by
 * the promoter, by the office and by the other region's promoter. Fresh records for writes
 * that change what they touch (activating a contract twice is a 400, not a second 200).
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EvaluationStatus, RequestStatus } from '#domain/codes';
import { addDays, addMonths } from '#domain/dates';
import type { Role } from '#domain/roles';
import { comunidades, ermitas, registrosContables, socios, users } from '#server/db/schema';
import type { TestApp } from '#tests/helpers/server-app';
import { insertContract, paymentBody, today } from './contratos-helpers.ts';
import { communityIn, demoCallers, memberIn } from './members-helpers.ts';
import { requestBody, setState } from './solicitudes-helpers.ts';

/** Who calls: a demo user of each role, or nobody (no token). */
export interface Caller {
  label: 'anonymous' | Role;
  username: string | null;
  role: Role | null;
  userId: number | null;
  region: number | null;
  clave_socio: number | null;
  /** The translator flag, which grants what no role does. */
  translator: boolean;
}

/** Member-linked records: of the promoter's region, of another region, the member user's own. */
export const MEMBER_PLACES = ['region1', 'region2', 'own'] as const;
/** Credit requests: the promoter's own, the office's (same region), the other promoter's. */
export const REQUEST_PLACES = ['mine', 'office', 'region2'] as const;
export type Place = (typeof MEMBER_PLACES)[number] | (typeof REQUEST_PLACES)[number] | 'any';

export type RecordKind =
  | 'member'
  | 'contract'
  | 'payment'
  | 'movement'
  | 'request'
  | 'community'
  | 'hermitage'
  | 'accounting';

/** A record and the facts scope depends on. */
export interface Target {
  kind: RecordKind;
  place: Place;
  id: number;
  region: number | null;
  clave_socio: number | null;
  /** The user who captured it (credit requests). */
  promotor: number | null;
}

export const placesOf = (kind: RecordKind): readonly Place[] =>
  kind === 'request'
    ? REQUEST_PLACES
    : kind === 'community' || kind === 'hermitage' || kind === 'accounting'
      ? ['any']
      : MEMBER_PLACES;

export interface World {
  t: TestApp;
  callers: Caller[];
  /** Member keys per member place, and a second member of the same region (guarantor). */
  members: Record<(typeof MEMBER_PLACES)[number], { clave: number; aval: number; region: number }>;
  fixed: Map<string, Target>;
  userIds: Record<string, number>;
  /** A name no other call used (unique texts for creates). */
  unique(prefix: string): string;
}

const key = (kind: RecordKind, place: Place) => `${kind}:${place}`;

export function fixedTarget(w: World, kind: RecordKind, place: Place): Target {
  const found = w.fixed.get(key(kind, place));
  if (!found) throw new Error(`no fixture ${kind} at ${place}`);
  return found;
}

/** POST/PATCH as a demo user, expecting `status`; answers the JSON body. */
async function call<T>(
  t: TestApp,
  username: string,
  method: 'POST' | 'PATCH',
  url: string,
  payload: Record<string, unknown>,
  status: number,
): Promise<T> {
  const res = await t.as(username, { method, url, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(status);
  return res.json<T>();
}

/** Every process active, so any collection, movement or request for the member is valid. */
async function activateEverywhere(t: TestApp, claves: number[]): Promise<void> {
  for (const clave of claves) {
    await t.db
      .update(socios)
      .set({
        estatus_cafe: 'AC',
        estatus_miel: 'AC',
        estatus_yip: 'AC',
        estatus_trabajador: 'AC',
      })
      .where(eq(socios.clave_socio, clave));
  }
}

async function regionOfMember(t: TestApp, clave: number): Promise<number> {
  const [row] = await t.db
    .select({ region: comunidades.region })
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(eq(socios.clave_socio, clave));
  return row!.region;
}

export const cashContribution = (clave: number, monto = '500') => ({
  clave_socio: clave,
  fecha_entrega: today(),
  monto,
  proceso: 'CF',
  aportacion: true,
  ordinario: true,
  tipo_de_movimiento: 'EF',
  fecha_banco: null,
  referencia_banco: null,
  responsable_entrega: 'Comité',
});

export const coffeeAcopio = (clave: number) => ({
  clave_socio: clave,
  fecha: '2025-01-15',
  tipo_de_producto: 'CF',
  kilos_de_producto: '120.5',
  ingreso: '8435.75',
});

/** An activated contract (started two months ago, 10,000.00) of a member place. */
export async function freshContract(w: World, place: Place): Promise<Target> {
  const m = w.members[place as (typeof MEMBER_PLACES)[number]];
  const id = await insertContract(w.t.db, {
    clave_socio: m.clave,
    fecha_inicio: addMonths(today(), -2),
  });
  return { kind: 'contract', place, id, region: m.region, clave_socio: m.clave, promotor: null };
}

/** An approved contract waiting for activation (execution PC, no start date). */
export async function pendingContract(w: World, place: Place): Promise<Target> {
  const m = w.members[place as (typeof MEMBER_PLACES)[number]];
  const id = await insertContract(w.t.db, {
    clave_socio: m.clave,
    fecha_inicio: null,
    tipo_tasa: null,
    estatus_ejecucion: 'PC',
  });
  return { kind: 'contract', place, id, region: m.region, clave_socio: m.clave, promotor: null };
}

/** A contract with its capital paid and interest still owed: a waiver is possible. */
export async function waivableContract(w: World, place: Place): Promise<Target> {
  const m = w.members[place as (typeof MEMBER_PLACES)[number]];
  const id = await insertContract(w.t.db, {
    clave_socio: m.clave,
    fecha_inicio: addMonths(today(), -8),
  });
  const body = paymentBody(id, today(), { capital: '10000', ord: '100' });
  await call(w.t, 'gerente', 'POST', '/api/pagos/', body, 201);
  return { kind: 'contract', place, id, region: m.region, clave_socio: m.clave, promotor: null };
}

/** A payment without bank data on a fresh contract. */
export async function freshPayment(w: World, place: Place): Promise<Target> {
  const contract = await freshContract(w, place);
  const body = paymentBody(contract.id, addDays(today(), -1), { capital: '10' });
  const created = await call<{ id: number }>(w.t, 'gerente', 'POST', '/api/pagos/', body, 201);
  return { ...contract, kind: 'payment', id: created.id };
}

/** A cash contribution (no bank data yet) of a member place. */
export async function freshMovement(w: World, place: Place, monto = '500'): Promise<Target> {
  const m = w.members[place as (typeof MEMBER_PLACES)[number]];
  const body = cashContribution(m.clave, monto);
  const created = await call<{ id: number }>(
    w.t,
    'gerente',
    'POST',
    '/api/movimientos/',
    body,
    201,
  );
  return {
    kind: 'movement',
    place,
    id: created.id,
    region: m.region,
    clave_socio: m.clave,
    promotor: null,
  };
}

const REQUEST_AUTHOR: Record<(typeof REQUEST_PLACES)[number], [string, 'region1' | 'region2']> = {
  mine: ['promotor', 'region1'],
  office: ['coordinador', 'region1'],
  region2: ['promotor2', 'region2'],
};

/**
 * A credit request captured by the place's author, then put in the state a variant starts
 * from (a fixture written directly, as the transition tests do).
 */
export async function freshRequest(
  w: World,
  place: Place,
  state: readonly [RequestStatus, EvaluationStatus] = ['RV', 'RV'],
): Promise<Target> {
  const [author, memberPlace] = REQUEST_AUTHOR[place as (typeof REQUEST_PLACES)[number]];
  const m = w.members[memberPlace];
  const created = await call<{ folio_solicitud: number }>(
    w.t,
    author,
    'POST',
    '/api/solic-creditos/',
    requestBody(m.clave, m.aval),
    201,
  );
  await setState(w.t, created.folio_solicitud, state[0], state[1]);
  return {
    kind: 'request',
    place,
    id: created.folio_solicitud,
    region: m.region,
    clave_socio: m.clave,
    promotor: w.userIds[author]!,
  };
}

/** The demo callers and every fixed record, on a freshly seeded app. */
export async function buildWorld(t: TestApp): Promise<World> {
  const demo = await demoCallers(t);
  const ids = await t.db
    .select({ id: users.id, username: users.username, translator: users.translator })
    .from(users);
  const userIds = Object.fromEntries(ids.map((u) => [u.username, u.id]));
  const translators = new Set(ids.filter((u) => u.translator).map((u) => u.username));
  const byRole = (role: Role, username: string): Caller => {
    const d = demo.find((c) => c.username === username)!;
    return {
      label: role,
      username,
      role,
      userId: userIds[username]!,
      region: d.region,
      clave_socio: d.clave_socio,
      translator: translators.has(username),
    };
  };
  const callers: Caller[] = [
    {
      label: 'anonymous',
      username: null,
      role: null,
      userId: null,
      region: null,
      clave_socio: null,
      translator: false,
    },
    byRole('SO', 'socio'),
    byRole('PR', 'promotor'),
    byRole('CO', 'coordinador'),
    byRole('GE', 'gerente'),
    byRole('VI', 'visitante'),
  ];

  const linked = demo.map((c) => c.clave_socio);
  const own = demo.find((c) => c.username === 'socio')!.clave_socio!;
  const ownRegion = await regionOfMember(t, own);
  const r1 = await memberIn(t, 1, linked);
  const r2 = await memberIn(t, 2, linked);
  const members: World['members'] = {
    region1: { clave: r1, aval: await memberIn(t, 1, [...linked, r1]), region: 1 },
    region2: { clave: r2, aval: await memberIn(t, 2, [...linked, r2]), region: 2 },
    own: { clave: own, aval: await memberIn(t, ownRegion, [...linked, own]), region: ownRegion },
  };
  await activateEverywhere(
    t,
    Object.values(members).flatMap((m) => [m.clave, m.aval]),
  );

  let counter = 0;
  const w: World = {
    t,
    callers,
    members,
    fixed: new Map(),
    userIds,
    unique: (prefix) => `${prefix} ${++counter}`,
  };

  for (const place of MEMBER_PLACES) {
    const m = members[place];
    w.fixed.set(key('member', place), {
      kind: 'member',
      place,
      id: m.clave,
      region: m.region,
      clave_socio: m.clave,
      promotor: null,
    });
    w.fixed.set(key('contract', place), await freshContract(w, place));
    w.fixed.set(key('payment', place), await freshPayment(w, place));
    // A large contribution, so withdrawals in the tests always fit the balance.
    w.fixed.set(key('movement', place), await freshMovement(w, place, '100000'));
  }
  for (const place of REQUEST_PLACES)
    w.fixed.set(key('request', place), await freshRequest(w, place));
  const community = await communityIn(t, 3);
  w.fixed.set(key('community', 'any'), {
    kind: 'community',
    place: 'any',
    id: community,
    region: 3,
    clave_socio: null,
    promotor: null,
  });
  const [hermitage] = await t.db
    .select({ id: sql<number>`min(${ermitas.ermita_id})`.mapWith(Number) })
    .from(ermitas);
  w.fixed.set(key('hermitage', 'any'), {
    kind: 'hermitage',
    place: 'any',
    id: hermitage!.id,
    region: null,
    clave_socio: null,
    promotor: null,
  });
  w.fixed.set(key('accounting', 'any'), {
    kind: 'accounting',
    place: 'any',
    id: await accountingRecord(w),
    region: null,
    clave_socio: null,
    promotor: null,
  });
  return w;
}

/** A sub-account chosen by hand (the "Otros" tab of the bank movement form). */
export async function handPickedSubaccount(t: TestApp): Promise<number> {
  const res = await t.as('gerente', { method: 'GET', url: '/api/subcuentas/' });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const [first] = res.json<{ id: number }[]>();
  if (!first) throw new Error('no hand-picked sub-account in the seed');
  return first.id;
}

/** A bank movement booked on "Otros": one hand-picked sub-account, an income. */
export async function otherBankMovement(w: World): Promise<Record<string, unknown>> {
  return {
    referencia_banco: w.unique('REF').replace(/\W/g, ''),
    fecha: today(),
    cantidad: '150.00',
    referencia_alf: 'Donativo',
    dataType: 'Otros',
    selectedItems: [await handPickedSubaccount(w.t)],
    ingrEgr: true,
  };
}

/** An accounting record: the seed's first, or one booked here when the seed has none. */
async function accountingRecord(w: World): Promise<number> {
  const [row] = await w.t.db
    .select({ id: sql<number | null>`min(${registrosContables.id})`.mapWith(Number) })
    .from(registrosContables);
  if (row?.id) return row.id;
  await call(w.t, 'gerente', 'POST', '/api/mov-bancos/', await otherBankMovement(w), 201);
  return accountingRecord(w);
}
