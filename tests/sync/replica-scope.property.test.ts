/**
 * Property "the replica is the scope": over random sequences of moves (members and
 * communities between regions), creations, edits, payments and deletions, the replicas of two
 * promoters, a coordinator and a member — each applying its delta pulls with the phone's own
 * `applyPullPage` — hold, after every pull, exactly the rows the list API serves that user:
 * the same ids, table by table, with the same contents.
 *
 * Runs on PGlite (sync project) and on PostgreSQL (the server project includes this file when
 * DATABASE_URL is set, as under scripts/with-temp-postgres.sh).
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AppDatabase } from '#db/database';
import { replicaTableForServer } from '#db/replica-tables';
import { PROCESSES } from '#domain/codes';
import { todayIn } from '#domain/dates';
import { pullAnswerSchema } from '#domain/sync-protocol';
import { applyPullPage } from '#sync/pull';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

const USERS = ['promotor', 'promotor2', 'coordinador', 'socio'] as const;
type User = (typeof USERS)[number];

/** Each replicated table with the list endpoint(s) that serve it, and its key. */
const LISTS = {
  regiones: { urls: ['/api/regiones.json'], key: 'id' },
  comunidades: { urls: ['/api/comunidades.json'], key: 'id' },
  socios: { urls: ['/api/socios.json'], key: 'clave_socio' },
  contratos: {
    urls: ['/api/contratos/all.json', '/api/contratos/all.json?fondocomun=true'],
    key: 'id',
  },
  pagos: { urls: ['/api/pagos.json'], key: 'id' },
  acopios: { urls: ['/api/acopios.json'], key: 'id' },
  movimientos: { urls: PROCESSES.map((p) => `/api/movimientos/?proceso=${p}`), key: 'id' },
  solicitudes: { urls: ['/api/solic-creditos/all.json'], key: 'folio_solicitud' },
} as const;

type Row = Record<string, unknown>;
const rowList = z.array(z.record(z.string(), z.unknown()));
const idRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });

let t: TestApp;
let regions: number[] = [];

interface Phone {
  user: User;
  db: AppDatabase;
  cursor: string;
}
let phones: Phone[] = [];

async function ids(query: SQL): Promise<number[]> {
  return idRows.parse(await t.db.execute(query)).rows.map((r) => r.id);
}

/** The `pick`-th of `list` (wrapping), or null when empty. */
const nth = <T>(list: readonly T[], pick: number): T | null =>
  list.length === 0 ? null : list[pick % list.length]!;

