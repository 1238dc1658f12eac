/** Hermitages (ermitas) and communities, spread over the ten regions. */
import { present } from '#domain/guards';
import { comunidades, ermitas } from '#server/db/schema';
import { regionCell } from './geo.ts';
import { PLACE_NAMES, REGION_MUNICIPALITY } from './names.ts';
import { insertChunked, type SeedContext } from './context.ts';

const HERMITAGES_PER_REGION = 4;
const COMMUNITIES_PER_REGION = 6;

const NOTES = [
  '',
  '',
  '',
  'Junto a la escuela',
  'Camino a la cabecera',
  'A un lado de la cancha',
  'Paraje alto',
];

/** The municipality (its index) a region's places belong to. */
function municipalityOf(region: number): number {
  return present(REGION_MUNICIPALITY[region - 1], `region ${region}`);
}

function localitiesOf(
  ctx: SeedContext,
  region: number,
): SeedContext['localidadesByMunicipio'][number] {
  const index = municipalityOf(region);
  return present(ctx.localidadesByMunicipio[index], `municipality ${index}`);
}

export async function seedHermitages(ctx: SeedContext): Promise<void> {
  const rows = [];
  const regionOf: number[] = [];
  for (const region of ctx.regionIds) {
    const muniIndex = municipalityOf(region);
    const localities = localitiesOf(ctx, region);
    const { col } = regionCell(region);
    for (let k = 0; k < HERMITAGES_PER_REGION * Math.max(1, ctx.placeScale / 2); k++) {
      const locality = ctx.rng.pick(localities);
      const located = ctx.rng.chance(0.85);
      const [lat, lng] = ctx.grid.pointIn(ctx.rng, region);
      rows.push({
        nombre: `Ermita ${locality.nombre}${k >= localities.length ? ` ${k + 1}` : ''}`,
        zona: present(ctx.zonaByColumn[col], `zone ${col}`),
        interzona: present(ctx.interzonaIds[col < 3 ? 0 : 1], 'an interzone'),
        municipio: present(ctx.municipioIds[muniIndex], `municipality ${muniIndex}`),
        localidad: locality.id,
        localidad_nota: ctx.rng.pick(NOTES),
        lat: located ? lat : null,
        lng: located ? lng : null,
      });
      regionOf.push(region);
    }
  }
  const inserted = await insertChunked(rows, (chunk) =>
    ctx.db.insert(ermitas).values(chunk).returning({ id: ermitas.ermita_id }),
  );
  ctx.ermitas = inserted.map((r, i) => ({ id: r.id, region: present(regionOf[i], 'a region') }));
}

export async function seedCommunities(ctx: SeedContext): Promise<void> {
  const rows = [];
  const regionOf: number[] = [];
  let n = 0;
  for (const region of ctx.regionIds) {
    const localities = localitiesOf(ctx, region);
    const regionHermitages = ctx.ermitas.filter((e) => e.region === region);
    for (let k = 0; k < COMMUNITIES_PER_REGION * ctx.placeScale; k++) {
      const base = present(PLACE_NAMES[n % PLACE_NAMES.length], 'a place name');
      const round = Math.floor(n / PLACE_NAMES.length);
      n++;
      // Some communities share an INEGI locality, some have none, some no hermitage.
      const locality = ctx.rng.chance(0.8) ? ctx.rng.pick(localities) : null;
      const [lat, lng] = ctx.grid.pointIn(ctx.rng, region);
      const located = ctx.rng.chance(0.95);
      rows.push({
        nombre_de_comunidad: round === 0 ? base : `${base} Sección ${round + 1}`,
        region,
        ermita: ctx.rng.chance(0.75) ? ctx.rng.pick(regionHermitages).id : null,
        inegi_localidad: locality?.clave ?? null,
        lat: located ? lat : null,
        lng: located ? lng : null,
      });
      regionOf.push(region);
    }
  }
  const inserted = await insertChunked(rows, (chunk) =>
    ctx.db.insert(comunidades).values(chunk).returning({ id: comunidades.id }),
  );
  ctx.comunidades = inserted.map((r, i) => ({
    id: r.id,
    region: present(regionOf[i], 'a region'),
  }));
}
