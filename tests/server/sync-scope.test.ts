/**
 * Scope changes in the delta pull: a member or community moved between regions
 * reaches the new region's promoter WITH every record that depends on it, and leaves the old
 * region's phones as removals; a deleted row is removed from every phone that held it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PullAnswer } from '#domain/sync-protocol';
import { acopios, comunidades, contratos, movimientos, pagos, socios } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { pullAll as pullAllOf } from './pull-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const pullAll = (username: string, cursor = '') => pullAllOf(t, username, cursor);

const idsOf = (pages: PullAnswer[], table: string, key = 'id'): number[] =>
  pages
    .flatMap((p) => (p.changes[table] ?? []) as Record<string, unknown>[])
    .map((row) => Number(row[key]))
    .sort((a, b) => a - b);

const removedOf = (pages: PullAnswer[], table: string): number[] =>
  pages.flatMap((p) => (p.removed?.[table] ?? []).map(Number)).sort((a, b) => a - b);

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

const idRows = z.object({
  rows: z.array(z.object({ id: z.coerce.number(), credito: z.coerce.number().optional() })),
});

/** Rows of a raw query selecting `id` (and maybe `credito`). */
async function select(query: SQL) {
  return idRows.parse(await t.db.execute(query)).rows;
}

/**
 * A member of `region` with acopios and movements, and (unless `payments` is false) a contract
 * with a payment no accounting record points at; never one linked to a user.
 */
async function busyMember(region: number, payments = true): Promise<number> {
  const rows = await select(sql`
    SELECT s.clave_socio AS id FROM socios s JOIN comunidades c ON c.id = s.comunidad
    WHERE c.region = ${region}
      AND (NOT ${payments} OR EXISTS (SELECT 1 FROM contratos k JOIN pagos p ON p.credito = k.id WHERE k.clave_socio = s.clave_socio
        AND NOT EXISTS (SELECT 1 FROM registros_contables r WHERE r.pago = p.id)))
      AND EXISTS (SELECT 1 FROM acopios a WHERE a.clave_socio = s.clave_socio)
      AND EXISTS (SELECT 1 FROM movimientos m WHERE m.clave_socio = s.clave_socio)
      AND NOT EXISTS (SELECT 1 FROM users u WHERE u.clave_socio = s.clave_socio)
    ORDER BY s.clave_socio LIMIT 1`);
  const clave = rows[0]?.id;
  if (clave === undefined) throw new Error(`no busy member in region ${region}`);
  return clave;
}

/** The ids of every record depending on `claves`, table by table, from the database. */
async function dependents(claves: number[]) {
  const ids = async (q: Promise<{ id: number }[]>) => sorted((await q).map((r) => r.id));
  return {
    contratos: await ids(
      t.db
        .select({ id: contratos.id })
        .from(contratos)
        .where(inArray(contratos.clave_socio, claves)),
    ),
    pagos: await ids(
      t.db
        .select({ id: pagos.id })
        .from(pagos)
        .innerJoin(contratos, eq(pagos.credito, contratos.id))
        .where(inArray(contratos.clave_socio, claves)),
    ),
    acopios: await ids(
      t.db.select({ id: acopios.id }).from(acopios).where(inArray(acopios.clave_socio, claves)),
    ),
    movimientos: await ids(
      t.db
        .select({ id: movimientos.id })
        .from(movimientos)
        .where(inArray(movimientos.clave_socio, claves)),
    ),
  };
}

async function communityOf(region: number, except: number[] = []): Promise<number> {
  const rows = await t.db
    .select({ id: comunidades.id })
    .from(comunidades)
    .where(eq(comunidades.region, region))
    .orderBy(asc(comunidades.id));
  const found = rows.find((r) => !except.includes(r.id));
  if (!found) throw new Error(`no community in region ${region}`);
  return found.id;
}

describe('a member moved to another region', () => {
  it('reaches the new promoter with its records, and leaves the old one as removals', async () => {
    const before1 = await pullAll('promotor');
    const before2 = await pullAll('promotor2');
    const clave = await busyMember(1);
    const deps = await dependents([clave]);

    // The coordinator moves the member through the API, as the office does.
    const detail = await t.as('coordinador', { method: 'GET', url: `/api/socios/${clave}.json` });
    expect(detail.statusCode).toBe(200);
    const target = await communityOf(2);
    const moved = await t.as('coordinador', {
      method: 'PUT',
      url: `/api/socios/${clave}/`,
      payload: { ...detail.json<Record<string, unknown>>(), comunidad: target, region: 2 },
    });
    expect(moved.statusCode, moved.body.slice(0, 300)).toBe(200);

    const delta2 = await pullAll('promotor2', before2.cursor);
    expect(idsOf(delta2.pages, 'socios', 'clave_socio')).toContain(clave);
    for (const table of ['contratos', 'pagos', 'acopios', 'movimientos'] as const)
      expect(idsOf(delta2.pages, table), table).toEqual(expect.arrayContaining(deps[table]));

    const delta1 = await pullAll('promotor', before1.cursor);
    expect(removedOf(delta1.pages, 'socios')).toContain(clave);
    for (const table of ['contratos', 'pagos', 'acopios', 'movimientos'] as const)
      expect(removedOf(delta1.pages, table), table).toEqual(expect.arrayContaining(deps[table]));
    // Nothing of that member is sent again to the region it left.
    expect(idsOf(delta1.pages, 'socios', 'clave_socio')).not.toContain(clave);

    // The office sees every region: the member moved, nothing left its scope.
    const office = await pullAll('coordinador', (await pullAll('coordinador')).cursor);
    expect(Object.keys(office.pages[0]!.removed ?? {})).toEqual([]);
  });
});

