/** Regions, inter-zones, zones, municipalities and localities. */
import { interzonas, localidades, municipios, regiones, zonas } from '#server/db/schema';
import { present } from '#domain/guards';
import { GRID, shrink } from './geo.ts';
import { MUNICIPALITIES, PLACE_NAMES, REGION_NAMES } from './names.ts';
import type { SeedContext } from './context.ts';

export async function seedRegions(ctx: SeedContext): Promise<void> {
  const rows = REGION_NAMES.map((nombre, i) => ({
    id: i + 1,
    nombre_de_region: nombre,
    poly: ctx.grid.region(i + 1),
  }));
  await ctx.db.insert(regiones).values(rows);
  ctx.regionIds = rows.map((r) => r.id);
}

/** Two inter-zones (west, east) and one zone per grid column covering its two regions. */
export async function seedZones(ctx: SeedContext): Promise<void> {
  const inter = await ctx.db
    .insert(interzonas)
    .values([{ nombre: 'Interzona Poniente' }, { nombre: 'Interzona Oriente' }])
    .returning({ id: interzonas.id });
  ctx.interzonaIds = inter.map((r) => r.id);
  const zoneNames = ['Yajalón', 'Chilón', 'Bachajón', 'Sitalá', 'Ocosingo'];
  const rows = zoneNames.map((name, col) => {
    const poly = ctx.grid.block(col, col, 0, GRID.rows - 1);
    return {
      zona_id: `Z${String(col + 1).padStart(2, '0')}`,
      nombre: `Zona ${name}`,
      interzona: present(ctx.interzonaIds[col < 3 ? 0 : 1], 'an interzone'),
      poly,
      poly_encuesta: shrink(poly, 0.8),
    };
  });
  const inserted = await ctx.db.insert(zonas).values(rows).returning({ id: zonas.id });
  ctx.zonaByColumn = inserted.map((r) => r.id);
}

/** Municipalities and, for each, a share of the place names as INEGI localities. */
export async function seedPlaces(ctx: SeedContext): Promise<void> {
  const munis = await ctx.db
    .insert(municipios)
    .values(MUNICIPALITIES.map((m) => ({ nombre: m.nombre, clave_inegi: m.clave })))
    .returning({ id: municipios.id });
  ctx.municipioIds = munis.map((m) => m.id);
  const rows = PLACE_NAMES.map((nombre, i) => {
    const muniIndex = i % MUNICIPALITIES.length;
    const muni = present(MUNICIPALITIES[muniIndex], `municipality ${muniIndex}`);
    // A few localities are not in the INEGI catalogue (new settlements).
    const clave = ctx.rng.chance(0.85)
      ? `${muni.clave}${String(ctx.rng.int(1, 2999)).padStart(4, '0')}`
      : null;
    const municipio = present(ctx.municipioIds[muniIndex], `municipality ${muniIndex}`);
    return { nombre, municipio, clave_inegi: clave };
  });
  const inserted = await ctx.db
    .insert(localidades)
    .values(rows)
    .returning({ id: localidades.id, municipio: localidades.municipio });
  ctx.localidadesByMunicipio = ctx.municipioIds.map(() => []);
  inserted.forEach((row, i) => {
    const muniIndex = ctx.municipioIds.indexOf(row.municipio);
    const place = present(rows[i], `locality ${row.id}`);
    present(ctx.localidadesByMunicipio[muniIndex], `municipality ${row.municipio}`).push({
      id: row.id,
      clave: place.clave_inegi,
      nombre: place.nombre,
    });
  });
}
