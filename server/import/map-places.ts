/**
 * Regions, inter-zones, zones, municipalities, INEGI localities, hermitages and communities.
 * Ids are the original's (its natural keys for the `ermitas_*` tables). Points live on INEGI
 * localities in the original; this product keeps them on the hermitage and the community that
 * name the locality. A community without a region gets the original's own default, region 20
 * "Sin asignar" (created like the original does when it is missing).
 */
import {
  comunidades,
  ermitas,
  interzonas,
  localidades,
  municipios,
  regiones,
  zonas,
} from '#server/db/schema';
import { emptyToNull, RowCheck, type IdSet } from './checks.ts';
import type { MapContext } from './context.ts';
import { toLatLng, toPolygon } from './geo.ts';
import type { OriginalTable } from './original.ts';
import { defineStep } from './step.ts';
import type { KeyedRow } from './upsert.ts';

/** The original's default region for a community saved without one (fact sheet quirk 11). */
export const UNASSIGNED_REGION = { id: 20, nombre: 'Sin asignar' } as const;

/** An optional link to a row that was not imported is dropped (and noted), not the row. */
export function optionalLink(
  ctx: MapContext,
  table: OriginalTable,
  id: number,
  ids: IdSet,
  target: number | null,
): number | null {
  if (target === null || ids.imported.has(target)) return target;
  ctx.log.note(
    table,
    id,
    `link to a ${ids.label} that is not imported: dropped`,
    `${ids.label} ${target} ${ids.read.has(target) ? 'was skipped' : 'does not exist'}`,
  );
  return null;
}

/** Names the product keeps unique: the first row keeps it, a later one is skipped. */
function firstOfName(ctx: MapContext, table: OriginalTable) {
  const seen = new Map<string, number>();
  return (check: RowCheck, id: number, name: string) => {
    const holder = seen.get(name);
    if (holder === undefined) seen.set(name, id);
    else check.fail('duplicate', `name '${name}' is also ${ctx.ids(table).label} ${holder}`);
  };
}

export const regionsStep = defineStep({
  source: 'tsumbalil_region',
  table: regiones,
  key: regiones.id,
  map(ctx) {
    const rows: KeyedRow<typeof regiones>[] = [];
    for (const r of ctx.data.tsumbalil_region) {
      const check = new RowCheck();
      check.range('id (this product numbers regions)', r.id, 1, 99);
      if (check.failed) {
        ctx.log.skip('tsumbalil_region', r.id, check.reason, check.detail);
        continue;
      }
      const { polygon, problem } = toPolygon(r.poly);
      if (problem) ctx.log.note('tsumbalil_region', r.id, 'polygon', problem);
      rows.push({
        id: r.id,
        row: { id: r.id, nombre_de_region: r.nombre_de_region, poly: polygon },
      });
    }
    const withoutRegion = ctx.data.tsumbalil_comunidad.filter((c) => c.region_id === null).length;
    if (withoutRegion > 0 && !rows.some((r) => r.id === UNASSIGNED_REGION.id)) {
      ctx.log.note(
        'tsumbalil_region',
        UNASSIGNED_REGION.id,
        `created "${UNASSIGNED_REGION.nombre}", the original's default region`,
        `${withoutRegion} communities have no region`,
      );
      const { id, nombre } = UNASSIGNED_REGION;
      rows.push({ id, row: { id, nombre_de_region: nombre, poly: null } });
    }
    return rows;
  },
});

export const interzonasStep = defineStep({
  source: 'ermitas_interzona',
  table: interzonas,
  key: interzonas.id,
  map(ctx) {
    const unique = firstOfName(ctx, 'ermitas_interzona');
    const rows: KeyedRow<typeof interzonas>[] = [];
    for (const r of ctx.data.ermitas_interzona) {
      const check = new RowCheck();
      unique(check, r.interzona_id, r.nombre);
      if (check.failed)
        ctx.log.skip('ermitas_interzona', r.interzona_id, check.reason, check.detail);
      else rows.push({ id: r.interzona_id, row: { id: r.interzona_id, nombre: r.nombre } });
    }
    return rows;
  },
});

export const zonasStep = defineStep({
  source: 'ermitas_zona',
  table: zonas,
  key: zonas.id,
  map(ctx) {
    const rows: KeyedRow<typeof zonas>[] = [];
    for (const r of ctx.data.ermitas_zona) {
      const check = new RowCheck();
      const interzona = check.ref(ctx.ids('ermitas_interzona'), r.interzona_id);
      if (check.failed) {
        ctx.log.skip('ermitas_zona', r.zona_id, check.reason, check.detail);
        continue;
      }
      const poly = toPolygon(r.poly);
      const survey = toPolygon(r.poly_encuesta);
      if (poly.problem) ctx.log.note('ermitas_zona', r.zona_id, 'polygon', poly.problem);
      if (survey.problem)
        ctx.log.note('ermitas_zona', r.zona_id, 'polygon', `poly_encuesta: ${survey.problem}`);
      rows.push({
        id: r.zona_id,
        row: {
          id: r.zona_id,
          zona_id: String(r.zona_id),
          nombre: r.nombre,
          interzona,
          poly: poly.polygon,
          poly_encuesta: survey.polygon,
        },
      });
    }
    return rows;
  },
});

