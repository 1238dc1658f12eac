/**
 * Reference lists, regions (with their polygons), zones, communities and hermitages: every
 * logged-in user reads all of them (docs/business-rules.md#roles-and-scope), in the shapes of their
 * list endpoints (server/routes/reference.ts, #domain/entities).
 */
import { asc } from 'drizzle-orm';
import type { ColumnBaseConfig } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Cargo, CargoCoop, Empresa, Fuente, Puesto } from '#domain/entities';
import { scopeFor } from '#domain/permissions';
import type { Db } from '#server/db/client';
import {
  cargos,
  cargosCoop,
  comunidades,
  empresas,
  ermitas,
  fuentes,
  puestos,
  regiones,
  zonas,
} from '#server/db/schema';
import { loadCommunityRows } from '#server/services/communities';
import { loadRegionRows, loadZoneRows } from '#server/services/geography';
import { loadHermitageRows } from '#server/services/hermitages';
import {
  inSearch,
  inWindow,
  versionsOf,
  type ChangedRow,
  type PullScope,
  type ReplicatedTable,
  type VersionSearch,
  type VersionWindow,
} from '#server/sync/registry';

/** A table's row_version column (bigint read as a number). */
type RowVersion = PgColumn<ColumnBaseConfig<'number', string> & { data: number; notNull: true }>;

/** `{ version, ...row }` → `{ version, row }`, the row typed as its entity. */
function changed<T>(rows: (T & { version: number })[]): ChangedRow[] {
  return rows.map(({ version, ...row }) => ({ version, row: row as T }));
}

/** Versions of a table every user reads whole (no scope, no join that could drop a row). */
function unscopedVersions(table: PgTable, rowVersion: RowVersion) {
  return async (db: Db, _scope: unknown, search: VersionSearch) =>
    versionsOf(
      await db
        .select({ v: rowVersion })
        .from(table)
        .where(inSearch(rowVersion, search))
        .orderBy(asc(rowVersion))
        .limit(search.limit),
    );
}

/**
 * The list loaders' arguments for a window (their rows are already `{ version, row }`): the
 * window's upper bound as their `where`; versions are unique, so the window's width bounds
 * the row count.
 */
/** Everyone's scope of the reference lists (and, by its own entry, of communities). */
const referenceScope = (scope: PullScope) => scopeFor(scope.role, 'referencias', 'read');

const page = (rowVersion: PgColumn, window: VersionWindow) =>
  [
    inWindow(rowVersion, window),
    { afterVersion: window.after, limit: window.upTo - window.after },
  ] as const;

export const regionesTable: ReplicatedTable = {
  name: 'regiones',
  readScope: referenceScope,
  fetchVersions: unscopedVersions(regiones, regiones.row_version),
  fetchChanges: (db, _scope, window) => loadRegionRows(db, ...page(regiones.row_version, window)),
};

export const zonasTable: ReplicatedTable = {
  name: 'zonas',
  readScope: referenceScope,
  fetchVersions: unscopedVersions(zonas, zonas.row_version),
  fetchChanges: (db, _scope, window) => loadZoneRows(db, ...page(zonas.row_version, window)),
};

export const comunidadesTable: ReplicatedTable = {
  name: 'comunidades',
  readScope: (scope) => scopeFor(scope.role, 'comunidades', 'read'),
  fetchVersions: unscopedVersions(comunidades, comunidades.row_version),
  fetchChanges: (db, _scope, window) =>
    loadCommunityRows(db, ...page(comunidades.row_version, window)),
};

export const ermitasTable: ReplicatedTable = {
  name: 'ermitas',
  readScope: referenceScope,
  fetchVersions: unscopedVersions(ermitas, ermitas.row_version),
  fetchChanges: (db, _scope, window) => loadHermitageRows(db, ...page(ermitas.row_version, window)),
};

export const cargosTable: ReplicatedTable = {
  name: 'cargos',
  readScope: referenceScope,
  fetchVersions: unscopedVersions(cargos, cargos.row_version),
  fetchChanges: async (db, _scope, window) =>
    changed<Cargo>(
      await db
        .select({
          version: cargos.row_version,
          id: cargos.id,
          nombre_de_cargo: cargos.nombre_de_cargo,
        })
        .from(cargos)
        .where(inWindow(cargos.row_version, window))
        .orderBy(asc(cargos.row_version)),
    ),
};

export const cargosCoopTable: ReplicatedTable = {
  name: 'cargos_coop',
  readScope: referenceScope,
  fetchVersions: unscopedVersions(cargosCoop, cargosCoop.row_version),
  fetchChanges: async (db, _scope, window) =>
    changed<CargoCoop>(
      await db
        .select({
          version: cargosCoop.row_version,
          id: cargosCoop.id,
          nombre_cargo_coop: cargosCoop.nombre_cargo_coop,
        })
        .from(cargosCoop)
        .where(inWindow(cargosCoop.row_version, window))
        .orderBy(asc(cargosCoop.row_version)),
    ),
};

export const empresasTable: ReplicatedTable = {
  name: 'empresas',
  readScope: referenceScope,
  fetchVersions: unscopedVersions(empresas, empresas.row_version),
  fetchChanges: async (db, _scope, window) =>
    changed<Empresa>(
      await db
        .select({
          version: empresas.row_version,
          id: empresas.id,
          nombre_empresa: empresas.nombre_empresa,
        })
        .from(empresas)
        .where(inWindow(empresas.row_version, window))
        .orderBy(asc(empresas.row_version)),
    ),
};

export const puestosTable: ReplicatedTable = {
  name: 'puestos',
  readScope: referenceScope,
  fetchVersions: unscopedVersions(puestos, puestos.row_version),
  fetchChanges: async (db, _scope, window) =>
    changed<Puesto>(
      await db
        .select({ version: puestos.row_version, id: puestos.id, puesto: puestos.puesto })
        .from(puestos)
        .where(inWindow(puestos.row_version, window))
        .orderBy(asc(puestos.row_version)),
    ),
};

export const fuentesTable: ReplicatedTable = {
  name: 'fuentes',
  readScope: referenceScope,
  fetchVersions: unscopedVersions(fuentes, fuentes.row_version),
  fetchChanges: async (db, _scope, window) =>
    changed<Fuente>(
      await db
        .select({ version: fuentes.row_version, id: fuentes.id, fuente: fuentes.fuente })
        .from(fuentes)
        .where(inWindow(fuentes.row_version, window))
        .orderBy(asc(fuentes.row_version)),
    ),
};
