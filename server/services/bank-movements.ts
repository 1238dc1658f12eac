/**
 * POST /mov-bancos/ (docs/business-rules.md#bank-reconciliation-and-accounting), inside the write's
 * ONE transaction: a bank movement and the accounting records of the items it reconciles. Checks,
 * all before anything is written: the reference is new; every selected item exists, is in the
 * caller's scope and fits the tab (a disbursed contract, a shared fund on its tab, a hand-chosen
 * sub-account on "Otros"), and is not linked yet; contributions and withdrawals are not mixed in
 * one movement; the records add up to `cantidad`. Any failure is a 400 and, the write route rolling
 * back its savepoint, nothing stays written. Concurrent bookings are serialised by the write-order
 * lock and, as a last guard, by the unique link indexes of `registros_contables`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BankDataType } from '#domain/codes';
import type { BankMovementValues } from '#domain/forms/bank-movement';
import { msg } from '#domain/messages';
import { formatCurrency } from '#domain/format';
import { present } from '#domain/guards';
import { centsToDecimalString, type Cents } from '#domain/money';
import type { AuthUser } from '#server/auth/authenticate';
import type { Db } from '#server/db/client';
import {
  comunidades,
  contratos,
  movimientos,
  movimientosBanco,
  pagos,
  registrosContables,
  socios,
  subcuentas,
  users,
} from '#server/db/schema';
import { RuleError } from '#domain/rule-errors';
import { disbursementNotLinked, movementNotLinked, paymentNotLinked } from './bank-links.ts';
import {
  disbursementRecord,
  movementRecord,
  otherRecord,
  paymentRecords,
  type PlannedRecord,
} from './bank-mapping.ts';
import { cents, contractScope } from './credit-records.ts';
import { deliveryReadScope } from './delivery-scope.ts';

/** The booked movement as the API answers it. */
export interface BankMovementAnswer {
  id: number;
  referencia_banco: string;
  fecha: string;
  cantidad: string;
  referencia_alf: string | null;
  tipo: BankDataType;
  ingr_egr: boolean;
  usuario: number;
  nombre_usuario: string;
  fecha_captura: string;
}

export interface BankMovementCreated {
  registros_nvos: number;
  movimientoBanco: BankMovementAnswer;
}

type Problems = string[];
const problem = (key: string, params?: Record<string, string | number>) =>
  msg(`bancos.server.${key}`, params);

/** The ids asked for that the query did not return (unknown or out of scope: same answer). */
function missing(ids: readonly number[], found: readonly { id: number }[]): number[] {
  const seen = new Set(found.map((row) => row.id));
  return ids.filter((id) => !seen.has(id));
}

