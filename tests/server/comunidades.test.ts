/**
 * Community writes and the process-map counts
 * (docs/business-rules.md#other-areas), counted by hand from the database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community } from '#domain/entities';
import { IDEMPOTENT_REPLAYED_HEADER } from '#domain/sync-protocol';
import { comunidades, ermitas, regiones, socios } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { communityIn, tablesFingerprint } from './members-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const storedCommunity = async (id: number) =>
  (await t.db.select().from(comunidades).where(eq(comunidades.id, id)))[0]!;
const listed = async (id: number) =>
  (await t.as('promotor', { method: 'GET', url: '/api/comunidades.json' }))
    .json<Community[]>()
    .find((c) => c.id === id);

describe('POST /comunidades/', () => {
  it('creates a community: 201 in the Community shape, listed for everyone', async () => {
    const [hermitage] = await t.db.select().from(ermitas).limit(1);
    const [region] = await t.db.select().from(regiones).where(eq(regiones.id, 7));
    const capturedAt = new Date(Date.now() - 600_000).toISOString();
    const res = await t.as('coordinador', {
      method: 'POST',
      url: '/api/comunidades/',
      headers: { 'x-captured-at': capturedAt },
      payload: {
        nombre_de_comunidad: '  Nuevo Progreso ',
        region: '7',
        ermita: hermitage!.ermita_id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Community>();
    expect(created).toEqual({
      id: expect.any(Number),
      nombre_de_comunidad: 'Nuevo Progreso',
      region: 7,
      nombre_region: region!.nombre_de_region,
      ermita: hermitage!.ermita_id,
      ermita_name: hermitage!.nombre,
      inegiLocalidad: null,
      ubicacion: null,
    });
    expect(await listed(created.id)).toEqual(created);
    const stored = await storedCommunity(created.id);
    expect(stored.capturado_en?.toISOString()).toBe(capturedAt);
    expect(stored.recibido_en).toBeInstanceOf(Date);
  });

  it('ermita is optional; region and ermita must exist', async () => {
    const ok = await t.as('gerente', {
      method: 'POST',
      url: '/api/comunidades/',
      payload: { nombre_de_comunidad: 'Sin ermita', region: 3 },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ ermita: null, ermita_name: null, region: 3 });

    const before = await tablesFingerprint(t);
    const bad = await t.as('gerente', {
      method: 'POST',
      url: '/api/comunidades/',
      payload: { nombre_de_comunidad: 'X', region: 42, ermita: 4242 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      region: ['No existe ningún registro con el id 42.'],
      ermita: ['No existe ningún registro con el id 4242.'],
    });
    expect(await tablesFingerprint(t)).toBe(before);
  });

  it('a replay with the same Idempotency-Key creates one community', async () => {
    const send = () =>
      t.as('gerente', {
        method: 'POST',
        url: '/api/comunidades/',
        headers: { 'idempotency-key': 'comunidad-create-01' },
        payload: { nombre_de_comunidad: 'Una sola vez', region: 5 },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());
    const named = await t.db
      .select()
      .from(comunidades)
      .where(eq(comunidades.nombre_de_comunidad, 'Una sola vez'));
    expect(named.length).toBe(1);
  });
});

describe('PUT /comunidades/{id}.json', () => {
  it('renames and moves a community; its members follow with new row versions', async () => {
    const id = await communityIn(t, 1);
    const members = await t.db.select().from(socios).where(eq(socios.comunidad, id));
    expect(members.length).toBeGreaterThan(0);
    const current = (await listed(id))!;
    const res = await t.as('gerente', {
      method: 'PUT',
      url: `/api/comunidades/${id}.json`,
      payload: { ...current, nombre_de_comunidad: 'Renombrada', region: 2, ermita: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      nombre_de_comunidad: 'Renombrada',
      region: 2,
      ermita: null,
      ermita_name: null,
    });
    expect(await listed(id)).toEqual(res.json());
    // Members carry the community's name and region: the phones must pull them again.
    const after = await t.db.select().from(socios).where(eq(socios.comunidad, id));
    for (const m of after) {
      const old = members.find((o) => o.clave_socio === m.clave_socio)!;
      expect(m.row_version).toBeGreaterThan(old.row_version);
    }
    const detail = await t.as('promotor2', {
      method: 'GET',
      url: `/api/socios/${members[0]!.clave_socio}.json`,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ nombre_comunidad: 'Renombrada', region: 2 });
    expect(
      (
        await t.as('promotor', {
          method: 'GET',
          url: `/api/socios/${members[0]!.clave_socio}.json`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('changing only the hermitage leaves the members untouched', async () => {
    const id = await communityIn(t, 6);
    const [hermitage] = await t.db.select().from(ermitas).limit(1);
    const before = await t.db.select().from(socios).where(eq(socios.comunidad, id));
    const current = (await listed(id))!;
    const res = await t.as('coordinador', {
      method: 'PUT',
      url: `/api/comunidades/${id}.json`,
      payload: { ...current, ermita: hermitage!.ermita_id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ermita: hermitage!.ermita_id,
      ermita_name: hermitage!.nombre,
    });
    const after = await t.db.select().from(socios).where(eq(socios.comunidad, id));
    expect(after.map((m) => m.row_version)).toEqual(before.map((m) => m.row_version));
  });

  it('an id in the body must be the path’s; unknown communities are 404', async () => {
    const id = await communityIn(t, 8);
    const before = await tablesFingerprint(t);
    const mismatch = await t.as('gerente', {
      method: 'PUT',
      url: `/api/comunidades/${id}.json`,
      payload: { id: id + 1, nombre_de_comunidad: 'X', region: 8 },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(Object.keys(mismatch.json())).toEqual(['id']);
    for (const bad of ['99999', 'abc', '0']) {
      const res = await t.as('gerente', {
        method: 'PUT',
        url: `/api/comunidades/${bad}.json`,
        payload: { nombre_de_comunidad: 'X', region: 8 },
      });
      expect(res.statusCode, bad).toBe(404);
    }
    expect(await tablesFingerprint(t)).toBe(before);
  });
});

describe('GET /comunidades/num-socios/', () => {
  it('every community with its members AC per process, equal to a hand count', async () => {
    const res = await t.as('promotor', { method: 'GET', url: '/api/comunidades/num-socios/' });
    expect(res.statusCode).toBe(200);
    const rows = res.json<Record<string, unknown>[]>();
    const [allCommunities, allMembers, list] = await Promise.all([
      t.db.select().from(comunidades),
      t.db.select().from(socios),
      t.as('promotor', { method: 'GET', url: '/api/comunidades.json' }),
    ]);
    expect(rows.length).toBe(allCommunities.length);
    const communities = list.json<Community[]>();
    let total = 0;
    for (const row of rows) {
      const mine = allMembers.filter((m) => m.comunidad === row.id);
      const count = (
        field: 'estatus_cafe' | 'estatus_miel' | 'estatus_yip' | 'estatus_trabajador',
      ) => mine.filter((m) => m[field] === 'AC').length;
      const c = communities.find((x) => x.id === row.id)!;
      expect(row).toEqual({
        id: c.id,
        nombre_de_comunidad: c.nombre_de_comunidad,
        nombre_region: c.nombre_region,
        region: c.region,
        ubicacion: c.ubicacion,
        ermita_name: c.ermita_name,
        inegiLocalidad: c.inegiLocalidad,
        num_socios_cf: count('estatus_cafe'),
        num_socios_mi: count('estatus_miel'),
        num_socios_ja: count('estatus_yip'),
        num_socios_sl: count('estatus_trabajador'),
      });
      total += count('estatus_cafe');
    }
    expect(total).toBeGreaterThan(100);
    // Communities without members answer zeros, not a missing row.
    expect(rows.some((r) => r.num_socios_cf === 0)).toBe(true);
  });

  it('a member status change is reflected at once', async () => {
    const [member] = await t.db.select().from(socios).where(eq(socios.estatus_miel, 'NP')).limit(1);
    const before = (await t.as('gerente', { method: 'GET', url: '/api/comunidades/num-socios/' }))
      .json<{ id: number; num_socios_mi: number }[]>()
      .find((r) => r.id === member!.comunidad)!;
    await t.db
      .update(socios)
      .set({ estatus_miel: 'AC' })
      .where(eq(socios.clave_socio, member!.clave_socio));
    const after = (await t.as('gerente', { method: 'GET', url: '/api/comunidades/num-socios/' }))
      .json<{ id: number; num_socios_mi: number }[]>()
      .find((r) => r.id === member!.comunidad)!;
    expect(after.num_socios_mi).toBe(before.num_socios_mi + 1);
  });
});
