/**
 * Contracts and payments replicated to phones (BUSINESS_RULES §1: CO, GE and VI all; a
 * promoter those of members of its region), in exactly the shapes of `GET /contratos.json`
 * and `GET /pagos.json`. A contract row carries its debt as of the pull; the phone recomputes
 * every figure with `#domain/debt` from the contract and its replicated payments (each payment
 * carries the debt snapshot the variable-rate arithmetic needs). A new payment rewrites its
 * contract row, so the contract is re-sent with its new paid total.
 */
import { and, asc, gt } from 'drizzle-orm';
import { todayIn } from '#domain/dates';
import { contratos, pagos } from '#server/db/schema';
import { toContractRow } from '#server/services/contract-rows';
import {
  contractQuery,
  contractScope,
  loadDebtPaymentsOf,
  paymentQuery,
  toContractRecord,
} from '#server/services/credit-records';
import { toPaymentRow } from '#server/services/payments';
import type { ReplicatedTable } from '#server/sync/registry';

export const contratosTable: ReplicatedTable = {
  name: 'contratos',
  fetchChanges: async (db, scope, after, limit) => {
    const rows = await contractQuery(db)
      .where(and(gt(contratos.row_version, after), contractScope(scope)))
      .orderBy(asc(contratos.row_version))
      .limit(limit);
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
  fetchChanges: async (db, scope, after, limit) => {
    const rows = await paymentQuery(db)
      .where(and(gt(pagos.row_version, after), contractScope(scope)))
      .orderBy(asc(pagos.row_version))
      .limit(limit);
    return rows.map((r) => ({ version: r.row_version, row: toPaymentRow(r) }));
  },
};