/** Rows in the order the items were selected, so the records follow the caller's order. */
function inSelectionOrder<T extends { id: number }>(rows: T[], ids: readonly number[]): T[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

interface Plan {
  records: PlannedRecord[];
  /** true = money in. */
  ingreso: boolean;
}

async function planMovements(tx: Db, user: AuthUser, ids: number[], out: Problems) {
  const rows = await tx
    .select({
      id: movimientos.id,
      monto: movimientos.monto,
      aportacion: movimientos.aportacion,
      ordinario: movimientos.ordinario,
      proceso: movimientos.proceso,
      free: sql<boolean>`${movementNotLinked()}`,
    })
    .from(movimientos)
    .innerJoin(socios, eq(movimientos.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(and(inArray(movimientos.id, ids), deliveryReadScope(user, 'movimientos')))
    .then((found) => inSelectionOrder(found, ids));
  for (const id of missing(ids, rows)) out.push(problem('movementNotFound', { id }));
  for (const row of rows) if (!row.free) out.push(problem('movementLinked', { id: row.id }));
  const directions = new Set(rows.map((row) => row.aportacion));
  if (directions.size > 1) out.push(problem('mixedDirections'));
  return {
    records: rows.map((row) => movementRecord({ ...row, monto: cents(row.monto) })),
    ingreso: rows[0]?.aportacion ?? true,
  };
}

async function planPayments(tx: Db, user: AuthUser, ids: number[], out: Problems) {
  const rows = await tx
    .select({
      id: pagos.id,
      abono_capital: pagos.abono_capital,
      interes_ord: pagos.interes_ord,
      interes_mor: pagos.interes_mor,
      estatus_previo: pagos.estatus_previo,
      proceso: contratos.proceso,
      fondo_comun: contratos.fondo_comun,
      free: sql<boolean>`${paymentNotLinked()}`,
    })
    .from(pagos)
    .innerJoin(contratos, eq(pagos.credito, contratos.id))
    .innerJoin(socios, eq(contratos.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(and(inArray(pagos.id, ids), contractScope(user)))
    .then((found) => inSelectionOrder(found, ids));
  for (const id of missing(ids, rows)) out.push(problem('paymentNotFound', { id }));
  for (const row of rows) if (!row.free) out.push(problem('paymentLinked', { id: row.id }));
  return {
    records: rows.flatMap((row) =>
      paymentRecords({
        ...row,
        abono_capital: cents(row.abono_capital),
        interes_ord: cents(row.interes_ord),
        interes_mor: cents(row.interes_mor),
      }),
    ),
    ingreso: true,
  };
}

async function planDisbursements(
  tx: Db,
  user: AuthUser,
  ids: number[],
  sharedFundOnly: boolean,
  out: Problems,
) {
  const rows = await tx
    .select({
      id: contratos.id,
      monto: contratos.monto,
      proceso: contratos.proceso,
      fondo_comun: contratos.fondo_comun,
      estatus_ejecucion: contratos.estatus_ejecucion,
      free: sql<boolean>`${disbursementNotLinked()}`,
    })
    .from(contratos)
    .innerJoin(socios, eq(contratos.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(and(inArray(contratos.id, ids), contractScope(user)))
    .then((found) => inSelectionOrder(found, ids));
  for (const id of missing(ids, rows)) out.push(problem('contractNotFound', { id }));
  for (const row of rows) {
    if (row.estatus_ejecucion !== 'CO')
      out.push(problem('contractNotDisbursed', { id: row.id, estatus: row.estatus_ejecucion }));
    else if (sharedFundOnly && !row.fondo_comun)
      out.push(problem('contractNotSharedFund', { id: row.id }));
    else if (!row.free) out.push(problem('contractLinked', { id: row.id }));
  }
  return {
    records: rows.map((row) => disbursementRecord({ ...row, monto: cents(row.monto) })),
    ingreso: false,
  };
}

async function planOther(
  tx: Db,
  id: number,
  cantidad: Cents,
  ingreso: boolean,
  out: Problems,
  fields: Record<string, string[]>,
) {
  const [row] = await tx
    .select({ id: subcuentas.id, sistema: subcuentas.sistema, tipo: subcuentas.tipo })
    .from(subcuentas)
    .where(eq(subcuentas.id, id));
  if (!row) out.push(problem('subaccountNotFound', { id }));
  else if (row.sistema) out.push(problem('subaccountIsSystem', { id }));
  else if ((row.tipo === 'IN' && !ingreso) || (row.tipo === 'EG' && ingreso))
    fields.ingrEgr = [problem(ingreso ? 'subaccountExpenseOnly' : 'subaccountIncomeOnly')];
  return { records: [otherRecord(id, cantidad, ingreso)], ingreso };
}

async function plan(
  tx: Db,
  user: AuthUser,
  values: BankMovementValues,
  out: Problems,
  fields: Record<string, string[]>,
): Promise<Plan> {
  const ids = values.selectedItems;
  switch (values.dataType) {
    case 'Movimientos':
      return planMovements(tx, user, ids, out);
    case 'Pagos':
      return planPayments(tx, user, ids, out);
    case 'EjCredito':
      return planDisbursements(tx, user, ids, false, out);
    case 'FondosComunes.EjCredito':
      return planDisbursements(tx, user, ids, true, out);
    case 'Otros':
      // The schema already demanded exactly one id and a direction.
      return planOther(
        tx,
        present(ids[0], 'the subaccount'),
        values.cantidad,
        values.ingrEgr === true,
        out,
        fields,
      );
  }
}

const money = (value: Cents) => centsToDecimalString(value);

export async function createBankMovement(
  tx: Db,
  user: AuthUser,
  values: BankMovementValues,
): Promise<BankMovementCreated> {
  const fields: Record<string, string[]> = {};
  const [taken] = await tx
    .select({ id: movimientosBanco.id })
    .from(movimientosBanco)
    .where(eq(movimientosBanco.referencia_banco, values.referencia_banco));
  if (taken)
    fields.referencia_banco = [problem('referenceTaken', { referencia: values.referencia_banco })];

  const itemProblems: Problems = [];
  const planned = await plan(tx, user, values, itemProblems, fields);
  if (itemProblems.length > 0) fields.selectedItems = itemProblems;
  // The sum is only meaningful once every item is known and usable.
  if (itemProblems.length === 0) {
    const total = planned.records.reduce((sum, record) => sum + record.cantidad, 0);
    if (total !== values.cantidad)
      fields.cantidad = [
        problem('sumMismatch', {
          suma: formatCurrency(total),
          cantidad: formatCurrency(values.cantidad),
        }),
      ];
  }
  if (Object.keys(fields).length > 0) throw new RuleError(fields);

  const [movement] = await tx
    .insert(movimientosBanco)
    .values({
      referencia_banco: values.referencia_banco,
      fecha: values.fecha,
      cantidad: money(values.cantidad),
      referencia_alf: values.referencia_alf,
      tipo: values.dataType,
      ingr_egr: planned.ingreso,
      usuario: user.id,
    })
    .returning();
  if (!movement) throw new Error('bank movement insert returned no row');
  await tx.insert(registrosContables).values(
    planned.records.map((record) => ({
      ...record,
      cantidad: money(record.cantidad),
      movimiento_banco: movement.id,
      fecha: values.fecha,
      usuario: user.id,
      fecha_captura: movement.fecha_captura,
    })),
  );
  const [author] = await tx
    .select({ first: users.first_name, last: users.last_name, username: users.username })
    .from(users)
    .where(eq(users.id, user.id));
  const name = author ? `${author.first} ${author.last}`.trim() || author.username : '';
  return {
    registros_nvos: planned.records.length,
    movimientoBanco: {
      id: movement.id,
      referencia_banco: movement.referencia_banco,
      fecha: movement.fecha,
      cantidad: movement.cantidad,
      referencia_alf: movement.referencia_alf,
      tipo: movement.tipo,
      ingr_egr: movement.ingr_egr,
      usuario: movement.usuario,
      nombre_usuario: name,
      fecha_captura: movement.fecha_captura.toISOString(),
    },
  };
}
