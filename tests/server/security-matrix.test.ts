/**
 * The security matrix: EVERY API route the server registers × every caller (the five
 * roles and nobody) × records in and out of the caller's scope, each answer checked against
 * what the permission table (#domain/permissions) and docs/business-rules.md#roles-and-scope say it
 * must be: 401 without a token, 403 without the right, 404 for a record out of scope named in the
 * path (a 400 on the field, worded exactly as for an unknown id, when named in the body), and the
 * call's own success status otherwise. Lists a scoped caller reads hold only rows in its scope.
 *
 * The route list comes from the server (security-routes.ts), so a route added without a probe
 * — without saying which permission guards it — fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { permissionMatrix } from '#domain/permissions';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  expectation,
  inPermissionTable,
  probeName,
  probes,
  scopeOf,
  targetFor,
  type Probe,
  type ProbeRequest,
} from './security-probes.ts';
import { apiRoutes, isDetailBody, isFieldErrorBody } from './security-routes.ts';
import { buildWorld, placesOf, type Caller, type Target, type World } from './security-world.ts';

/** Entries of the permission table that guard no API call, and what they guard instead. */
const NOT_API_CALLS: Record<string, string> = {
  'condonaciones.read': 'no call lists waivers; a waiver shows as its contract’s status',
  'evaluacion-socio.read': 'the figures are computed on the device (#domain/evaluation-figures)',
};

/** An id no table reaches (a valid `integer`, so only existence decides). */
const UNKNOWN_ID = 2_000_000_000;

let t: TestApp;
let w: World;
let routes: string[];
let notFoundBody: string;

beforeAll(async () => {
  t = await makeTestApp();
  w = await buildWorld(t);
  routes = apiRoutes(t.app);
  notFoundBody = (await t.as('gerente', { method: 'GET', url: `/api/socios/${UNKNOWN_ID}.json` }))
    .body;
});
afterAll(async () => {
  await t.close();
});

const ALL = probes();

async function send(caller: Caller, request: ProbeRequest): Promise<LightMyRequestResponse> {
  const options = {
    method: request.method,
    url: request.url,
    ...(request.payload !== undefined && { payload: request.payload }),
  };
  return caller.username === null ? t.app.inject(options) : t.as(caller.username, options);
}

/** Rows of a list answer: the array itself or `{results: [...]}`. */
function rowsOf(body: unknown): Record<string, unknown>[] | null {
  if (Array.isArray(body)) return body as Record<string, unknown>[];
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as Record<string, unknown>[]) : null;
}

/** The rows of a scoped list that the caller must not see (empty when the scope holds). */
function rowsOutOfScope(p: Probe, caller: Caller, body: unknown): unknown[] {
  const rows = rowsOf(body);
  if (!rows || !p.permission) return [];
  const scope = scopeOf(caller.role, p.permission);
  const [column, mine] =
    scope === 'region'
      ? ['region', caller.region]
      : scope === 'self'
        ? ['clave_socio', caller.clave_socio]
        : scope === 'own'
          ? ['promotor', caller.userId]
          : [null, null];
  if (column === null) return [];
  return rows.filter((row) => typeof row[column] === 'number' && row[column] !== mine);
}

/** Check one answer; a list of what is wrong with it (empty when right). */
async function problemsOf(
  p: Probe,
  caller: Caller,
  target: Target | null,
  request: ProbeRequest,
  res: LightMyRequestResponse,
): Promise<string[]> {
  const want = expectation(p, caller, target);
  const where = `${caller.label}${target ? ` on ${target.kind}@${target.place}` : ''}`;
  const problems: string[] = [];
  if (res.statusCode !== want.status) {
    problems.push(
      `${where}: ${res.statusCode} instead of ${want.status} (${want.because}): ${res.body.slice(0, 200)}`,
    );
    return problems;
  }
  // Every answer of a guarded call is personal: nothing on the way may keep it.
  if (!p.public && !/\bno-store\b/.test(String(res.headers['cache-control'] ?? '')))
    problems.push(`${where}: ${res.statusCode} without Cache-Control: no-store`);
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  const body: unknown = isJson ? res.json() : null;
  if ([401, 403, 404].includes(want.status) && !isDetailBody(body))
    problems.push(`${where}: ${want.status} without a {detail} body: ${res.body.slice(0, 200)}`);
  if (want.status === 404 && res.body !== notFoundBody)
    problems.push(`${where}: out-of-scope 404 differs from an unknown id's: ${res.body}`);
  if (want.status === 400) {
    if (!isFieldErrorBody(body) || !Object.hasOwn(body as object, want.field!))
      problems.push(`${where}: 400 not naming ${want.field}: ${res.body.slice(0, 200)}`);
    if (target && p.record?.via === 'body' && !p.deniedAs) {
      // Out of scope must read exactly like "no such record": nothing about other regions leaks.
      const unknown = await p.build(w, caller, { ...target, id: UNKNOWN_ID });
      const answer = await send(caller, unknown);
      const masked = (text: string, id: number) => text.replaceAll(String(id), '#');
      if (masked(res.body, target.id) !== masked(answer.body, UNKNOWN_ID))
        problems.push(
          `${where}: answer differs from an unknown id's: ${res.body} / ${answer.body}`,
        );
    }
  }
  if (want.status < 300 && request.method === 'GET') {
    const leaked = rowsOutOfScope(p, caller, body);
    if (leaked.length > 0)
      problems.push(
        `${where}: ${leaked.length} rows outside its scope, e.g. ${JSON.stringify(leaked[0])}`,
      );
  }
  return problems;
}

