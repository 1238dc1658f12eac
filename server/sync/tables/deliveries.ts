/**
 * Collections (acopios) and contributions/withdrawals (movimientos) replicated to phones, in
 * the caller's read scope (docs/business-rules.md#roles-and-scope: CO, GE and VI all; a promoter
 * the members of its region; a member its own) and in exactly the row shapes of `GET /acopios.json`
 * and
 * `GET /movimientos/`: columns, joins and scope come from the services, so the replica and the
 * API cannot drift apart. The phone draws the yearly charts and balances from these rows.
 */
import { scopeFor } from '#domain/permissions';
import { and, asc, eq } from 'drizzle-orm';
import { acopios, comunidades, movimientos, regiones, socios } from '#server/db/schema';
import { acopioColumns } from '#server/services/acopios';
import { deliveryReadScope } from '#server/services/delivery-scope';
import { movementColumns } from '#server/services/movements';
import { inSearch, inWindow, versionsOf, type ReplicatedTable } from '#server/sync/registry';

export const acopiosTable: ReplicatedTable = {
  name: 'acopios',
  // 2: the records of members moved into a region reach it; phones pull again.
  // 3: rows carry their receipt (recibo, recibo_codigo, recibo_reemplaza).
  shapeVersion: 3,
  readScope: (scope) => scopeFor(scope.role, 'acopios', 'read'),
  fetchVersions: async (db, scope, search) =>
    versionsOf(
      await db
        .select({ v: acopios.row_version })
        .from(acopios)
        .innerJoin(socios, eq(acopios.clave_socio, socios.clave_socio))
        .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
        .where(and(inSearch(acopios.row_version, search), deliveryReadScope(scope, 'acopios')))
        .orderBy(asc(acopios.row_version))
        .limit(search.limit),
    ),
  fetchChanges: async (db, scope, window) => {
    const rows = await db
      .select({ version: acopios.row_version, ...acopioColumns })
      .from(acopios)
      .innerJoin(socios, eq(acopios.clave_socio, socios.clave_socio))
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .innerJoin(regiones, eq(comunidades.region, regiones.id))
      .where(and(inWindow(acopios.row_version, window), deliveryReadScope(scope, 'acopios')))
      .orderBy(asc(acopios.row_version));
    return rows.map(({ version, ...row }) => ({ version, row }));
  },
};

export const movimientosTable: ReplicatedTable = {
  name: 'movimientos',
  // 2: the records of members moved into a region reach it; phones pull again.
  // 3: rows carry their receipt (recibo, recibo_codigo, recibo_reemplaza).
  shapeVersion: 3,
  readScope: (scope) => scopeFor(scope.role, 'movimientos', 'read'),
  fetchVersions: async (db, scope, search) =>
    versionsOf(
      await db
        .select({ v: movimientos.row_version })
        .from(movimientos)
        .innerJoin(socios, eq(movimientos.clave_socio, socios.clave_socio))
        .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
        .where(
          and(inSearch(movimientos.row_version, search), deliveryReadScope(scope, 'movimientos')),
        )
        .orderBy(asc(movimientos.row_version))
        .limit(search.limit),
    ),
  fetchChanges: async (db, scope, window) => {
    const rows = await db
      .select({ version: movimientos.row_version, ...movementColumns })
      .from(movimientos)
      .innerJoin(socios, eq(movimientos.clave_socio, socios.clave_socio))
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .innerJoin(regiones, eq(comunidades.region, regiones.id))
      .where(
        and(inWindow(movimientos.row_version, window), deliveryReadScope(scope, 'movimientos')),
      )
      .orderBy(asc(movimientos.row_version));
    return rows.map(({ version, ...row }) => ({ version, row }));
  },
};
