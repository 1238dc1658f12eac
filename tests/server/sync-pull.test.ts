import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Community, Socio } from '#domain/entities';
import type { PullAnswer } from '#domain/sync-protocol';
import { cargos, comunidades, socios, userContacts, users } from '#server/db/schema';
import { replicatedTables } from '#server/sync/registry';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

async function pull(username: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await t.as(username, { method: 'GET', url: `/api/sync/pull/?${qs.toString()}` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { answer: res.json<PullAnswer>(), bytes: res.rawPayload.length, res };
}

/** Every page until hasMore is false; `between` runs after each page but the last. */
async function pullAll(
  username: string,
  options: {
    cursor?: string;
    limit?: number;
    between?: (served: PullAnswer[]) => Promise<void>;
  } = {},
) {
  const pages: PullAnswer[] = [];
  let cursor = options.cursor ?? '';
  for (;;) {
    const { answer } = await pull(username, { cursor, limit: options.limit ?? 5000 });
    pages.push(answer);
    cursor = answer.cursor;
    if (!answer.hasMore) break;
    await options.between?.(pages);
    if (pages.length > 200) throw new Error('pull does not end');
  }
  return { pages, cursor };
}

const rowsOf = <T>(pages: PullAnswer[], table: string) =>
  pages.flatMap((p) => (p.changes[table] ?? []) as T[]);

async function memberCount(region?: number): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(region === undefined ? sql`true` : eq(comunidades.region, region));
  return row!.n;
}

async function linkedMember(username: string): Promise<number> {
  const [row] = await t.db
    .select({ clave: users.clave_socio })
    .from(users)
    .where(eq(users.username, username));
  return row!.clave!;
}

const FOUNDATION_TABLES = [
  'cargos',
  'cargos_coop',
  'comunidades',
  'empresas',
  'ermitas',
  'fuentes',
  'puestos',
  'regiones',
  'socios',
  'zonas',
];

describe('first pull', () => {
  it('gives an office user every replicated table and every member', async () => {
    const { pages } = await pullAll('gerente');
    expect(pages[0]!.reset).toBe(false);
    // Every registered table (each area registers its own) arrives, with demo rows in each —
    // but the translations: the demo has none (Tseltal is never invented).
    const seen = new Set(
      pages.flatMap((p) => Object.keys(p.changes).filter((k) => p.changes[k]!.length > 0)),
    );
    expect([...seen].sort()).toEqual(
      replicatedTables()
        .map((table) => table.name)
        .filter((name) => name !== 'traducciones')
        .sort(),
    );
    expect([...seen]).toEqual(expect.arrayContaining(FOUNDATION_TABLES));
    expect(rowsOf(pages, 'socios')).toHaveLength(await memberCount());
    expect(rowsOf(pages, 'regiones')).toHaveLength(10);
  });

  it('answers rows in the shapes of the list endpoints', async () => {
    const { pages } = await pullAll('promotor');
    const listed = await t.as('promotor', { method: 'GET', url: '/api/comunidades.json' });
    const byId = (a: Community, b: Community) => a.id - b.id;
    expect(rowsOf<Community>(pages, 'comunidades').sort(byId)).toEqual(
      listed.json<Community[]>().sort(byId),
    );
    for (const table of [
      'regiones',
      'zonas',
      'ermitas',
      'cargos',
      'cargos_coop',
      'empresas',
      'puestos',
      'fuentes',
    ]) {
      const url = `/api/${table.replace('_', '-')}.json`;
      const list = (await t.as('promotor', { method: 'GET', url })).json<unknown[]>();
      expect(rowsOf(pages, table), table).toHaveLength(list.length);
      expect(list, table).toEqual(expect.arrayContaining(rowsOf(pages, table)));
    }
  });

  it('gives a member the full member shape, with its region and display names', async () => {
    const { pages } = await pullAll('coordinador');
    const member = rowsOf<Socio>(pages, 'socios')[0]!;
    expect(Object.keys(member).sort()).toEqual(
      [
        'clave_socio',
        'region',
        'nombres',
        'apellido_paterno',
        'apellido_materno',
        'curp',
        'telefono',
        'fecha_nacimiento',
        'genero',
        'fecha_ingr_yomol_atel',
        'fecha_ingr_programa',
        'clave_anterior',
        'comunidad',
        'cargo',
        'cargo_coop',
        'empresa',
        'puesto',
        'fuente',
        'estatus_cafe',
        'estatus_miel',
        'estatus_yip',
        'estatus_trabajador',
        'estatus_comonSit',
        'doc_curp',
        'doc_domicilio',
        'doc_act_nac',
        'doc_ine',
        'doc_rfc',
        'rfc',
        'nombre_comunidad',
        'full_name',
        'nombre_productor',
        'nombre_region',
      ].sort(),
    );
    const [stored] = await t.db
      .select({ region: comunidades.region, name: comunidades.nombre_de_comunidad, s: socios })
      .from(socios)
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .where(eq(socios.clave_socio, member.clave_socio));
    expect(member).toMatchObject({
      region: stored!.region,
      nombre_comunidad: stored!.name,
      estatus_comonSit: stored!.s.estatus_comon_sit,
      fecha_nacimiento: stored!.s.fecha_nacimiento,
      cargo_coop: stored!.s.cargo_coop,
    });
    expect(member.full_name).toBe(
      [stored!.s.nombres, stored!.s.apellido_paterno, stored!.s.apellido_materno]
        .filter(Boolean)
        .join(' '),
    );
    expect(member.fecha_nacimiento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('gives a promoter only the members of its region', async () => {
    const { pages } = await pullAll('promotor');
    const members = rowsOf<Socio>(pages, 'socios');
    expect(members.length).toBe(await memberCount(1));
    expect(members.every((m) => m.region === 1)).toBe(true);
    const { pages: pages2 } = await pullAll('promotor2');
    const members2 = rowsOf<Socio>(pages2, 'socios');
    expect(members2.length).toBe(await memberCount(2));
    expect(members2.every((m) => m.region === 2)).toBe(true);
    // Reference lists are everybody's.
    expect(rowsOf(pages, 'comunidades')).toHaveLength(rowsOf(pages2, 'comunidades').length);
  });

  it('gives a member only itself', async () => {
    const { pages } = await pullAll('socio');
    const members = rowsOf<Socio>(pages, 'socios');
    expect(members.map((m) => m.clave_socio)).toEqual([await linkedMember('socio')]);
  });

  it('is compressed when the client accepts gzip', async () => {
    const res = await t.as('gerente', {
      method: 'GET',
      url: '/api/sync/pull/?limit=500',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const answer = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as PullAnswer;
    const rows = Object.values(answer.changes).flat();
    expect(rows).toHaveLength(500);
    expect(answer.hasMore).toBe(true);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(answer).length / 2);
  });

  it('records the puller’s last contact', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.username, 'visitante'));
    await t.db.delete(userContacts).where(eq(userContacts.user_id, user!.id));
    await pull('visitante', { limit: 1 });
    const [contact] = await t.db
      .select()
      .from(userContacts)
      .where(eq(userContacts.user_id, user!.id));
    expect(contact?.last_seen_at).toBeInstanceOf(Date);
  });
});

describe('pagination', () => {
  it('serves every row once in row_version order, even with writes between pages', async () => {
    const region1 = await t.db
      .select({ clave: socios.clave_socio })
      .from(socios)
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .where(eq(comunidades.region, 1))
      .orderBy(socios.row_version);
    const late = region1.at(-1)!.clave; // changed before it is served
    let early = 0; // served on an early page, changed afterwards
    const { pages } = await pullAll('promotor', {
      limit: 37,
      between: async (served) => {
        const sent = rowsOf<Socio>(served, 'socios');
        if (early !== 0 || sent.length === 0) return;
        early = sent[0]!.clave_socio;
        await t.db
          .update(socios)
          .set({ telefono: '9190000001' })
          .where(eq(socios.clave_socio, early));
        await t.db
          .update(socios)
          .set({ telefono: '9190000002' })
          .where(eq(socios.clave_socio, late));
      },
    });
    expect(early).not.toBe(0);
    expect(pages.length).toBeGreaterThan(3);
    // The full pull's walk fills every page but its last; the writes made meanwhile follow.
    const walk = pages.filter((p) => p.ready !== undefined);
    expect(walk.length).toBeGreaterThan(2);
    expect(walk.slice(0, -1).every((p) => Object.values(p.changes).flat().length === 37)).toBe(
      true,
    );
    const members = rowsOf<Socio>(pages, 'socios');
    const seen = new Map<number, Socio[]>();
    for (const m of members) seen.set(m.clave_socio, [...(seen.get(m.clave_socio) ?? []), m]);
    expect(seen.size).toBe(await memberCount(1));
    for (const [clave, copies] of seen) {
      // Only the member changed after it was served comes twice: old, then new.
      expect(copies.length, `member ${clave}`).toBe(clave === early ? 2 : 1);
    }
    expect(seen.get(early)!.at(-1)!.telefono).toBe('9190000001');
    expect(seen.get(late)!.at(-1)!.telefono).toBe('9190000002');
    for (const table of ['regiones', 'comunidades', 'ermitas']) {
      const rows = rowsOf<Record<string, unknown>>(pages, table);
      const ids = new Set(rows.map((r) => JSON.stringify(r.id ?? r.ermita_id)));
      expect(ids.size, table).toBe(rows.length);
    }
  });
  it('walks a full pull table by table in the role’s order, saying which tables are complete', async () => {
    /** Per page of the walk: the tables it brings and the tables it says are complete. */
    const walkOf = (pages: PullAnswer[]) =>
      pages
        .filter((p) => p.ready !== undefined)
        .map((p) => ({ tables: Object.keys(p.changes), ready: p.ready! }));
    const firstSeen = (walk: ReturnType<typeof walkOf>, table: string) =>
      walk.findIndex((p) => p.tables.includes(table));
    const readyAt = (walk: ReturnType<typeof walkOf>, table: string) =>
      walk.findIndex((p) => p.ready.includes(table));
    for (const username of ['gerente', 'promotor']) {
      const { pages } = await pullAll(username, { limit: 150 });
      const walk = walkOf(pages);
      const names = replicatedTables().map((table) => table.name);
      expect(walk.at(-1)!.ready.toSorted(), username).toEqual(names.toSorted());
      for (const table of names) {
        const ready = readyAt(walk, table);
        // Once said complete, a table brings nothing more during the walk.
        expect(
          walk.slice(ready + 1).some((p) => p.tables.includes(table)),
          `${username} ${table}`,
        ).toBe(false);
        // And what is said complete stays complete.
        expect(walk.slice(ready).every((p) => p.ready.includes(table))).toBe(true);
      }
      // The places every screen labels its rows with come first.
      expect(readyAt(walk, 'comunidades'), username).toBeLessThanOrEqual(firstSeen(walk, 'socios'));
      const rows = pages.flatMap((p) => Object.values(p.changes).flat());
      expect(rows.length).toBe(pages[0]!.total);
    }
    // The office's home reads contracts and payments: complete by the page the members begin on.
    const office = walkOf((await pullAll('gerente', { limit: 150 })).pages);
    expect(readyAt(office, 'pagos')).toBeLessThanOrEqual(firstSeen(office, 'socios'));
    expect(readyAt(office, 'contratos')).toBeLessThanOrEqual(firstSeen(office, 'socios'));
    // A promoter's screens start from its members: complete by the page its contracts begin on.
    const field = walkOf((await pullAll('promotor', { limit: 150 })).pages);
    expect(readyAt(field, 'socios')).toBeLessThanOrEqual(firstSeen(field, 'contratos'));
  });
  it('cuts pages by row version across tables whose changes interleave', async () => {
    const { cursor } = await pullAll('gerente');
    const [c1, c2] = await t.db
      .select({ id: comunidades.id })
      .from(comunidades)
      .orderBy(comunidades.id)
      .limit(2);
    const [s1, s2] = await t.db
      .select({ clave: socios.clave_socio })
      .from(socios)
      .orderBy(socios.clave_socio)
      .limit(2);
    const [cargo] = await t.db.select({ id: cargos.id }).from(cargos).orderBy(cargos.id).limit(1);
    // Five changes in three tables, one after another: pages follow the versions, not the tables.
    // (A community's locality code, not its name: a new name re-sends every member showing it.)
    const setMember = (clave: number, telefono: string) =>
      t.db.update(socios).set({ telefono }).where(eq(socios.clave_socio, clave));
    const renameCommunity = (id: number, code: string) =>
      t.db.update(comunidades).set({ inegi_localidad: code }).where(eq(comunidades.id, id));
    await renameCommunity(c1!.id, 'Primera renombrada');
    await setMember(s1!.clave, '9190000011');
    await t.db
      .update(cargos)
      .set({ nombre_de_cargo: 'Cargo renombrado' })
      .where(eq(cargos.id, cargo!.id));
    await setMember(s2!.clave, '9190000012');
    await renameCommunity(c2!.id, 'Segunda renombrada');

    const { pages } = await pullAll('gerente', { cursor, limit: 2 });
    const summary = pages.map((p) => ({
      hasMore: p.hasMore,
      tables: Object.entries(p.changes)
        .map(([table, rows]) => `${table}:${rows.length}`)
        .sort(),
    }));
    expect(summary).toEqual([
      { hasMore: true, tables: ['comunidades:1', 'socios:1'] },
      { hasMore: true, tables: ['cargos:1', 'socios:1'] },
      { hasMore: false, tables: ['comunidades:1'] },
    ]);
    expect(rowsOf<Community>(pages, 'comunidades').map((c) => c.inegiLocalidad)).toEqual([
      'Primera renombrada',
      'Segunda renombrada',
    ]);
    expect(rowsOf<Socio>(pages, 'socios').map((m) => m.telefono)).toEqual([
      '9190000011',
      '9190000012',
    ]);
    const empty = await pull('gerente', { cursor: pages.at(-1)!.cursor, limit: 2 });
    expect(empty.answer.changes).toEqual({});
  });
});

describe('deltas', () => {
  it('answers only the changed row after an update, then a tiny empty delta', async () => {
    const { cursor } = await pullAll('coordinador');
    const clave = await linkedMember('socio');
    await t.db.update(socios).set({ telefono: '9191112233' }).where(eq(socios.clave_socio, clave));
    const { answer } = await pull('coordinador', { cursor });
    expect(answer).toMatchObject({ reset: false, hasMore: false });
    expect(Object.keys(answer.changes)).toEqual(['socios']);
    expect(answer.changes.socios).toEqual([
      expect.objectContaining({ clave_socio: clave, telefono: '9191112233' }),
    ]);
    const empty = await pull('coordinador', { cursor: answer.cursor });
    expect(empty.answer).toEqual({
      cursor: answer.cursor,
      hasMore: false,
      reset: false,
      changes: {},
      removed: {},
    });
    expect(empty.bytes).toBeLessThan(1024);
  });

  it('does not hand a promoter a change to another region', async () => {
    const { cursor } = await pullAll('promotor');
    const [other] = await t.db
      .select({ clave: socios.clave_socio })
      .from(socios)
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .where(eq(comunidades.region, 2))
      .limit(1);
    await t.db
      .update(socios)
      .set({ telefono: '9193334455' })
      .where(eq(socios.clave_socio, other!.clave));
    const { answer } = await pull('promotor', { cursor });
    expect(answer.changes).toEqual({});
  });
});

describe('cursor checks', () => {
  it('resets and pulls from the start for a cursor it cannot read', async () => {
    for (const cursor of ['garbage', 'v1.12.zz', 'v1.99999999999999999999.0123456789abcdef']) {
      const { answer } = await pull('promotor', { cursor, limit: 5000 });
      expect(answer.reset, cursor).toBe(true);
      expect((answer.changes.regiones ?? []).length).toBe(10);
    }
  });

  it('resets when the cursor belongs to another scope', async () => {
    const { cursor } = await pullAll('gerente');
    const { answer } = await pull('promotor', { cursor });
    expect(answer.reset).toBe(true);
    expect((answer.changes.socios as Socio[]).every((m) => m.region === 1)).toBe(true);
  });

  it('resets when the promoter’s region changes, then serves its new region', async () => {
    const { cursor } = await pullAll('promotor2');
    const clave = await linkedMember('promotor2');
    const [member] = await t.db.select().from(socios).where(eq(socios.clave_socio, clave));
    const [region3] = await t.db
      .select({ id: comunidades.id })
      .from(comunidades)
      .where(and(eq(comunidades.region, 3), ne(comunidades.id, member!.comunidad)))
      .limit(1);
    await t.db.update(socios).set({ comunidad: region3!.id }).where(eq(socios.clave_socio, clave));
    try {
      const { pages } = await pullAll('promotor2', { cursor });
      expect(pages[0]!.reset).toBe(true);
      const members = rowsOf<Socio>(pages, 'socios');
      expect(members.length).toBe(await memberCount(3));
      expect(members.every((m) => m.region === 3)).toBe(true);
    } finally {
      await t.db
        .update(socios)
        .set({ comunidad: member!.comunidad })
        .where(eq(socios.clave_socio, clave));
    }
  });
});

describe('request checks', () => {
  it.each(['0', '-1', 'abc', '2.5'])('refuses limit=%s with a 400 on limit', async (limit) => {
    const res = await t.as('gerente', { method: 'GET', url: `/api/sync/pull/?limit=${limit}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ limit: ['El límite debe ser un número entero entre 1 y 5000.'] });
  });

  it('caps a limit above the maximum', async () => {
    const { answer } = await pull('gerente', { limit: 999_999 });
    expect(Object.values(answer.changes).flat().length).toBeLessThanOrEqual(5000);
  });

  it('answers 426 to an outdated client and 401 without a token', async () => {
    const old = await t.as('gerente', {
      method: 'GET',
      url: '/api/sync/pull/',
      headers: { 'x-client-schema': '0' },
    });
    expect(old.statusCode).toBe(426);
    expect(old.json<{ code: string }>().code).toBe('client_outdated');
    expect((await t.app.inject({ method: 'GET', url: '/api/sync/pull/' })).statusCode).toBe(401);
  });
});
