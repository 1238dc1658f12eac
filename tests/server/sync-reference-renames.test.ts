/**
 * Names copied from reference rows travel again when only the reference row changes, and the
 * removal log's purge resets phones whose cursor predates it (server/README "Scope changes").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PullAnswer } from '#domain/sync-protocol';
import {
  comunidades,
  ermitas,
  interzonas,
  regiones,
  socios,
  syncRemovals,
  zonas,
} from '#server/db/schema';
import { purgeSyncRemovals } from '#server/sync/removals';
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

function rowsOf(pages: PullAnswer[], table: string): Record<string, unknown>[] {
  return pages.flatMap((p) => (p.changes[table] ?? []) as Record<string, unknown>[]);
}

/** The region of the demo user `username` as its own pull shows it (its members' region). */
async function regionOf(username: string): Promise<number> {
  const members = rowsOf((await pullAll(username)).pages, 'socios');
  const regions = new Set(members.map((m) => Number(m.region)));
  expect(regions.size).toBe(1);
  return [...regions][0]!;
}

describe('reference renames', () => {
  it("a region's new name reaches its promoter on its communities, members and records", async () => {
    const region = await regionOf('promotor');
    const before = await pullAll('promotor');
    await t.db
      .update(regiones)
      .set({ nombre_de_region: 'Región Renombrada' })
      .where(eq(regiones.id, region));
    const delta = await pullAll('promotor', before.cursor);

    const communityIds = (
      await t.db
        .select({ id: comunidades.id })
        .from(comunidades)
        .where(eq(comunidades.region, region))
    ).map((c) => c.id);
    const communities = rowsOf(delta.pages, 'comunidades').filter((c) =>
      communityIds.includes(Number(c.id)),
    );
    expect(communities).toHaveLength(communityIds.length);
    expect(new Set(communities.map((c) => c.nombre_region))).toEqual(
      new Set(['Región Renombrada']),
    );

    const memberCount = await t.db.$count(
      socios,
      sql`${socios.comunidad} IN (SELECT id FROM comunidades WHERE region = ${region})`,
    );
    const members = rowsOf(delta.pages, 'socios');
    expect(members).toHaveLength(memberCount);
    expect(new Set(members.map((m) => m.nombre_region))).toEqual(new Set(['Región Renombrada']));
    expect(rowsOf(delta.pages, 'regiones').map((r) => r.nombre_de_region)).toEqual([
      'Región Renombrada',
    ]);
  });

  it("a hermitage's new name reaches every phone on its communities", async () => {
    const [community] = await t.db
      .select({ id: comunidades.id, ermita: comunidades.ermita })
      .from(comunidades)
      .where(sql`${comunidades.ermita} IS NOT NULL`)
      .limit(1);
    const before = await pullAll('coordinador');
    await t.db
      .update(ermitas)
      .set({ nombre: 'Ermita Renombrada' })
      .where(eq(ermitas.ermita_id, community!.ermita!));
    const delta = await pullAll('coordinador', before.cursor);
    const shown = rowsOf(delta.pages, 'comunidades').find((c) => Number(c.id) === community!.id);
    expect(shown?.ermita_name).toBe('Ermita Renombrada');
  });

  it("an interzone's new name reaches its zones and hermitages", async () => {
    const [hermitage] = await t.db
      .select({ id: ermitas.ermita_id, interzona: ermitas.interzona })
      .from(ermitas)
      .where(sql`${ermitas.interzona} IS NOT NULL`)
      .limit(1);
    const before = await pullAll('coordinador');
    await t.db
      .update(interzonas)
      .set({ nombre: 'Interzona Renombrada' })
      .where(eq(interzonas.id, hermitage!.interzona!));
    const delta = await pullAll('coordinador', before.cursor);
    const shown = rowsOf(delta.pages, 'ermitas').find((e) => Number(e.ermita_id) === hermitage!.id);
    expect(shown?.interzona).toBe('Interzona Renombrada');
    const zoneCount = await t.db.$count(zonas, eq(zonas.interzona, hermitage!.interzona!));
    const zoneRows = rowsOf(delta.pages, 'zonas');
    expect(zoneRows).toHaveLength(zoneCount);
    expect(new Set(zoneRows.map((z) => z.interzona))).toEqual(new Set(['Interzona Renombrada']));
  });
});

describe('the removal log is purged after its retention', () => {
  it('a cursor older than the purge starts again from 0; a newer one goes on', async () => {
    const old = await pullAll('coordinador');
    // A deletion logs a removal every phone that read the row is told about.
    const [region] = await t.db
      .insert(regiones)
      .values({ id: 97, nombre_de_region: 'Región de paso' })
      .returning({ id: regiones.id });
    await t.db.delete(regiones).where(eq(regiones.id, region!.id));
    const logged = await t.db
      .select({ version: syncRemovals.version })
      .from(syncRemovals)
      .where(eq(syncRemovals.row_id, 97));
    expect(logged).toHaveLength(1);
    const afterDeletion = await pullAll('coordinador', old.cursor);
    expect(afterDeletion.pages[0]!.removed?.regiones).toEqual([97]);

    // Nothing is old enough yet: the purge keeps it.
    expect(await purgeSyncRemovals(t.db)).toBe(0);
    const in200Days = new Date(Date.now() + 200 * 86_400_000);
    expect(await purgeSyncRemovals(t.db, in200Days)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(syncRemovals).where(eq(syncRemovals.row_id, 97))).toHaveLength(
      0,
    );

    const stale = await pullAll('coordinador', old.cursor);
    expect(stale.pages.slice(1).every((p) => !p.reset)).toBe(true);
    expect(stale.pages[0]!.reset).toBe(true);
    const current = await pullAll('coordinador', afterDeletion.cursor);
    expect(current.pages[0]!.reset).toBe(false);
    // The full pull that follows the reset walks versions below the horizon without resetting again.
    const full = await pullAll('coordinador', stale.pages[0]!.cursor);
    expect(full.pages.every((p) => !p.reset)).toBe(true);
  });
});
