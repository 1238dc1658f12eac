/**
 * Reference lists, regions (with their polygons), zones, communities and hermitages: every
 * logged-in user reads all of them (BUSINESS_RULES §1), in the shapes of their list endpoints
 * (server/routes/reference.ts, #domain/entities).
 */
import { asc, gt } from 'drizzle-orm';
import type { Cargo, CargoCoop, Empresa, Fuente, Puesto } from '#domain/entities';
import { cargos, cargosCoop, empresas, fuentes, puestos } from '#server/db/schema';
import { loadCommunityRows } from '#server/services/communities';
import { loadRegionRows, loadZoneRows } from '#server/services/geography';
import { loadHermitageRows } from '#server/services/hermitages';
import type { ChangedRow, ReplicatedTable } from '#server/sync/registry';

/** `{ version, ...row }` → `{ version, row }`, the row typed as its entity. */
function changed<T>(rows: (T & { version: number })[]): ChangedRow[] {
  return rows.map(({ version, ...row }) => ({ version, row: row as T }));
}

/** The list loaders' rows (already `{ version, row }`) for one pull page. */
const page = (after: number, limit: number) => ({ afterVersion: after, limit });

export const regionesTable: ReplicatedTable = {
  name: 'regiones',
  fetchChanges: (db, _scope, after, limit) => loadRegionRows(db, undefined, page(after, limit)),
};

export const zonasTable: ReplicatedTable = {
  name: 'zonas',
  fetchChanges: (db, _scope, after, limit) => loadZoneRows(db, undefined, page(after, limit)),
};

export const comunidadesTable: ReplicatedTable = {
  name: 'comunidades',
  fetchChanges: (db, _scope, after, limit) => loadCommunityRows(db, undefined, page(after, limit)),
};

export const ermitasTable: ReplicatedTable = {
  name: 'ermitas',
  fetchChanges: (db, _scope, after, limit) => loadHermitageRows(db, undefined, page(after, limit)),
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
