import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, sql } from 'drizzle-orm';
import { comunidades, regiones, socios, users } from '#server/db/schema';
import { seedDemo } from '#server/db/seed';
import { verifyPassword } from '#server/auth/password';
import { makeTestApp, DEMO_PASSWORD, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo seed', () => {
  it('creates the six demo users with their roles, the demo password and promoter regions', async () => {
    const rows = await t.db
      .select({
        username: users.username,
        role: users.role,
        hash: users.password_hash,
        region: comunidades.region,
      })
      .from(users)
      .leftJoin(socios, eq(users.clave_socio, socios.clave_socio))
      .leftJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .orderBy(asc(users.id));
    expect(rows.map((r) => [r.username, r.role])).toEqual([
      ['gerente', 'GE'],
      ['coordinador', 'CO'],
      ['promotor', 'PR'],
      ['promotor2', 'PR'],
      ['visitante', 'VI'],
      ['socio', 'SO'],
    ]);
    const regionOf = Object.fromEntries(rows.map((r) => [r.username, r.region]));
    expect(regionOf).toMatchObject({
      promotor: 1,
      promotor2: 2,
      gerente: null,
      coordinador: null,
      visitante: null,
    });
    expect(regionOf.socio).toEqual(expect.any(Number));
    for (const row of rows) {
      expect(row.hash).toMatch(/^scrypt\$/);
      expect(await verifyPassword(DEMO_PASSWORD, row.hash)).toBe(true);
    }
  });

  it('has ~600 members with valid dates and statuses mostly AC/NP with some BA', async () => {
    const members = await t.db.select().from(socios);
    expect(members.length).toBe(600);
    const statuses = members.flatMap((m) => [
      m.estatus_cafe,
      m.estatus_miel,
      m.estatus_yip,
      m.estatus_trabajador,
      m.estatus_comon_sit,
    ]);
    const share = (s: string) => statuses.filter((x) => x === s).length / statuses.length;
    expect(share('AC') + share('NP')).toBeGreaterThan(0.85);
    expect(share('BA')).toBeGreaterThan(0.01);
    for (const m of members) {
      // The demo cooperative's members are complete (only an import leaves dates empty).
      expect(m.fecha_nacimiento! < m.fecha_ingr_yomol_atel!).toBe(true);
      expect(m.fecha_ingr_yomol_atel! <= m.fecha_ingr_programa!).toBe(true);
      expect(m.fecha_ingr_programa! <= '2025-06-30').toBe(true);
      expect(m.nombres.length).toBeGreaterThan(1);
      if (m.curp !== null) expect(m.curp).toMatch(/^[A-Z]{4}\d{6}[HM]CS[A-Z]{3}[0-9A-Z]\d$/);
      if (m.telefono !== null) expect(m.telefono).toMatch(/^\d{10}$/);
      expect(m.cargo_coop.length).toBeGreaterThan(0);
    }
    // Every region has members (the promoters' lists are never empty).
    const perRegion = await t.db
      .select({ region: comunidades.region, n: count() })
      .from(socios)
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .groupBy(comunidades.region);
    expect(perRegion.length).toBe(10);
  });

  it('does nothing on a database that already has data', async () => {
    const again = await seedDemo(t.db);
    expect(again.seeded).toBe(false);
    const [n] = await t.db.select({ n: count() }).from(socios);
    expect(n!.n).toBe(600);
  });

  it('is deterministic: a second fresh database gets the same data', async () => {
    const other = await makeTestApp();
    try {
      const pick = (app: TestApp) =>
        app.db
          .select({
            k: socios.clave_socio,
            n: socios.nombres,
            p: socios.apellido_paterno,
            c: socios.comunidad,
            b: socios.fecha_nacimiento,
          })
          .from(socios)
          .orderBy(asc(socios.clave_socio));
      expect(await pick(other)).toEqual(await pick(t));
      const polys = (app: TestApp) =>
        app.db
          .select({ id: regiones.id, poly: regiones.poly })
          .from(regiones)
          .orderBy(asc(regiones.id));
      expect(await polys(other)).toEqual(await polys(t));
    } finally {
      await other.close();
    }
  });
});

describe('row_version', () => {
  it('takes a new, larger value from one global sequence on every insert and update', async () => {
    const [before] = await t.db.select().from(socios).where(eq(socios.clave_socio, 10));
    const [maxRegion] = await t.db
      .select({ v: sql<number>`max(${regiones.row_version})` })
      .from(regiones);
    await t.db.update(socios).set({ telefono: '9190000000' }).where(eq(socios.clave_socio, 10));
    const [after] = await t.db.select().from(socios).where(eq(socios.clave_socio, 10));
    expect(after!.row_version).toBeGreaterThan(before!.row_version);
    expect(after!.updated_at.getTime()).toBeGreaterThanOrEqual(before!.updated_at.getTime());
    // Even an explicit value is overridden: the sequence is the only source.
    await t.db
      .update(regiones)
      .set({ nombre_de_region: 'Yajalón', row_version: 1 })
      .where(eq(regiones.id, 1));
    const [region] = await t.db.select().from(regiones).where(eq(regiones.id, 1));
    expect(region!.row_version).toBeGreaterThan(after!.row_version);
    expect(region!.row_version).toBeGreaterThan(Number(maxRegion!.v));
  });
});
