/**
 * Reference lists, read by any logged-in user
 * (docs/business-rules.md#roles-and-scope), in the shapes of src/domain/entities.ts. Writes to
 * these tables happen through seed/admin only.
 */
import { asc } from 'drizzle-orm';
import * as z from 'zod';
import { communitySchema, hermitageSchema } from '#domain/community-shapes';
import {
  cargoCoopSchema,
  cargoSchema,
  empresaSchema,
  fuenteSchema,
  puestoSchema,
  regionSchema,
  zoneSchema,
} from '#domain/reference-shapes';
import { cargos, cargosCoop, empresas, fuentes, puestos } from '#server/db/schema';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';
import { loadCommunities } from '#server/services/communities';
import { loadRegionRows, loadZoneRows } from '#server/services/geography';
import { loadHermitages } from '#server/services/hermitages';

export const referenceRoutes = area('reference lists', (app) => {
  const { db } = app;
  const list = <R extends z.ZodType>(url: string, item: R, load: () => Promise<z.input<R>[]>) =>
    defineRoute(app, {
      method: 'GET',
      url,
      response: z.array(item),
      handler: load,
    });

  const rowsOf = async <T>(load: Promise<{ row: T }[]>) => (await load).map((r) => r.row);
  list('/regiones', regionSchema, () => rowsOf(loadRegionRows(db)));
  list('/zonas', zoneSchema, () => rowsOf(loadZoneRows(db)));
  list('/comunidades', communitySchema, () => loadCommunities(db));
  list('/ermitas', hermitageSchema, () => loadHermitages(db));

  list('/cargos', cargoSchema, () =>
    db
      .select({ id: cargos.id, nombre_de_cargo: cargos.nombre_de_cargo })
      .from(cargos)
      .orderBy(asc(cargos.id)),
  );
  list('/cargos-coop', cargoCoopSchema, () =>
    db
      .select({ id: cargosCoop.id, nombre_cargo_coop: cargosCoop.nombre_cargo_coop })
      .from(cargosCoop)
      .orderBy(asc(cargosCoop.id)),
  );
  list('/empresas', empresaSchema, () =>
    db
      .select({ id: empresas.id, nombre_empresa: empresas.nombre_empresa })
      .from(empresas)
      .orderBy(asc(empresas.id)),
  );
  list('/puestos', puestoSchema, () =>
    db.select({ id: puestos.id, puesto: puestos.puesto }).from(puestos).orderBy(asc(puestos.id)),
  );
  list('/fuentes', fuenteSchema, () =>
    db.select({ id: fuentes.id, fuente: fuentes.fuente }).from(fuentes).orderBy(asc(fuentes.id)),
  );
});
