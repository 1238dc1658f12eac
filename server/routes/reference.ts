/**
 * Reference lists of spec part 1 §7, read by any logged-in user (BUSINESS_RULES §1), in the
 * shapes of src/domain/entities.ts. Writes to these tables happen through seed/admin only.
 */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { cargos, cargosCoop, empresas, fuentes, puestos } from '#server/db/schema';
import { defineRoute } from '#server/http/route';
import { loadCommunities } from '#server/services/communities';
import { loadRegionRows, loadZoneRows } from '#server/services/geography';
import { loadHermitages } from '#server/services/hermitages';
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

  const rowsOf = async <T>(load: Promise<{ row: T }[]>) => (await load).map((r) => r.row);
  list('/api/regiones', regionSchema, () => rowsOf(loadRegionRows(db)));
  list('/api/zonas', zoneSchema, () => rowsOf(loadZoneRows(db)));
  list('/api/comunidades', communitySchema, () => loadCommunities(db));
  list('/api/ermitas', hermitageSchema, () => loadHermitages(db));

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