async function pull(phone: Phone, limit: number): Promise<void> {
  for (let pages = 0; ; pages += 1) {
    if (pages > 500) throw new Error('pull does not end');
    const res = await t.as(phone.user, {
      method: 'GET',
      url: `/api/sync/pull/?cursor=${encodeURIComponent(phone.cursor)}&limit=${limit}`,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const page = pullAnswerSchema.parse(res.json());
    await applyPullPage(phone.db, page);
    phone.cursor = page.cursor;
    if (!page.hasMore) return;
  }
}

/** What the list API serves `user` for a table, by key (a 403 serves nothing). */
async function served(
  user: User,
  urls: readonly string[],
  key: string,
): Promise<Map<unknown, Row>> {
  const rows = new Map<unknown, Row>();
  for (const url of urls) {
    const res = await t.as(user, { method: 'GET', url });
    if (res.statusCode === 403) continue;
    expect(res.statusCode, `${user} ${url}`).toBe(200);
    for (const row of rowList.parse(res.json())) rows.set(row[key], row);
  }
  return rows;
}

async function checkReplica(phone: Phone, touchedMembers: ReadonlySet<number>): Promise<void> {
  for (const [server, { urls, key }] of Object.entries(LISTS)) {
    const expected = await served(phone.user, urls, key);
    const def = replicaTableForServer(server)!;
    const replica = new Map((await phone.db.wire(def.table).toArray()).map((r) => [r[key], r]));
    const where = `${phone.user} ${server}`;
    const extra = [...replica.keys()].filter((k) => !expected.has(k));
    const missing = [...expected.keys()].filter((k) => !replica.has(k));
    expect({ extra, missing }, where).toEqual({ extra: [], missing: [] });
    // One comparison per table (thousands of expect calls would dominate the run time); a
    // difference is reported field by field: [replica, list]. A member's list row is a summary
    // of its replica row (the detail): only the fields it has are compared.
    const differing: { id: unknown; fields: Record<string, [unknown, unknown]> }[] = [];
    for (const [id, listed] of expected) {
      const row = replica.get(id)!;
      const keys =
        server === 'socios'
          ? Object.keys(listed).filter((k) => k in row)
          : [...new Set([...Object.keys(row), ...Object.keys(listed)])];
      const fields: Record<string, [unknown, unknown]> = {};
      for (const k of keys)
        if (JSON.stringify(row[k]) !== JSON.stringify(listed[k])) fields[k] = [row[k], listed[k]];
      if (Object.keys(fields).length > 0) differing.push({ id, fields });
    }
    expect(differing.slice(0, 3), where).toEqual([]);
  }
  // A member's replica row is its detail: compare whole for the members this step changed.
  for (const clave of touchedMembers) {
    const res = await t.as(phone.user, { method: 'GET', url: `/api/socios/${clave}.json` });
    const row = await phone.db.socios.get(clave);
    if (res.statusCode === 404) expect(row, `${phone.user} socio ${clave}`).toBeUndefined();
    else expect(row, `${phone.user} socio ${clave}`).toEqual(res.json());
  }
}

type Op =
  | { type: 'moveMember' | 'editMember' | 'deleteMember'; pick: number; region: number }
  | { type: 'moveCommunity' | 'renameCommunity'; pick: number; region: number }
  | { type: 'createMember'; region: number }
  | { type: 'payment' | 'acopio' | 'contribution'; pick: number }
  | { type: 'deletePayment' | 'deleteAcopio' | 'deleteMovement'; pick: number }
  | { type: 'renamePromoter' };

const pick = fc.nat({ max: 10_000 });
const regionPick = fc.nat({ max: 10 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ type: fc.constant('moveMember' as const), pick, region: regionPick }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('moveCommunity' as const), pick, region: regionPick }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('renameCommunity' as const),
      pick,
      region: regionPick,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('editMember' as const), pick, region: regionPick }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('createMember' as const), region: regionPick }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('deleteMember' as const), pick, region: regionPick }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('payment' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('acopio' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('contribution' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('deletePayment' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('deleteAcopio' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('deleteMovement' as const), pick }) },
  { weight: 1, arbitrary: fc.constant({ type: 'renamePromoter' as const }) },
);

let serial = 0;
/** How many writes of each kind took effect over the run (the property must see them all). */
const effects = new Map<string, number>();

async function communityIn(region: number, pickN: number): Promise<number | null> {
  return nth(
    await ids(sql`SELECT id FROM comunidades WHERE region = ${region} ORDER BY id`),
    pickN,
  );
}

async function memberWrite(clave: number, change: (member: Row) => Promise<Row | null>) {
  const detail = await t.as('coordinador', { method: 'GET', url: `/api/socios/${clave}.json` });
  expect(detail.statusCode).toBe(200);
  const body = await change(detail.json<Row>());
  if (!body) return false;
  const res = await t.as('coordinador', {
    method: 'PUT',
    url: `/api/socios/${clave}/`,
    payload: body,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return true;
}

/** Apply one operation; returns the members whose own row it changed (or removed). */
async function apply(o: Op): Promise<number[]> {
  serial += 1;
  const today = todayIn();
  const members = await ids(sql`SELECT clave_socio AS id FROM socios ORDER BY clave_socio`);
  switch (o.type) {
    case 'moveMember': {
      const clave = nth(members, o.pick)!;
      const region = nth(regions, o.region)!;
      const target = await communityIn(region, o.pick);
      if (target === null) return [];
      await memberWrite(clave, async (m) => ({ ...m, comunidad: target, region }));
      return [clave];
    }
    case 'editMember': {
      const clave = nth(members, o.pick)!;
      await memberWrite(clave, async (m) => ({ ...m, nombres: `Nombre ${serial}` }));
      return [clave];
    }
    case 'createMember': {
      const region = nth(regions, o.region)!;
      const comunidad = await communityIn(region, serial);
      if (comunidad === null) return [];
      const [cargo] = await ids(sql`SELECT id FROM cargos ORDER BY id LIMIT 1`);
      const [post] = await ids(sql`SELECT id FROM cargos_coop ORDER BY id LIMIT 1`);
      const res = await t.as('coordinador', {
        method: 'POST',
        url: '/api/socios/',
        payload: {
          clave_socio: null,
          region,
          nombres: `Nueva ${serial}`,
          apellido_paterno: 'Prueba',
          apellido_materno: '',
          curp: null,
          telefono: null,
          fecha_nacimiento: '1990-01-15',
          genero: 'FE',
          fecha_ingr_yomol_atel: '2015-03-01',
          fecha_ingr_programa: '2016-03-01',
          clave_anterior: null,
          comunidad,
          cargo: cargo!,
          cargo_coop: [post!],
          empresa: null,
          puesto: null,
          fuente: null,
          estatus_cafe: 'AC',
          estatus_miel: 'NP',
          estatus_yip: 'NP',
          estatus_trabajador: 'NP',
          estatus_comonSit: 'AC',
          doc_curp: false,
          doc_domicilio: false,
          doc_act_nac: false,
          doc_ine: false,
          doc_rfc: false,
        },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
      return [res.json<{ clave_socio: number }>().clave_socio];
    }
    case 'deleteMember': {
      // Only a member nothing refers to can go (a new one, or one emptied by deletions).
      const free = await ids(sql`
        SELECT clave_socio AS id FROM socios s WHERE
          NOT EXISTS (SELECT 1 FROM users u WHERE u.clave_socio = s.clave_socio)
          AND NOT EXISTS (SELECT 1 FROM contratos k WHERE k.clave_socio = s.clave_socio)
          AND NOT EXISTS (SELECT 1 FROM solicitudes r WHERE r.clave_socio = s.clave_socio OR r.aval = s.clave_socio)
          AND NOT EXISTS (SELECT 1 FROM acopios a WHERE a.clave_socio = s.clave_socio)
          AND NOT EXISTS (SELECT 1 FROM movimientos m WHERE m.clave_socio = s.clave_socio)
        ORDER BY clave_socio`);
      const clave = nth(free, o.pick);
      if (clave === null) return [];
      await t.db.execute(sql`DELETE FROM socios WHERE clave_socio = ${clave}`);
      return [clave];
    }
    case 'moveCommunity':
    case 'renameCommunity': {
      const all = await ids(sql`SELECT id FROM comunidades ORDER BY id`);
      const id = nth(all, o.pick)!;
      const current = await t.as('coordinador', { method: 'GET', url: '/api/comunidades.json' });
      const row = rowList.parse(current.json()).find((c) => c.id === id)!;
      const moved = o.type === 'moveCommunity';
      const res = await t.as('coordinador', {
        method: 'PUT',
        url: `/api/comunidades/${id}/`,
        payload: {
          nombre_de_comunidad: moved ? row.nombre_de_comunidad : `Comunidad ${serial}`,
          region: moved ? nth(regions, o.region)! : row.region,
          ermita: row.ermita,
        },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return ids(sql`SELECT clave_socio AS id FROM socios WHERE comunidad = ${id}`);
    }
    case 'payment': {
      const open = await ids(sql`
        SELECT id FROM contratos WHERE estatus_ejecucion = 'CO' AND estatus = 'DP'
          AND NOT EXISTS (SELECT 1 FROM pagos p WHERE p.credito = contratos.id AND p.fecha_pago > ${today})
        ORDER BY id`);
      const credito = nth(open, o.pick);
      if (credito === null) return [];
      const res = await t.as('coordinador', {
        method: 'POST',
        url: '/api/pagos/',
        payload: {
          credito,
          fecha_pago: today,
          abono_capital: '1',
          interes_ord: '0',
          interes_mor: '0',
        },
      });
      if (res.statusCode === 201) effects.set('payment', (effects.get('payment') ?? 0) + 1);
      return [];
    }
    case 'acopio':
    case 'contribution': {
      const active = await ids(
        sql`SELECT clave_socio AS id FROM socios WHERE estatus_cafe = 'AC' ORDER BY clave_socio`,
      );
      const clave = nth(active, o.pick);
      if (clave === null) return [];
      const res =
        o.type === 'acopio'
          ? await t.as('coordinador', {
              method: 'POST',
              url: '/api/acopios/',
              payload: {
                clave_socio: clave,
                fecha: today,
                tipo_de_producto: 'CF',
                kilos_de_producto: '10',
                ingreso: '100',
              },
            })
          : await t.as('coordinador', {
              method: 'POST',
              url: '/api/movimientos/',
              payload: {
                clave_socio: clave,
                fecha_entrega: today,
                monto: '50',
                proceso: 'CF',
                aportacion: true,
                ordinario: true,
                tipo_de_movimiento: 'EF',
                fecha_banco: null,
                referencia_banco: null,
                responsable_entrega: 'Comité',
              },
            });
      if (res.statusCode === 201) effects.set(o.type, (effects.get(o.type) ?? 0) + 1);
      return [];
    }
    case 'deletePayment':
    case 'deleteAcopio':
    case 'deleteMovement': {
      const [table, link] = (
        {
          deletePayment: ['pagos', 'pago'],
          deleteAcopio: ['acopios', null],
          deleteMovement: ['movimientos', 'aport_retiro'],
        } as const
      )[o.type];
      const free = await ids(
        link === null
          ? sql`SELECT id FROM ${sql.identifier(table)} ORDER BY id`
          : sql`SELECT id FROM ${sql.identifier(table)} x WHERE NOT EXISTS (SELECT 1 FROM registros_contables r WHERE r.${sql.identifier(link)} = x.id) ORDER BY id`,
      );
      const id = nth(free, o.pick);
      if (id === null) return [];
      await t.db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE id = ${id}`);
      effects.set(o.type, (effects.get(o.type) ?? 0) + 1);
      return [];
    }
    case 'renamePromoter': {
      const res = await t.as('promotor', {
        method: 'PATCH',
        url: '/api/users/me.json',
        payload: { first_name: `Promotor ${serial}` },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return [];
    }
  }
}

beforeAll(async () => {
  // Contract rows carry figures of the day (days alive, debt to date). A run that crosses
  // midnight in Mexico City would compare a row pulled yesterday with today's list: the clock
  // starts at noon of today there and runs on, so the whole run stays within one day.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(`${todayIn()}T18:00:00Z`));
  t = await makeTestApp();
  regions = await ids(sql`SELECT id FROM regiones ORDER BY id`);
  // A tenth of the demo's collections and a quarter of its movements: every check then reads
  // a few hundred rows per table, not thousands (the rules are the same for 300 or 3000).
  await t.db.execute(sql`DELETE FROM acopios WHERE id % 10 <> 0`);
  await t.db.execute(sql`
    DELETE FROM movimientos m WHERE id % 4 <> 0
      AND NOT EXISTS (SELECT 1 FROM registros_contables r WHERE r.aport_retiro = m.id)`);
  phones = USERS.map((user) => ({ user, db: new AppDatabase(`scope-prop-${user}`), cursor: '' }));
  for (const phone of phones) await pull(phone, 5000);
});
afterAll(async () => {
  for (const phone of phones) phone.db.close();
  await t.close();
  vi.useRealTimers();
});

/**
 * A fixed number of cases and no time limit: a run cut short would pass with fewer cases than
 * asked (fast-check does not count an interrupt as a failure). The phones keep their replicas
 * from case to case, as real phones do. The first case is EVERY_KIND.
 */
const CASES = 4;

/** Played first, whatever the random cases: every kind of operation at least once. */
const EVERY_KIND: Op[][] = [
  [
    { type: 'moveMember', pick: 3, region: 1 },
    { type: 'moveCommunity', pick: 2, region: 1 },
    { type: 'renameCommunity', pick: 5, region: 0 },
  ],
  [
    { type: 'editMember', pick: 7, region: 0 },
    { type: 'createMember', region: 0 },
    { type: 'payment', pick: 1 },
  ],
  [
    { type: 'deleteMember', pick: 0, region: 0 },
    { type: 'acopio', pick: 4 },
    { type: 'contribution', pick: 6 },
    { type: 'renamePromoter' },
  ],
  [
    { type: 'deletePayment', pick: 2 },
    { type: 'deleteAcopio', pick: 3 },
    { type: 'deleteMovement', pick: 4 },
    { type: 'moveMember', pick: 3, region: 0 },
  ],
];
let run = 0;

describe('the replica is the scope', () => {
  // Its own time limit: it also runs in the server project (60 s by default), and a loaded
  // machine can stretch its half minute several times over.
  it('after every delta pull, each phone holds exactly what the list API serves its user', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Rounds of a few writes, each round followed by every phone's delta pull.
        fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(3, 40, 5000),
        async (rounds, limit) => {
          run += 1;
          for (const round of rounds) {
            const touched = new Set<number>();
            for (const o of round) for (const clave of await apply(o)) touched.add(clave);
            for (const phone of phones) {
              await pull(phone, limit);
              await checkReplica(phone, touched);
            }
          }
        },
      ),
      // The world is not rebuilt between cases: shrinking would replay on another state.
      { numRuns: CASES, examples: [[EVERY_KIND, 40]], endOnFailure: true },
    );
    // Every case ran, the example among them: fewer would prove less.
    expect(run).toBe(CASES);
    // The writes took effect (a property over refused writes would prove little).
    for (const kind of [
      'payment',
      'acopio',
      'contribution',
      'deletePayment',
      'deleteAcopio',
      'deleteMovement',
    ])
      expect(effects.get(kind) ?? 0, kind).toBeGreaterThan(0);
  }, 300_000);
});
