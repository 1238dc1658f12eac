/**
 * Contributions and withdrawals (movimientos,
 * docs/business-rules.md#contributions-and-withdrawals): THE list shape (list, detail, created
 * answer, spreadsheet and the delta pull), the one-filter lists, the balance, the create rules and
 * the bank-data edit.
 *
 * Money: stored numeric(12,2), answered as decimal strings; arithmetic in integer cents with
 * #domain/balance (`balanceOf`, `withdrawalFits`), never re-implemented here.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Process } from '#domain/codes';
import { balanceOf, withdrawalFits, type Balance } from '#domain/balance';
import { MOVEMENT_COLUMNS, MOVEMENT_EXPORT, type MovementListRow } from '#domain/delivery-shapes';
import type { MovementBankDataValues } from '#domain/forms/bank-data-edit';
import type { MovementValues } from '#domain/forms/movement';
import { msg } from '#domain/messages';
import { cashMonthMessage } from '#domain/movement-month';
import { formatCurrency } from '#domain/format';
import { centsToDecimalString, parseMoney } from '#domain/money';
import { can, scopeFor } from '#domain/permissions';
import type { AuthUser } from '#server/auth/authenticate';
import type { Db } from '#server/db/client';
import { comunidades, movimientos, regiones, socios } from '#server/db/schema';
import type { Capture } from '#domain/sync-protocol';
import { ForbiddenError, RuleError } from '#domain/rule-errors';
import {
  activeIn,
  deliveryReadScope,
  inactiveMessage,
  memberForWrite,
  memberContextColumns,
  scopeCondition,
} from './delivery-scope.ts';
import { movementNotLinked } from './bank-links.ts';
import type { MemberReader } from './members.ts';
import { cashMonthProblem } from './movement-rules.ts';
import { checkReceiptFree, receiptValues } from './receipts.ts';
import { theRow } from '#server/db/conditions';

/** A row of GET /movimientos/ and the answer of GET /movimientos/{id}.json. */
export type MovementRow = MovementListRow;
export { MOVEMENT_COLUMNS, MOVEMENT_EXPORT };

export const movementColumns = {
  id: movimientos.id,
  clave_socio: movimientos.clave_socio,
  ...memberContextColumns,
  fecha_entrega: movimientos.fecha_entrega,
  monto: movimientos.monto,
  proceso: movimientos.proceso,
  aportacion: movimientos.aportacion,
  ordinario: movimientos.ordinario,
  tipo_de_movimiento: movimientos.tipo_de_movimiento,
  fecha_banco: movimientos.fecha_banco,
  referencia_banco: movimientos.referencia_banco,
  responsable_entrega: movimientos.responsable_entrega,
  recibo: movimientos.recibo,
  recibo_codigo: movimientos.recibo_codigo,
  recibo_reemplaza: movimientos.recibo_reemplaza,
};

