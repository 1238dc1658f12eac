/**
 * Reference lists, regions (with their polygons), zones, communities and hermitages: every
 * logged-in user reads all of them (BUSINESS_RULES §1), in the shapes of their list endpoints
 * (server/routes/reference.ts, #domain/entities).
 */
import { asc, eq, gt } from 'drizzle-orm';
import type {
  Cargo,
  CargoCoop,
  Community,
  Empresa,
  Fuente,
  Hermitage,
  Puesto,
  Region,
  Zone,
} from '#domain/entities';
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
import { ubicacion } from '#server/routes/schemas';
import type { ChangedRow, ReplicatedTable } from '#server/sync/registry';

/** `{ version, ...row }` → `{ version, row }`, the row typed as its entity. */
function changed<T>(rows: (T & { version: number })[]): ChangedRow[] {
  return rows.map(({ version, ...row }) => ({ version, row: row as T }));
}

export const regionesTable: ReplicatedTable = {
  name: 'regiones',
  fetchChanges: async (db, _scope, after, limit) =>
    changed<Region>(
      await db
        .select({
          version: regiones.row_version,
          id: regiones.id,
          nombre_de_region: regiones.nombre_de_region,
          poly: regiones.poly,
        })
        .from(regiones)
        .where(gt(regiones.row_version, after))
        .orderBy(asc(regiones.row_version))
        .limit(limit),
    ),
};

export const zonasTable: ReplicatedTable = {
  name: 'zonas',
  fetchChanges: async (db, _scope, after, limit) => {
    const rows = await db
      .select({
        version: zonas.row_version,
        id: zonas.id,
        zona_id: zonas.zona_id,
        nombre: zonas.nombre,
        interzona: interzonas.nombre,
        poly: zonas.poly,
        poly_encuesta: zonas.poly_encuesta,
      })
      .from(zonas)
      .leftJoin(interzonas, eq(zonas.interzona, interzonas.id))
      .where(gt(zonas.row_version, after))
      .orderBy(asc(zonas.row_version))
      .limit(limit);
    return changed<Zone>(rows.map((r) => ({ ...r, interzona: r.interzona ?? '' })));
  },
};

export const comunidadesTable: ReplicatedTable = {
  name: 'comunidades',
  fetchChanges: async (db, _scope, after, limit) => {
    const rows = await db
      .select({
        version: comunidades.row_version,
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
      .where(gt(comunidades.row_version, after))
      .orderBy(asc(comunidades.row_version))
      .limit(limit);
    return changed<Community>(
      rows.map(({ lat, lng, ...r }) => ({ ...r, ubicacion: ubicacion(lat, lng) })),
    );
  },
};

export const ermitasTable: ReplicatedTable = {
  name: 'ermitas',
  fetchChanges: async (db, _scope, after, limit) => {
    const rows = await db
      .select({
        version: ermitas.row_version,
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
      .where(gt(ermitas.row_version, after))
      .orderBy(asc(ermitas.row_version))
      .limit(limit);
    return changed<Hermitage>(
      rows.map(({ lat, lng, ...r }) => ({
        ...r,
        zona: r.zona ?? '',
        interzona: r.interzona ?? '',
        municipio: r.municipio ?? '',
        localidad: r.localidad ?? '',
        ubicacion: ubicacion(lat, lng),
      })),
    );
  },
};

export const cargosTable: ReplicatedTable = {
  name: 'cargos',
  fetchChanges: async (db, _scope, after, limit) =>
    changed<Cargo>(
      await db
        .select({
          version: cargos.row_version,
          id: cargos.id,
          nombre_de_cargo: cargos.nombre_de_cargo,
        })
        .from(cargos)
        .where(gt(cargos.row_version, after))
        .orderBy(asc(cargos.row_version))
        .limit(limit),
    ),
};

export const cargosCoopTable: ReplicatedTable = {
  name: 'cargos_coop',
  fetchChanges: async (db, _scope, after, limit) =>
    changed<CargoCoop>(
      await db
        .select({
          version: cargosCoop.row_version,
          id: cargosCoop.id,
          nombre_cargo_coop: cargosCoop.nombre_cargo_coop,
        })
        .from(cargosCoop)
        .where(gt(cargosCoop.row_version, after))
        .orderBy(asc(cargosCoop.row_version))
        .limit(limit),
    ),
};

export const empresasTable: ReplicatedTable = {
  name: 'empresas',
  fetchChanges: async (db, _scope, after, limit) =>
    changed<Empresa>(
      await db
        .select({
          version: empresas.row_version,
          id: empresas.id,
          nombre_empresa: empresas.nombre_empresa,
        })
        .from(empresas)
        .where(gt(empresas.row_version, after))
        .orderBy(asc(empresas.row_version))
        .limit(limit),
    ),
};

export const puestosTable: ReplicatedTable = {
  name: 'puestos',
  fetchChanges: async (db, _scope, after, limit) =>
    changed<Puesto>(
      await db
        .select({ version: puestos.row_version, id: puestos.id, puesto: puestos.puesto })
        .from(puestos)
        .where(gt(puestos.row_version, after))
        .orderBy(asc(puestos.row_version))
        .limit(limit),
    ),
};

export const fuentesTable: ReplicatedTable = {
  name: 'fuentes',
  fetchChanges: async (db, _scope, after, limit) =>
    changed<Fuente>(
      await db
        .select({ version: fuentes.row_version, id: fuentes.id, fuente: fuentes.fuente })
        .from(fuentes)
        .where(gt(fuentes.row_version, after))
        .orderBy(asc(fuentes.row_version))
        .limit(limit),
    ),
};