describe('the server’s routes joined with the permission table', () => {
  it('every API route the server registers has a probe saying which permission guards it', () => {
    const probed = new Set(ALL.map((p) => p.route));
    expect(routes.filter((r) => !probed.has(r))).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
  });

  it('every probe names a route the server has and an entry of the permission table', () => {
    expect(ALL.map((p) => p.route).filter((r) => !routes.includes(r))).toEqual([]);
    for (const p of ALL) {
      expect(p.public === true || p.permission !== undefined, probeName(p)).toBe(true);
      for (const entry of [p.permission, p.gate]) {
        if (entry)
          expect(
            inPermissionTable(entry),
            `${probeName(p)}: ${entry.resource}.${entry.action}`,
          ).toBe(true);
      }
    }
  });

  it('every entry of the permission table guards a call, or is listed with where it applies instead', () => {
    const guarded = new Set(
      ALL.flatMap((p) => [p.permission, p.gate]).flatMap((e) =>
        e ? [`${e.resource}.${e.action}`] : [],
      ),
    );
    const entries = permissionMatrix().map((row) => `${row.resource}.${row.action}`);
    const unguarded = [...new Set(entries)].filter((entry) => !guarded.has(entry));
    expect(unguarded.sort()).toEqual(Object.keys(NOT_API_CALLS).sort());
  });

  it('only login, refresh, logout, configuration, health and the OpenAPI document are public', () => {
    expect(ALL.filter((p) => p.public).map((p) => p.route)).toEqual([
      'POST /api/token',
      'POST /api/token/refresh',
      'POST /api/token/logout',
      'GET /api/config',
      'GET /api/health',
      'GET /api/docs/openapi',
    ]);
  });
});

describe('every call × every caller × records in and out of scope', () => {
  for (const p of ALL) {
    it(probeName(p), async () => {
      const problems: string[] = [];
      for (const caller of w.callers) {
        const places = p.record ? placesOf(p.record.kind) : [null];
        for (const place of places) {
          const target = place === null ? null : await targetFor(w, p, caller, place);
          const request = await p.build(w, caller, target);
          const res = await send(caller, request);
          problems.push(...(await problemsOf(p, caller, target, request, res)));
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('out of scope reads as unknown whatever else holds for the record', () => {
  // The office first makes the very same write (a request for that member, a payment on that
  // contract…), so every other rule — a duplicate, a state — has something to say about the
  // record. Out of the caller's scope none may speak: the answer is an unknown id's. Last in
  // the file: the office's writes change the world the matrix above reads.
  const bodyProbes = ALL.filter((p) => p.record?.via === 'body' && !p.deniedAs);

  it('the matrix has write routes naming a record in the body', () => {
    expect(bodyProbes.length).toBeGreaterThan(3);
  });

  for (const p of bodyProbes) {
    it(probeName(p), async () => {
      const office = w.callers.find((c) => c.role === 'GE')!;
      const problems: string[] = [];
      for (const caller of w.callers) {
        for (const place of placesOf(p.record!.kind)) {
          const target = await targetFor(w, p, caller, place);
          if (!target || expectation(p, caller, target).status !== 400) continue;
          const request = await p.build(w, caller, target);
          await send(office, request);
          const res = await send(caller, request);
          const unknown = await send(
            caller,
            await p.build(w, caller, { ...target, id: UNKNOWN_ID }),
          );
          const masked = (text: string, id: number) => text.replaceAll(String(id), '#');
          if (
            res.statusCode !== unknown.statusCode ||
            masked(res.body, target.id) !== masked(unknown.body, UNKNOWN_ID)
          )
            problems.push(
              `${caller.label} on ${target.kind}@${target.place}: ${res.statusCode} ${res.body} / unknown: ${unknown.statusCode} ${unknown.body}`,
            );
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