describe('a community moved to another region', () => {
  it('brings its members and their records to the new region and removes them from the old', async () => {
    const before1 = await pullAll('promotor');
    const before2 = await pullAll('promotor2');
    const linked = await select(
      sql`SELECT s.comunidad AS id FROM users u JOIN socios s ON s.clave_socio = u.clave_socio`,
    );
    const community = await communityOf(
      1,
      linked.map((r) => r.id),
    );
    const members = sorted(
      (
        await t.db
          .select({ clave: socios.clave_socio })
          .from(socios)
          .where(eq(socios.comunidad, community))
      ).map((r) => r.clave),
    );
    expect(members.length).toBeGreaterThan(0);
    const deps = await dependents(members);
    expect(deps.acopios.length).toBeGreaterThan(0);

    const [row] = await t.db
      .select({ nombre: comunidades.nombre_de_comunidad, ermita: comunidades.ermita })
      .from(comunidades)
      .where(eq(comunidades.id, community));
    const res = await t.as('coordinador', {
      method: 'PUT',
      url: `/api/comunidades/${community}/`,
      payload: { nombre_de_comunidad: row!.nombre, region: 2, ermita: row!.ermita },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);

    const delta2 = await pullAll('promotor2', before2.cursor);
    expect(idsOf(delta2.pages, 'socios', 'clave_socio')).toEqual(expect.arrayContaining(members));
    for (const table of ['contratos', 'pagos', 'acopios', 'movimientos'] as const)
      expect(idsOf(delta2.pages, table), table).toEqual(expect.arrayContaining(deps[table]));

    const delta1 = await pullAll('promotor', before1.cursor);
    expect(removedOf(delta1.pages, 'socios')).toEqual(expect.arrayContaining(members));
    for (const table of ['contratos', 'pagos', 'acopios', 'movimientos'] as const)
      expect(removedOf(delta1.pages, table), table).toEqual(expect.arrayContaining(deps[table]));
  });
});

describe('deleted rows', () => {
  it('are removed from every phone that held them, and their contract is re-sent', async () => {
    const clave = await busyMember(2);
    const before = {
      promotor2: await pullAll('promotor2'),
      coordinador: await pullAll('coordinador'),
      promotor: await pullAll('promotor'),
    };
    // A payment and an acopio no accounting record points at (those could not be deleted).
    const free = await select(sql`
      SELECT p.id, p.credito FROM pagos p JOIN contratos k ON k.id = p.credito
      WHERE k.clave_socio = ${clave}
        AND NOT EXISTS (SELECT 1 FROM registros_contables r WHERE r.pago = p.id)
      ORDER BY p.id LIMIT 1`);
    const payment = free[0];
    const [acopio] = await t.db
      .select({ id: acopios.id })
      .from(acopios)
      .where(eq(acopios.clave_socio, clave))
      .limit(1);
    await t.db.delete(pagos).where(eq(pagos.id, payment!.id));
    await t.db.delete(acopios).where(eq(acopios.id, acopio!.id));

    for (const user of ['promotor2', 'coordinador'] as const) {
      const delta = await pullAll(user, before[user].cursor);
      expect(removedOf(delta.pages, 'pagos'), user).toEqual([payment!.id]);
      expect(removedOf(delta.pages, 'acopios'), user).toEqual([acopio!.id]);
      // The contract's paid total changed: it travels again.
      expect(idsOf(delta.pages, 'contratos'), user).toEqual([payment!.credito!]);
    }
    // Another region's promoter never held them and learns nothing about them.
    const other = await pullAll('promotor', before.promotor.cursor);
    expect(other.pages[0]!.removed ?? {}).toEqual({});
    expect(other.pages[0]!.changes).toEqual({});
  });

  it('keeps an empty delta one small request', async () => {
    const { cursor } = await pullAll('promotor');
    const empty = await pullAll('promotor', cursor);
    expect(empty.pages).toHaveLength(1);
    expect(empty.pages[0]!.changes).toEqual({});
    expect(empty.bytes).toBeLessThan(200);
  });
});

describe('a member who changes community inside its region', () => {
  it('re-sends the records that show its community name', async () => {
    const clave = await busyMember(1, false);
    const before = await pullAll('promotor');
    const [current] = await t.db
      .select({ comunidad: socios.comunidad })
      .from(socios)
      .where(eq(socios.clave_socio, clave));
    const target = await communityOf(1, [current!.comunidad]);
    await t.db.update(socios).set({ comunidad: target }).where(eq(socios.clave_socio, clave));
    const deps = await dependents([clave]);
    const delta = await pullAll('promotor', before.cursor);
    expect(idsOf(delta.pages, 'acopios')).toEqual(deps.acopios);
    expect(idsOf(delta.pages, 'movimientos')).toEqual(deps.movimientos);
    expect(removedOf(delta.pages, 'socios')).toEqual([]);
    const acopioRows = delta.pages.flatMap(
      (p) => (p.changes.acopios ?? []) as { comunidad: number }[],
    );
    expect(new Set(acopioRows.map((r) => r.comunidad))).toEqual(new Set([target]));
    await t.db
      .update(socios)
      .set({ comunidad: current!.comunidad })
      .where(and(eq(socios.clave_socio, clave)));
  });
});