/** movimientos with the member, its community and region joined. */
export function movementsJoined(db: Db) {
  return db
    .select(movementColumns)
    .from(movimientos)
    .innerJoin(socios, eq(movimientos.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .innerJoin(regiones, eq(comunidades.region, regiones.id));
}

// ---------------------------------------------------------------- lists

/** The group filters of the lists; exactly one is given (checked by the route). */
export type MovementFilter =
  | { clave_socio: number }
  | { region: number }
  | { comunidad: number }
  | { empresa: number }
  | { fuente: number }
  | { proceso: Process };

export function movementFilterCondition(filter: MovementFilter): SQL {
  if ('clave_socio' in filter) return eq(movimientos.clave_socio, filter.clave_socio);
  if ('region' in filter) return eq(comunidades.region, filter.region);
  if ('comunidad' in filter) return eq(socios.comunidad, filter.comunidad);
  if ('empresa' in filter) return eq(socios.empresa, filter.empresa);
  if ('fuente' in filter) return eq(socios.fuente, filter.fuente);
  return eq(movimientos.proceso, filter.proceso);
}

/** Movements in `reader`'s scope matching `where`, newest delivery first. */
export async function listMovements(
  db: Db,
  reader: MemberReader,
  where: SQL = sql`true`,
): Promise<MovementRow[]> {
  return movementsJoined(db)
    .where(and(deliveryReadScope(reader, 'movimientos'), where))
    .orderBy(desc(movimientos.fecha_entrega), desc(movimientos.id));
}

/** One movement if `reader` may see it, else null (unknown and out of scope look alike). */
export async function findMovement(
  db: Db,
  reader: MemberReader,
  id: number,
): Promise<MovementRow | null> {
  const [row] = await movementsJoined(db).where(
    and(eq(movimientos.id, id), deliveryReadScope(reader, 'movimientos')),
  );
  return row ?? null;
}

/**
 * Movements not yet linked to an accounting record (`GET /movimientos-conc/`). Cash ones too:
 * the cash a promoter collects is deposited later, and that deposit reconciles them.
 */
export async function unreconciledMovements(db: Db, reader: MemberReader): Promise<MovementRow[]> {
  return listMovements(db, reader, movementNotLinked());
}

// ---------------------------------------------------------------- balance

/** A member's movements as #domain/balance reads them (cents). */
async function movementsForBalance(db: Db, clave: number) {
  const rows = await db
    .select({ monto: movimientos.monto, aportacion: movimientos.aportacion })
    .from(movimientos)
    .where(eq(movimientos.clave_socio, clave));
  return rows.map((r) => {
    const cents = parseMoney(r.monto);
    if (cents === null) throw new Error(`unreadable amount ${r.monto}`);
    return { monto: cents, aportacion: r.aportacion };
  });
}

export async function balanceOfMember(db: Db, clave: number): Promise<Balance | null> {
  return balanceOf(await movementsForBalance(db, clave));
}

/** The balance as the API answers it: decimal strings. */
export function balanceAnswer(balance: Balance) {
  return {
    saldo: centsToDecimalString(balance.saldo),
    aportaciones: centsToDecimalString(balance.aportaciones),
    retiros: centsToDecimalString(balance.retiros),
  };
}

// ---------------------------------------------------------------- writes

/**
 * Create a contribution or withdrawal, in this order:
 * 1. a withdrawal needs a privileged caller (403 otherwise);
 * 2. the member exists and is in the caller's scope for this action (a promoter: its region),
 *    and its row is LOCKED until the transaction ends;
 * 3. the member is AC in the movement's process; a cash contribution falls in the month of
 *    its capture; a withdrawal fits the balance.
 * The balance is read after the lock, in the transaction that inserts, so two concurrent
 * withdrawals for one member run one after the other and the second sees the first.
 */
export async function createMovement(
  tx: Db,
  user: AuthUser,
  values: MovementValues,
  capture: Capture,
  timeZone: string,
): Promise<MovementRow> {
  const action = values.aportacion ? 'contribute' : 'withdraw';
  if (!can(user.role, 'movimientos', action))
    throw new ForbiddenError(msg('server.deliveries.withdrawalForbidden'));
  const member = await memberForWrite(
    tx,
    values.clave_socio,
    scopeFor(user.role, 'movimientos', action),
    user,
    { lock: true },
  );
  const errors: Record<string, string[]> = {};
  if (!activeIn(member, values.proceso)) errors.proceso = [inactiveMessage(member, values.proceso)];
  const month = cashMonthProblem(values, capture, timeZone);
  if (month !== null) errors.fecha_entrega = [cashMonthMessage(month)];
  if (!values.aportacion) {
    const balance = await balanceOfMember(tx, member.clave_socio);
    if (!withdrawalFits(balance, values.monto)) {
      errors.monto = [
        msg('server.deliveries.withdrawalAboveBalance', {
          monto: formatCurrency(values.monto),
          saldo: formatCurrency(balance?.saldo ?? 0),
        }),
      ];
    }
  }
  if (Object.keys(errors).length > 0) throw new RuleError(errors);
  await checkReceiptFree(tx, user, values, capture.receivedAt);
  const created = theRow(
    await tx
      .insert(movimientos)
      .values({
        clave_socio: member.clave_socio,
        fecha_entrega: values.fecha_entrega,
        monto: centsToDecimalString(values.monto),
        proceso: values.proceso,
        aportacion: values.aportacion,
        ordinario: values.ordinario,
        tipo_de_movimiento: values.tipo_de_movimiento,
        fecha_banco: values.fecha_banco,
        referencia_banco: values.referencia_banco,
        responsable_entrega: values.responsable_entrega,
        autor: user.id,
        capturado_en: capture.capturedAt,
        recibido_en: capture.receivedAt,
        ...receiptValues(values),
      })
      .returning({ id: movimientos.id }),
    'movement insert',
  );
  return theRow(await movementsJoined(tx).where(eq(movimientos.id, created.id)), 'movement read');
}

/**
 * Bank-data edit (`PATCH /movimientos/{id}.json`): type, bank date and reference, only while
 * the bank date is empty. The row is locked so two edits cannot both see it empty. Null when
 * the movement is unknown or outside the caller's scope for the edit.
 */
export async function editMovementBankData(
  tx: Db,
  user: AuthUser,
  id: number,
  values: MovementBankDataValues,
): Promise<MovementRow | null> {
  const scope = scopeCondition(scopeFor(user.role, 'movimientos', 'bank-edit'), user);
  const [current] = await tx
    .select({ id: movimientos.id, fecha_banco: movimientos.fecha_banco })
    .from(movimientos)
    .innerJoin(socios, eq(movimientos.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(and(eq(movimientos.id, id), scope))
    .for('update', { of: movimientos });
  if (!current) return null;
  if (current.fecha_banco !== null) {
    throw new RuleError({
      fecha_banco: [
        msg('server.deliveries.bankDataAlreadySet', { id, fecha: current.fecha_banco }),
      ],
    });
  }
  await tx
    .update(movimientos)
    .set({
      tipo_de_movimiento: values.tipo_de_movimiento,
      fecha_banco: values.fecha_banco,
      referencia_banco: values.referencia_banco,
      updated_at: new Date(),
    })
    .where(eq(movimientos.id, id));
  const [row] = await movementsJoined(tx).where(eq(movimientos.id, id));
  return row ?? null;
}
