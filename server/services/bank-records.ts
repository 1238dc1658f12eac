/**
 * Accounting records as the API shows them
 * (docs/business-rules.md#bank-reconciliation-and-accounting): newest first, with the sub-account,
 * its bank account, the bank movement they belong to, the user who booked it and a human reference
 * naming the reconciled item ("Aportación - {name}", "Crédito #{id} - {name}"). Also the
 * hand-choosable sub-accounts of "Otros" (GET /subcuentas/).
 */
import { and, asc, desc, eq, inArray, lt, not, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SubaccountType } from '#domain/codes';
import type { Db } from '#server/db/client';
import {
  bancos,
  contratos,
  movimientos,
  movimientosBanco,
  pagos,
  registrosContables,
  socios,
  subcuentas,
  users,
  type RecordRelation,
} from '#server/db/schema';
import { inRange, type DateRange } from './bank-balances.ts';

export interface AccountingRecordRow {
  id: number;
  fecha: string;
  referencia: string;
  referencia_banco: string;
  referencia_alf: string | null;
  /** When it was booked (ISO instant). */
  fecha_captura: string;
  /** Display name of the user who booked it. */
  usuario: string;
  movimiento_banco: number;
  subcuenta_id: number;
  subcuenta_id_cont: string;
  subcuenta_nombre: string;
  banco_cuenta: string;
  banco_nombre: string;
  relacion_sistema: RecordRelation | null;
  /** Stored decimal, "1040.00". */
  cantidad: string;
  /** true = income, false = expense. */
  ingr_egr: boolean;
  aport_retiro: number | null;
  pago: number | null;
  ej_credito: number | null;
}

const movementMember = alias(socios, 'mov_socio');
const paymentContract = alias(contratos, 'pago_contrato');
const paymentMember = alias(socios, 'pago_socio');
const disbursedContract = alias(contratos, 'ej_contrato');
const disbursedMember = alias(socios, 'ej_socio');

const nameOf = (m: { n: string | null; p: string | null; m: string | null }) =>
  [m.n, m.p, m.m]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');

function recordsQuery(db: Db) {
  return db
    .select({
      id: registrosContables.id,
      fecha: registrosContables.fecha,
      cantidad: registrosContables.cantidad,
      ingr_egr: registrosContables.ingr_egr,
      relacion_sistema: registrosContables.relacion_sistema,
      aport_retiro: registrosContables.aport_retiro,
      pago: registrosContables.pago,
      ej_credito: registrosContables.ej_credito,
      fecha_captura: registrosContables.fecha_captura,
      movimiento_banco: movimientosBanco.id,
      referencia_banco: movimientosBanco.referencia_banco,
      referencia_alf: movimientosBanco.referencia_alf,
      user_first: users.first_name,
      user_last: users.last_name,
      username: users.username,
      subcuenta_id: subcuentas.id,
      subcuenta_id_cont: subcuentas.id_contable,
      subcuenta_nombre: subcuentas.nombre,
      banco_cuenta: bancos.nombre_cuenta,
      banco_nombre: bancos.nombre,
      mov_n: movementMember.nombres,
      mov_p: movementMember.apellido_paterno,
      mov_m: movementMember.apellido_materno,
      pago_credito: pagos.credito,
      pago_n: paymentMember.nombres,
      pago_p: paymentMember.apellido_paterno,
      pago_m: paymentMember.apellido_materno,
      ej_n: disbursedMember.nombres,
      ej_p: disbursedMember.apellido_paterno,
      ej_m: disbursedMember.apellido_materno,
    })
    .from(registrosContables)
    .innerJoin(movimientosBanco, eq(registrosContables.movimiento_banco, movimientosBanco.id))
    .innerJoin(subcuentas, eq(registrosContables.subcuenta, subcuentas.id))
    .innerJoin(bancos, eq(subcuentas.banco, bancos.id))
    .innerJoin(users, eq(registrosContables.usuario, users.id))
    .leftJoin(movimientos, eq(registrosContables.aport_retiro, movimientos.id))
    .leftJoin(movementMember, eq(movimientos.clave_socio, movementMember.clave_socio))
    .leftJoin(pagos, eq(registrosContables.pago, pagos.id))
    .leftJoin(paymentContract, eq(pagos.credito, paymentContract.id))
    .leftJoin(paymentMember, eq(paymentContract.clave_socio, paymentMember.clave_socio))
    .leftJoin(disbursedContract, eq(registrosContables.ej_credito, disbursedContract.id))
    .leftJoin(disbursedMember, eq(disbursedContract.clave_socio, disbursedMember.clave_socio));
}

type RecordSelect = Awaited<ReturnType<ReturnType<typeof recordsQuery>['execute']>>[number];

/** The human reference of a record: what it reconciles, or the movement's own text. */
function referenceOf(r: RecordSelect): string {
  switch (r.relacion_sistema) {
    case 'APORTACION':
      return `Aportación - ${nameOf({ n: r.mov_n, p: r.mov_p, m: r.mov_m })}`;
    case 'RETIRO':
      return `Retiro - ${nameOf({ n: r.mov_n, p: r.mov_p, m: r.mov_m })}`;
    case 'CAPITAL':
    case 'INTERES_ORD':
    case 'INTERES_MOR':
      return `Crédito #${r.pago_credito} - ${nameOf({ n: r.pago_n, p: r.pago_p, m: r.pago_m })}`;
    case 'EJERCICIO':
      return `Crédito #${r.ej_credito} - ${nameOf({ n: r.ej_n, p: r.ej_p, m: r.ej_m })}`;
    default:
      return r.referencia_alf ?? r.subcuenta_nombre;
  }
}

