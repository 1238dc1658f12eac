import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community, GeoPolygon, Hermitage, Region } from '#domain/entities';
import { pointInPolygon } from '#server/db/seed/geo';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = async <T>(url: string, username = 'promotor') => {
  const res = await t.as(username, { method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return res.json<T>();
};

describe('reference lists', () => {
  it('/api/regiones.json: ten regions 1–10 with GeoJSON polygons', async () => {
    const regions = await get<Region[]>('/api/regiones.json');
    expect(regions.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const r of regions) {
      expect(r.nombre_de_region).toEqual(expect.any(String));
      expect(r.poly?.type).toBe('Polygon');
      const ring = r.poly!.coordinates[0]!;
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      for (const [lng, lat] of ring) {
        expect(lng).toBeGreaterThan(-92.3);
        expect(lng).toBeLessThan(-91.8);
        expect(lat).toBeGreaterThan(16.9);
        expect(lat).toBeLessThan(17.3);
      }
    }
  });

  it('/api/comunidades.json: ids and names side by side, located inside their region', async () => {
    const [communities, regions] = await Promise.all([
      get<Community[]>('/api/comunidades.json'),
      get<Region[]>('/api/regiones.json'),
    ]);
    expect(communities.length).toBe(60);
    const polyOf = new Map<number, GeoPolygon>(regions.map((r) => [r.id, r.poly!]));
    const nameOf = new Map(regions.map((r) => [r.id, r.nombre_de_region]));
    for (const c of communities) {
      expect(Object.keys(c).sort()).toEqual(
        [
          'ermita',
          'ermita_name',
          'id',
          'inegiLocalidad',
          'nombre_de_comunidad',
          'nombre_region',
          'region',
          'ubicacion',
        ].sort(),
      );
      expect(c.nombre_region).toBe(nameOf.get(c.region));
      expect(c.ermita === null).toBe(c.ermita_name === null);
      if (c.ubicacion) {
        const [lat, lng] = c.ubicacion;
        for (const [id, poly] of polyOf)
          expect(pointInPolygon([lng, lat], poly)).toBe(id === c.region);
      }
    }
    expect(communities.some((c) => c.ermita === null)).toBe(true);
    expect(communities.some((c) => c.inegiLocalidad === null)).toBe(true);
    expect(communities.some((c) => c.inegiLocalidad !== null)).toBe(true);
  });

  it('/api/ermitas.json: hermitages with zone, municipality, locality and [lat, lng] or null', async () => {
    const hermitages = await get<Hermitage[]>('/api/ermitas.json');
    expect(hermitages.length).toBeGreaterThan(20);
    const municipalities = new Set(hermitages.map((h) => h.municipio));
    expect([...municipalities]).toEqual(
      expect.arrayContaining(['Chilón', 'Sitalá', 'Ocosingo', 'Yajalón', 'Pantelhó']),
    );
    for (const h of hermitages) {
      expect(h).toEqual({
        ermita_id: expect.any(Number),
        nombre: expect.any(String),
        zona: expect.stringMatching(/^Zona /),
        interzona: expect.stringMatching(/^Interzona /),
        municipio: expect.any(String),
        localidad: expect.any(String),
        localidad_nota: expect.any(String),
        ubicacion: h.ubicacion === null ? null : [expect.any(Number), expect.any(Number)],
      });
    }
  });

  it.each([
    ['/api/cargos.json', 'nombre_de_cargo'],
    ['/api/cargos-coop.json', 'nombre_cargo_coop'],
    ['/api/empresas.json', 'nombre_empresa'],
    ['/api/fuentes.json', 'fuente'],
    ['/api/puestos.json', 'puesto'],
  ])('%s: [{id, %s}]', async (url, nameKey) => {
    const rows = await get<Record<string, unknown>[]>(url);
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows)
      expect(row).toEqual({ id: expect.any(Number), [nameKey]: expect.any(String) });
  });

  it('/api/zonas/: zones with polygons and survey polygons', async () => {
    const zones =
      await get<{ poly: GeoPolygon; poly_encuesta: GeoPolygon; interzona: string }[]>(
        '/api/zonas/',
      );
    expect(zones.length).toBe(5);
    for (const z of zones) {
      expect(z.poly.type).toBe('Polygon');
      expect(z.poly_encuesta.type).toBe('Polygon');
    }
  });

  it('answers the same list at x.json, x/ and x', async () => {
    const a = await get<unknown>('/api/cargos-coop.json');
    expect(await get<unknown>('/api/cargos-coop/')).toEqual(a);
    expect(await get<unknown>('/api/cargos-coop')).toEqual(a);
    expect(await get<unknown>('/api/cargos-coop.json?x=1')).toEqual(a);
  });

  it('is readable by every role and needs a token', async () => {
    for (const user of ['gerente', 'coordinador', 'promotor2', 'visitante', 'socio']) {
      expect((await t.as(user, { method: 'GET', url: '/api/fuentes.json' })).statusCode).toBe(200);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/regiones.json' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toHaveProperty('detail');
  });

  it('cannot be written over HTTP', async () => {
    const res = await t.as('gerente', {
      method: 'POST',
      url: '/api/cargos/',
      payload: { nombre_de_cargo: 'X' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('detail');
  });
});
