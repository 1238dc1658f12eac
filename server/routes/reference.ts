/**
 * Reference lists of spec part 1 §7, read by any logged-in user (BUSINESS_RULES §1), in the
 * shapes of src/domain/entities.ts. Writes to these tables happen through seed/admin only.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import {
  cargos,
  cargosCoop,
  comunidades,
  empresas,
  ermitas,
  fuentes,
  interzonas,
  localidades,
  municipios,
  puestos,
  regiones,
  zonas,
} from '#server/db/schema';
import { defineRoute } from '#server/http/route';
import type { RouteDeps } from './deps.ts';
import {
  cargoCoopSchema,
  cargoSchema,
  communitySchema,
  empresaSchema,
  fuenteSchema,
  hermitageSchema,
  puestoSchema,
  regionSchema,
  ubicacion,
  zoneSchema,
} from './schemas.ts';

export function registerReferenceRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db } = deps;
  const list = <R extends z.ZodType>(url: string, item: R, load: () => Promise<z.input<R>[]>) =>
    defineRoute(app, deps.routeOptions, {
      method: 'GET',
      url,
      response: z.array(item),
      handler: load,
    });

  list('/api/regiones', regionSchema, () =>
    db
      .select({ id: regiones.id, nombre_de_region: regiones.nombre_de_region, poly: regiones.poly })
      .from(regiones)
      .orderBy(asc(regiones.id)),
  );

  list('/api/zonas', zoneSchema, async () => {
    const rows = await db
      .select({
        id: zonas.id,
        zona_id: zonas.zona_id,
        nombre: zonas.nombre,
        interzona: interzonas.nombre,
        poly: zonas.poly,
        poly_encuesta: zonas.poly_encuesta,
      })
      .from(zonas)
      .leftJoin(interzonas, eq(zonas.interzona, interzonas.id))
      .orderBy(asc(zonas.zona_id));
    return rows.map((r) => ({ ...r, interzona: r.interzona ?? '' }));
  });

  list('/api/comunidades', communitySchema, async () => {
    const rows = await db
      .select({
        id: comunidades.id,
        nombre_de_comunidad: comunidades.nombre_de_comunidad,
        region: comunidades.region,
        nombre_region: regiones.nombre_de_region,
        ermita: comunidades.ermita,
        ermita_name: ermitas.nombre,
        inegiLocalidad: comunidades.inegi_localidad,
        lat: comunidades.lat,
        lng: comunidades.lng,
      })
      .from(comunidades)
      .innerJoin(regiones, eq(comunidades.region, regiones.id))
      .leftJoin(ermitas, eq(comunidades.ermita, ermitas.ermita_id))
      .orderBy(asc(comunidades.id));
    return rows.map(({ lat, lng, ...r }) => ({ ...r, ubicacion: ubicacion(lat, lng) }));
  });

  list('/api/ermitas', hermitageSchema, async () => {
    const rows = await db
      .select({
        ermita_id: ermitas.ermita_id,
        nombre: ermitas.nombre,
        zona: zonas.nombre,
        interzona: interzonas.nombre,
        municipio: municipios.nombre,
        localidad: localidades.nombre,
        localidad_nota: ermitas.localidad_nota,
        lat: ermitas.lat,
        lng: ermitas.lng,
      })
      .from(ermitas)
      .leftJoin(zonas, eq(ermitas.zona, zonas.id))
      .leftJoin(interzonas, eq(ermitas.interzona, interzonas.id))
      .leftJoin(municipios, eq(ermitas.municipio, municipios.id))
      .leftJoin(localidades, eq(ermitas.localidad, localidades.id))
      .orderBy(asc(ermitas.ermita_id));
    return rows.map(({ lat, lng, ...r }) => ({
      ...r,
      zona: r.zona ?? '',
      interzona: r.interzona ?? '',
      municipio: r.municipio ?? '',
      localidad: r.localidad ?? '',
      ubicacion: ubicacion(lat, lng),
    }));
  });

  list('/api/cargos', cargoSchema, () =>
    db
      .select({ id: cargos.id, nombre_de_cargo: cargos.nombre_de_cargo })
      .from(cargos)
      .orderBy(asc(cargos.id)),
  );
  list('/api/cargos-coop', cargoCoopSchema, () =>
    db
      .select({ id: cargosCoop.id, nombre_cargo_coop: cargosCoop.nombre_cargo_coop })
      .from(cargosCoop)
      .orderBy(asc(cargosCoop.id)),
  );
  list('/api/empresas', empresaSchema, () =>
    db
      .select({ id: empresas.id, nombre_empresa: empresas.nombre_empresa })
      .from(empresas)
      .orderBy(asc(empresas.id)),
  );
  list('/api/puestos', puestoSchema, () =>
    db.select({ id: puestos.id, puesto: puestos.puesto }).from(puestos).orderBy(asc(puestos.id)),
  );
  list('/api/fuentes', fuenteSchema, () =>
    db.select({ id: fuentes.id, fuente: fuentes.fuente }).from(fuentes).orderBy(asc(fuentes.id)),
  );
}