function toRecordRow(r: RecordSelect): AccountingRecordRow {
  return {
    id: r.id,
    fecha: r.fecha,
    referencia: referenceOf(r),
    referencia_banco: r.referencia_banco,
    referencia_alf: r.referencia_alf,
    fecha_captura: r.fecha_captura.toISOString(),
    usuario: `${r.user_first} ${r.user_last}`.trim() || r.username,
    movimiento_banco: r.movimiento_banco,
    subcuenta_id: r.subcuenta_id,
    subcuenta_id_cont: r.subcuenta_id_cont,
    subcuenta_nombre: r.subcuenta_nombre,
    banco_cuenta: r.banco_cuenta,
    banco_nombre: r.banco_nombre,
    relacion_sistema: r.relacion_sistema,
    cantidad: r.cantidad,
    ingr_egr: r.ingr_egr,
    aport_retiro: r.aport_retiro,
    pago: r.pago,
    ej_credito: r.ej_credito,
  };
}

/** Records dated inside the range, newest first. */
export async function listAccountingRecords(
  db: Db,
  range: DateRange,
): Promise<AccountingRecordRow[]> {
  const rows = await recordsQuery(db)
    .where(inRange(range))
    .orderBy(desc(registrosContables.fecha), desc(registrosContables.id));
  return rows.map(toRecordRow);
}

/** Where a page of the records ends: the last record it holds, in the list's order. */
export interface RecordCursor {
  fecha: string;
  id: number;
}

/** The cursor as the API hands it out: opaque text (base64url of "date:id"). */
export function encodeRecordCursor(c: RecordCursor): string {
  return Buffer.from(`${c.fecha}:${c.id}`).toString('base64url');
}

/** The cursor from its text, or null when it is not one this server made. */
export function decodeRecordCursor(text: string): RecordCursor | null {
  const match = /^(\d{4}-\d{2}-\d{2}):(\d{1,10})$/.exec(Buffer.from(text, 'base64url').toString());
  const [, fecha, id] = match ?? [];
  if (fecha === undefined || id === undefined) return null;
  return { fecha, id: Number(id) };
}

export interface AccountingRecordPage {
  results: AccountingRecordRow[];
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

/**
 * One page of `listAccountingRecords` (same range, same order) after `after`: keyset paging on
 * (fecha, id), so /bancos shows the newest records without building the whole list first.
 */
export async function listAccountingRecordPage(
  db: Db,
  range: DateRange,
  limit: number,
  after: RecordCursor | null,
): Promise<AccountingRecordPage> {
  const rest = after
    ? or(
        lt(registrosContables.fecha, after.fecha),
        and(eq(registrosContables.fecha, after.fecha), lt(registrosContables.id, after.id)),
      )
    : undefined;
  // The page's records are chosen on the records table alone, then joined by their ids: joined
  // first (or through a subquery), PostgreSQL joined every record of the range — a year is
  // ~30,000 — or of the table to keep 200.
  const page = await db
    .select({ id: registrosContables.id })
    .from(registrosContables)
    .where(and(inRange(range), rest))
    .orderBy(desc(registrosContables.fecha), desc(registrosContables.id))
    .limit(limit + 1);
  const rows =
    page.length === 0
      ? []
      : await recordsQuery(db)
          .where(
            inArray(
              registrosContables.id,
              page.map((r) => r.id),
            ),
          )
          .orderBy(desc(registrosContables.fecha), desc(registrosContables.id));
  const results = rows.slice(0, limit).map(toRecordRow);
  const last = results.at(-1);
  return { results, next: rows.length > limit && last ? encodeRecordCursor(last) : null };
}

export async function findAccountingRecord(
  db: Db,
  id: number,
): Promise<AccountingRecordRow | null> {
  const [row] = await recordsQuery(db).where(eq(registrosContables.id, id)).limit(1);
  return row ? toRecordRow(row) : null;
}

/** A sub-account the user may choose on "Otros". */
export interface SubaccountOption {
  id: number;
  id_contable: string;
  nombre: string;
  tipo: SubaccountType;
  banco: number;
  nombre_cuenta: string;
}

/** GET /subcuentas/: the non-system sub-accounts, in chart order. */
export async function listSelectableSubaccounts(db: Db): Promise<SubaccountOption[]> {
  return db
    .select({
      id: subcuentas.id,
      id_contable: subcuentas.id_contable,
      nombre: subcuentas.nombre,
      tipo: subcuentas.tipo,
      banco: subcuentas.banco,
      nombre_cuenta: bancos.nombre_cuenta,
    })
    .from(subcuentas)
    .innerJoin(bancos, eq(subcuentas.banco, bancos.id))
    .where(not(subcuentas.sistema))
    .orderBy(asc(subcuentas.id_contable));
}
