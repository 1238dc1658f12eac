/**
 * Balances of /banco/saldos/ and /subcuentas/saldos/
 * (docs/business-rules.md#bank-reconciliation-and-accounting): per bank account (external ones left
 * out) or per sub-account, the income and expense recorded before
 * `initialDate` (0 without it) and within the range. Sums are done by PostgreSQL on
 * numeric(12,2) (exact) and answered as numbers, like every computed figure of the API.
 */
import { and, asc, eq, gte, lt, lte, not, sql, type SQL } from 'drizzle-orm';
import type { SubaccountType } from '#domain/codes';
import type { IsoDate } from '#domain/dates';
import type { Db } from '#server/db/client';
import { bancos, registrosContables, subcuentas } from '#server/db/schema';
import { cents, centsNumber } from './credit-records.ts';

export interface DateRange {
  initialDate: IsoDate | null;
  finalDate: IsoDate | null;
}

export interface BalanceTotals {
  tot_ingresos_prev: number;
  tot_egresos_prev: number;
  tot_ingresos: number;
  tot_egresos: number;
}

export interface BankBalanceRow extends BalanceTotals {
  id: number;
  nombre_banco: string;
  nombre_cuenta: string;
  numero_cuenta: string;
}

export interface SubaccountBalanceRow extends BalanceTotals {
  id: number;
  id_contable: string;
  nombre: string;
  tipo: SubaccountType;
  sistema: boolean;
  banco: number;
  nombre_cuenta: string;
}

/** Record dates inside the range (either end optional). */
export function inRange(range: DateRange): SQL {
  return (
    and(
      range.initialDate ? gte(registrosContables.fecha, range.initialDate) : undefined,
      range.finalDate ? lte(registrosContables.fecha, range.finalDate) : undefined,
    ) ?? sql`true`
  );
}

/** The four sums as SQL; a record joined as NULL (no records) adds nothing. */
function totals(range: DateRange) {
  const before = range.initialDate ? lt(registrosContables.fecha, range.initialDate) : sql`false`;
  const within = inRange(range);
  const sum = (income: boolean, when: SQL) =>
    sql<string>`coalesce(sum(${registrosContables.cantidad}) filter (where ${registrosContables.ingr_egr} = ${income} and ${when}), 0)::text`;
  return {
    tot_ingresos_prev: sum(true, before),
    tot_egresos_prev: sum(false, before),
    tot_ingresos: sum(true, within),
    tot_egresos: sum(false, within),
  };
}

function asNumbers(row: Record<keyof BalanceTotals, string>): BalanceTotals {
  return {
    tot_ingresos_prev: centsNumber(cents(row.tot_ingresos_prev)),
    tot_egresos_prev: centsNumber(cents(row.tot_egresos_prev)),
    tot_ingresos: centsNumber(cents(row.tot_ingresos)),
    tot_egresos: centsNumber(cents(row.tot_egresos)),
  };
}

export async function bankBalances(db: Db, range: DateRange): Promise<BankBalanceRow[]> {
  const rows = await db
    .select({
      id: bancos.id,
      nombre_banco: bancos.nombre,
      nombre_cuenta: bancos.nombre_cuenta,
      numero_cuenta: bancos.numero_cuenta,
      ...totals(range),
    })
    .from(bancos)
    .leftJoin(subcuentas, eq(subcuentas.banco, bancos.id))
    .leftJoin(registrosContables, eq(registrosContables.subcuenta, subcuentas.id))
    .where(not(bancos.externo))
    .groupBy(bancos.id)
    .orderBy(asc(bancos.id));
  return rows.map((row) => ({
    id: row.id,
    nombre_banco: row.nombre_banco,
    nombre_cuenta: row.nombre_cuenta,
    numero_cuenta: row.numero_cuenta,
    ...asNumbers(row),
  }));
}

export async function subaccountBalances(
  db: Db,
  range: DateRange,
): Promise<SubaccountBalanceRow[]> {
  const rows = await db
    .select({
      id: subcuentas.id,
      id_contable: subcuentas.id_contable,
      nombre: subcuentas.nombre,
      tipo: subcuentas.tipo,
      sistema: subcuentas.sistema,
      banco: subcuentas.banco,
      nombre_cuenta: bancos.nombre_cuenta,
      ...totals(range),
    })
    .from(subcuentas)
    .innerJoin(bancos, eq(subcuentas.banco, bancos.id))
    .leftJoin(registrosContables, eq(registrosContables.subcuenta, subcuentas.id))
    .groupBy(subcuentas.id, bancos.id)
    .orderBy(asc(subcuentas.id_contable));
  return rows.map((row) => ({
    id: row.id,
    id_contable: row.id_contable,
    nombre: row.nombre,
    tipo: row.tipo,
    sistema: row.sistema,
    banco: row.banco,
    nombre_cuenta: row.nombre_cuenta,
    ...asNumbers(row),
  }));
}
