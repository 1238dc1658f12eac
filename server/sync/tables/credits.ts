/**
 * Contracts and payments replicated to phones (docs/business-rules.md#roles-and-scope: CO, GE and
 * VI all; a promoter those of members of its region), in exactly the shapes of `GET
 * /contratos.json` and `GET /pagos.json`. A contract row carries its debt as of the pull; the phone
 * recomputes every figure with `#domain/debt` from the contract and its replicated payments (each
 * payment carries the debt snapshot the variable-rate arithmetic needs). A new payment rewrites its
 * contract row, so the contract is re-sent with its new paid total.
 */
import { scopeFor } from '#domain/permissions';
import { and, asc, eq } from 'drizzle-orm';
import { todayIn } from '#domain/dates';
import { comunidades, contratos, pagos, socios } from '#server/db/schema';
import { toContractRow } from '#server/services/contract-rows';
import {
  contractQuery,
  contractScope,
  loadDebtPaymentsOf,
  paymentQuery,
  toContractRecord,
} from '#server/services/credit-records';
import { toPaymentRow } from '#server/services/payments';
import { inSearch, inWindow, versionsOf, type ReplicatedTable } from '#server/sync/registry';

export const contratosTable: ReplicatedTable = {
  name: 'contratos',
  // 2: the records of members moved into a region reach it; phones pull again.
  shapeVersion: 2,
  readScope: (scope) => scopeFor(scope.role, 'contratos', 'read'),
  // The joins the scope needs (the member's community); the full rows add only its region.
  fetchVersions: async (db, scope, search) =>
    versionsOf(
      await db
        .select({ v: contratos.row_version })
        .from(contratos)
        .innerJoin(socios, eq(contratos.clave_socio, socios.clave_socio))
        .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
        .where(and(inSearch(contratos.row_version, search), contractScope(scope)))
        .orderBy(asc(contratos.row_version))
        .limit(search.limit),
    ),
  // Debts are computed here, for this page's contracts only: the reason for the versions step.
  fetchChanges: async (db, scope, window) => {
    const rows = await contractQuery(db)
      .where(and(inWindow(contratos.row_version, window), contractScope(scope)))
      .orderBy(asc(contratos.row_version));
    const records = rows.map(toContractRecord);
    const payments = await loadDebtPaymentsOf(
      db,
      records.map((r) => r.id),
    );
    const today = todayIn();
    return records.map((r) => ({
      version: r.row_version,
      row: toContractRow(r, payments.get(r.id) ?? [], today),
    }));
  },
};

export const pagosTable: ReplicatedTable = {
  name: 'pagos',
  // 2: the records of members moved into a region reach it; phones pull again.
  // 3: rows carry their receipt (recibo, recibo_codigo, recibo_reemplaza).
  shapeVersion: 3,
  readScope: (scope) => scopeFor(scope.role, 'pagos', 'read'),
  fetchVersions: async (db, scope, search) =>
    versionsOf(
      await db
        .select({ v: pagos.row_version })
        .from(pagos)
        .innerJoin(contratos, eq(pagos.credito, contratos.id))
        .innerJoin(socios, eq(contratos.clave_socio, socios.clave_socio))
        .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
        .where(and(inSearch(pagos.row_version, search), contractScope(scope)))
        .orderBy(asc(pagos.row_version))
        .limit(search.limit),
    ),
  fetchChanges: async (db, scope, window) => {
    const rows = await paymentQuery(db)
      .where(and(inWindow(pagos.row_version, window), contractScope(scope)))
      .orderBy(asc(pagos.row_version));
    return rows.map((r) => ({ version: r.row_version, row: toPaymentRow(r) }));
  },
};