export const municipiosStep = defineStep({
  source: 'ermitas_municipio',
  table: municipios,
  key: municipios.id,
  map(ctx) {
    const unique = firstOfName(ctx, 'ermitas_municipio');
    const rows: KeyedRow<typeof municipios>[] = [];
    for (const r of ctx.data.ermitas_municipio) {
      const check = new RowCheck();
      unique(check, r.municipio_id, r.nombre);
      if (check.failed)
        ctx.log.skip('ermitas_municipio', r.municipio_id, check.reason, check.detail);
      else rows.push({ id: r.municipio_id, row: { id: r.municipio_id, nombre: r.nombre } });
    }
    return rows;
  },
});

export const localidadesStep = defineStep({
  source: 'ermitas_inegilocalidad',
  table: localidades,
  key: localidades.id,
  map(ctx) {
    const rows: KeyedRow<typeof localidades>[] = [];
    for (const r of ctx.data.ermitas_inegilocalidad) {
      const check = new RowCheck();
      const municipio = check.ref(ctx.ids('ermitas_municipio'), r.municipio_id);
      if (check.failed) {
        ctx.log.skip('ermitas_inegilocalidad', r.localidad_id, check.reason, check.detail);
        continue;
      }
      rows.push({
        id: r.localidad_id,
        row: { id: r.localidad_id, nombre: r.nombre, municipio, clave_inegi: String(r.clave) },
      });
    }
    return rows;
  },
});

/** Points of the INEGI localities, by id. */
function localityPoints(ctx: MapContext) {
  return new Map(ctx.data.ermitas_inegilocalidad.map((l) => [l.localidad_id, l]));
}

export const ermitasStep = defineStep({
  source: 'ermitas_ermita',
  table: ermitas,
  key: ermitas.ermita_id,
  map(ctx) {
    const zoneInterzona = new Map(ctx.data.ermitas_zona.map((z) => [z.zona_id, z.interzona_id]));
    const places = localityPoints(ctx);
    const rows: KeyedRow<typeof ermitas>[] = [];
    for (const r of ctx.data.ermitas_ermita) {
      const check = new RowCheck();
      const zona = check.ref(ctx.ids('ermitas_zona'), r.zona_id);
      const municipio = check.ref(ctx.ids('ermitas_municipio'), r.municipio_id);
      if (check.failed) {
        ctx.log.skip('ermitas_ermita', r.ermita_id, check.reason, check.detail);
        continue;
      }
      const localidad = optionalLink(
        ctx,
        'ermitas_ermita',
        r.ermita_id,
        ctx.ids('ermitas_inegilocalidad'),
        r.localidad_id,
      );
      const point = localidad === null ? null : toLatLng(places.get(localidad)?.ubicacion);
      rows.push({
        id: r.ermita_id,
        row: {
          ermita_id: r.ermita_id,
          nombre: r.nombre,
          zona,
          interzona: zoneInterzona.get(r.zona_id) ?? null,
          municipio,
          localidad,
          localidad_nota: r.localidad_nota,
          lat: point?.lat ?? null,
          lng: point?.lng ?? null,
        },
      });
    }
    return rows;
  },
});

export const comunidadesStep = defineStep({
  source: 'tsumbalil_comunidad',
  table: comunidades,
  key: comunidades.id,
  map(ctx) {
    const places = localityPoints(ctx);
    const rows: KeyedRow<typeof comunidades>[] = [];
    for (const r of ctx.data.tsumbalil_comunidad) {
      const check = new RowCheck();
      const region = check.ref(ctx.ids('tsumbalil_region'), r.region_id ?? UNASSIGNED_REGION.id);
      if (check.failed) {
        ctx.log.skip('tsumbalil_comunidad', r.id, check.reason, check.detail);
        continue;
      }
      if (r.region_id === null)
        ctx.log.note(
          'tsumbalil_comunidad',
          r.id,
          `no region: region ${UNASSIGNED_REGION.id} "${UNASSIGNED_REGION.nombre}" (the original's default)`,
        );
      const ermita = optionalLink(
        ctx,
        'tsumbalil_comunidad',
        r.id,
        ctx.ids('ermitas_ermita'),
        r.ermita_id,
      );
      const locality = r.inegi_extra_id === null ? undefined : places.get(r.inegi_extra_id);
      if (r.inegi_extra_id !== null && !locality)
        ctx.log.note(
          'tsumbalil_comunidad',
          r.id,
          'link to an INEGI locality that is not imported: dropped',
          `INEGI locality ${r.inegi_extra_id}`,
        );
      const point = toLatLng(locality?.ubicacion);
      rows.push({
        id: r.id,
        row: {
          id: r.id,
          nombre_de_comunidad: r.nombre_de_comunidad,
          region,
          ermita,
          inegi_localidad: emptyToNull(locality ? String(locality.clave) : null),
          lat: point?.lat ?? null,
          lng: point?.lng ?? null,
        },
      });
    }
    return rows;
  },
});
