/**
 * Security matrix of the member, community and hermitage calls: EVERY call × EVERY role, with
 * in-scope and out-of-scope ids, the expected status derived from #domain/permissions (the data
 * the UI uses too), so server and phone can never disagree silently.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeFor, type ActionOf, type Resource, type Scope } from '#domain/permissions';
import { ROLES, type Role } from '#domain/roles';
import { users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  communityIn,
  demoCallers,
  memberIn,
  membersByRegion,
  validMemberBody,
  type DemoCaller,
} from './members-helpers.ts';

let t: TestApp;
let callers: DemoCaller[];
/** A member of region 1 that is no demo user's own member, one of region 2, the SO's own. */
let ids: { region1: number; region2: number; own: number };

beforeAll(async () => {
  t = await makeTestApp();
  callers = await demoCallers(t);
  const linked = callers.map((c) => c.clave_socio);
  const socioUser = callers.find((c) => c.role === 'SO')!;
  ids = {
    region1: await memberIn(t, 1, linked),
    region2: await memberIn(t, 2, linked),
    own: socioUser.clave_socio!,
  };
});
afterAll(async () => {
  await t.close();
});

/** One caller per role: the region-1 promoter stands for PR. */
const callerOf = (role: string) =>
  callers.find((c) => c.role === role && (role !== 'PR' || c.username === 'promotor'))!;

/** Whether a member key is inside a caller's read scope (regions read from the database). */
async function inScope(scope: Scope, caller: DemoCaller, clave: number): Promise<boolean> {
  if (scope === 'all') return true;
  if (scope === 'self') return clave === caller.clave_socio;
  if (scope === 'region') return (await membersByRegion(t)).get(clave) === caller.region;
  return false;
}

/** Status a caller should get: 403 without the right, 404 out of scope, else `ok`. */
const expected = (scope: Scope, visible: boolean, ok: number) =>
  scope === 'none' ? 403 : visible ? ok : 404;

/** The scope a role has for one (resource, action) of the permission data. */
const rule =
  <R extends Resource>(resource: R, action: ActionOf<R>) =>
  (role: Role): Scope =>
    scopeFor(role, resource, action);

interface Call {
  name: string;
  scopeOf: (role: Role) => Scope;
  ok: number;
  /** Ids to try (each checked against the read scope of socios), or none for collection calls. */
  member?: keyof typeof ids;
  request: (caller: DemoCaller) => Promise<{ method: string; url: string; payload?: unknown }>;
}

const memberOf = async (clave: number) =>
  (await t.as('gerente', { method: 'GET', url: `/api/socios/${clave}.json` })).json<
    Record<string, unknown>
  >();

// Every call of the area. Member-detail calls are tried on three members each.
function calls(): Call[] {
  const perMember = (key: keyof typeof ids): Call[] => [
    {
      name: `GET /socios/{${key}}.json`,
      scopeOf: rule('socios', 'read'),
      ok: 200,
      member: key,
      request: async () => ({ method: 'GET', url: `/api/socios/${ids[key]}.json` }),
    },
    {
      name: `PUT /socios/{${key}}.json`,
      scopeOf: rule('socios', 'update'),
      ok: 200,
      request: async () => ({
        method: 'PUT',
        url: `/api/socios/${ids[key]}.json`,
        payload: await memberOf(ids[key]),
      }),
    },
  ];
  return [
    {
      name: 'GET /socios.json',
      scopeOf: rule('socios', 'read'),
      ok: 200,
      request: async () => ({ method: 'GET', url: '/api/socios.json' }),
    },
    ...perMember('region1'),
    ...perMember('region2'),
    ...perMember('own'),
    {
      name: 'POST /socios/',
      scopeOf: rule('socios', 'create'),
      ok: 201,
      request: async () => ({
        method: 'POST',
        url: '/api/socios/',
        payload: await validMemberBody(t),
      }),
    },
    {
      name: 'GET /sociosXLSX/',
      scopeOf: rule('xlsx', 'read'),
      ok: 200,
      request: async () => ({ method: 'GET', url: '/api/sociosXLSX/' }),
    },
    {
      name: 'GET /comunidades.json',
      scopeOf: rule('comunidades', 'read'),
      ok: 200,
      request: async () => ({ method: 'GET', url: '/api/comunidades.json' }),
    },
    {
      name: 'POST /comunidades/',
      scopeOf: rule('comunidades', 'create'),
      ok: 201,
      request: async (caller) => ({
        method: 'POST',
        url: '/api/comunidades/',
        payload: { nombre_de_comunidad: `Nueva de ${caller.username}`, region: 2, ermita: null },
      }),
    },
    {
      name: 'PUT /comunidades/{id}.json',
      scopeOf: rule('comunidades', 'update'),
      ok: 200,
      request: async (caller) => ({
        method: 'PUT',
        url: `/api/comunidades/${await communityIn(t, 3)}.json`,
        payload: { nombre_de_comunidad: `Editada por ${caller.username}`, region: 3 },
      }),
    },
    {
      name: 'GET /comunidadesXLSX/',
      scopeOf: rule('xlsx', 'read'),
      ok: 200,
      request: async () => ({ method: 'GET', url: '/api/comunidadesXLSX/' }),
    },
    {
      name: 'GET /comunidades/num-socios/',
      scopeOf: rule('mapas', 'read'),
      ok: 200,
      request: async () => ({ method: 'GET', url: '/api/comunidades/num-socios/' }),
    },
    {
      name: 'GET /ermitas/{id}.json',
      scopeOf: rule('referencias', 'read'),
      ok: 200,
      request: async () => ({ method: 'GET', url: '/api/ermitas/1.json' }),
    },
    {
      name: 'GET /ermitasXLSX/',
      scopeOf: rule('xlsx', 'read'),
      ok: 200,
      request: async () => ({ method: 'GET', url: '/api/ermitasXLSX/' }),
    },
  ];
}

describe('permission matrix (from #domain/permissions)', () => {
  for (const call of calls()) {
    for (const role of ROLES) {
      it(`${call.name} as ${role}`, async () => {
        const caller = callerOf(role);
        const scope = call.scopeOf(role);
        // Writes are all-or-nothing; reads of one member depend on whether it is in scope.
        const visible =
          call.member === undefined ? true : await inScope(scope, caller, ids[call.member]);
        const want = expected(scope, visible, call.ok);
        const { method, url, payload } = await call.request(caller);
        const res = await t.as(caller.username, {
          method: method as 'GET',
          url,
          ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
        });
        expect(res.statusCode, `${role} ${method} ${url}: ${res.body.slice(0, 200)}`).toBe(want);
        if (want === 403 || want === 404) {
          expect(Object.keys(res.json<Record<string, unknown>>())).toEqual(['detail']);
        }
      });
    }
  }

  it('a visitor is told it may not write, in its own words', async () => {
    const res = await t.as('visitante', {
      method: 'POST',
      url: '/api/socios/',
      payload: await validMemberBody(t),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Visitantes no tienen permiso de editar o crear contenido.',
    });
  });

  it('the matrix covers the decision on num-socios: members (SO) get 403, staff 200', () => {
    expect(ROLES.map((r) => scopeFor(r, 'mapas', 'read') !== 'none')).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
  });

  it('a promoter without a linked member sees no member at all', async () => {
    await t.db.update(users).set({ clave_socio: null }).where(eq(users.username, 'promotor2'));
    const list = await t.as('promotor2', { method: 'GET', url: '/api/socios.json' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    const one = await t.as('promotor2', { method: 'GET', url: `/api/socios/${ids.region2}.json` });
    expect(one.statusCode).toBe(404);
  });
});
