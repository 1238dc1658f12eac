/**
 * The two bulk reads behind every list with debt (contracts in scope, then all their payments),
 * packed into ONE value per query. PGlite hands rows to JavaScript value by value, and for
 * ~25,000 payments that per-value cost dominated (~400 ms); one aggregated text per query is
 * ~10× cheaper on PGlite and no slower on PostgreSQL. Numerics travel as text, so money stays
 * exact ("1040.00" → cents), never a binary float.
 */
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { debtPaymentsByContract } from '#domain/credit-replica';
import type { IsoDate } from '#domain/dates';
import type { DebtPayment } from '#domain/debt';
import { present } from '#domain/guards';
import type { Db } from '#server/db/client';
import { comunidades, contratos, pagos, regiones, socios } from '#server/db/schema';
import {
  contractColumns,
  contractScope,
  toContractRecord,
  type ContractRecord,
  type ContractSelect,
  type CreditReader,
} from './credit-records.ts';

const CONTRACT_KEYS = Object.keys(contractColumns) as (keyof typeof contractColumns)[];

/** A column as it enters json_build_array: numerics as text (exact), the rest as they are. */
const jsonValue = (column: PgColumn) =>
  column.columnType === 'PgNumeric' ? sql`${column}::text` : sql`${column}`;

export async function firstValue(db: Db, query: SQL): Promise<string | null> {
  const result = await db.execute(query);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  const value = row?.packed;
  return typeof value === 'string' ? value : null;
}

/**
 * Contracts in `reader`'s scope matching `where` (a condition over contratos ⋈ socios ⋈
 * comunidades), newest start first (never-started ones, the newest approvals, on top), then
 * newest id.
 */
export async function loadContractsBulk(
  db: Db,
  reader: CreditReader,
  where: SQL,
): Promise<ContractRecord[]> {
  const packed = await firstValue(
    db,
    sql`select json_agg(json_build_array(${contractValues()})
          order by ${LIST_ORDER})::text as packed
        from ${contractsJoined()}
        where ${and(contractScope(reader), where)}`,
  );
  if (packed === null) return [];
  return (JSON.parse(packed) as unknown[][]).map(contractFromValues);
}

/** The lists' order: never-started contracts (the newest approvals) on top, then newest start, newest id. */
export const LIST_ORDER = sql`${contratos.fecha_inicio} desc nulls first, ${desc(contratos.id)}`;

/** contratos ⋈ socios ⋈ comunidades ⋈ regiones: what `contractValues()` reads from. */
export const contractsJoined = () =>
  sql`${contratos}
        inner join ${socios} on ${eq(contratos.clave_socio, socios.clave_socio)}
        inner join ${comunidades} on ${eq(socios.comunidad, comunidades.id)}
        inner join ${regiones} on ${eq(comunidades.region, regiones.id)}`;

/** A contract's columns as the values of one `json_build_array`, in `contractFromValues`'s order. */
export const contractValues = () =>
  sql.join(
    CONTRACT_KEYS.map((key) => jsonValue(contractColumns[key])),
    sql`, `,
  );

/** The record of one `json_build_array(contractValues(), …)`. */
export function contractFromValues(values: readonly unknown[]): ContractRecord {
  const row: Record<string, unknown> = {};
  CONTRACT_KEYS.forEach((key, i) => (row[key] = values[i]));
  return toContractRecord(row as ContractSelect);
}

/** Ids of the contracts in `reader`'s scope matching `where`, as a subquery. */
export function scopedContractIds(db: Db, reader: CreditReader, where: SQL) {
  return db
    .select({ id: contratos.id })
    .from(contratos)
    .innerJoin(socios, eq(contratos.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(and(contractScope(reader), where));
}

const FIELD = ',';
const RECORD = ';';

/**
 * Every payment of the contracts `loadContractsBulk(db, reader, where)` reads, optionally only
 * those dated ≤ `until`, grouped by contract in payment order: ONE query for any number of
 * contracts (payment fields are ids, dates and numerics: no separator can occur in them).
 */
export async function loadDebtPaymentsBulk(
  db: Db,
  reader: CreditReader,
  where: SQL,
  until?: IsoDate,
): Promise<Map<number, DebtPayment[]>> {
  const packed = await firstValue(
    db,
    sql`select string_agg(concat_ws(${FIELD}, ${pagos.credito}, ${pagos.id},
          to_char(${pagos.fecha_pago}, 'YYYY-MM-DD'), ${pagos.cantidad}::text,
          ${pagos.abono_capital}::text, ${pagos.interes_ord}::text, ${pagos.interes_mor}::text,
          ${pagos.deuda_prev_int_ord}::text, ${pagos.deuda_prev_int_mor}::text),
          ${RECORD} order by ${asc(pagos.fecha_pago)}, ${asc(pagos.id)}) as packed
        from ${pagos}
        where ${and(
          inArray(pagos.credito, scopedContractIds(db, reader, where)),
          until ? lte(pagos.fecha_pago, until) : undefined,
        )}`,
  );
  if (packed === null) return new Map();
  return debtPaymentsByContract(
    packed.split(RECORD).map((record) => {
      // Nine fields, all of NOT NULL columns (concat_ws leaves out only NULLs).
      const fields = record.split(FIELD);
      const field = (i: number): string => present(fields[i], 'a packed payment field');
      return {
        credito: Number(field(0)),
        id: Number(field(1)),
        fecha_pago: field(2),
        cantidad: field(3),
        abono_capital: field(4),
        interes_ord: field(5),
        interes_mor: field(6),
        deuda_prev_int_ord: field(7),
        deuda_prev_int_mor: field(8),
      };
    }),
  );
}
