/**
 * Helpers of the bank reconciliation tests: items inserted straight into the database with
 * exactly the shape a mapping case needs (process, ordinary or not, estatus_previo, shared
 * fund), the records a bank movement created, and the POST itself.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { ContractStatus, Process } from '#domain/codes';
import type { IsoDate } from '#domain/dates';
import type { Db } from '#server/db/client';
import {
  contratos,
  movimientos,
  movimientosBanco,
  pagos,
  registrosContables,
  users,
} from '#server/db/schema';
import type { TestApp } from '#tests/helpers/server-app';

let sequence = 0;
/** A fresh, valid bank reference (upper-case letters and digits). */
export function nextReference(prefix = 'T'): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${sequence}`;
}

export async function insertMovement(
  db: Db,
  spec: { clave: number; monto: string; aportacion: boolean; ordinario: boolean; proceso: Process },
): Promise<number> {
  const [row] = await db
    .insert(movimientos)
    .values({
      clave_socio: spec.clave,
      fecha_entrega: '2024-03-01',
      monto: spec.monto,
      proceso: spec.proceso,
      aportacion: spec.aportacion,
      ordinario: spec.ordinario,
      tipo_de_movimiento: 'EF',
    })
    .returning({ id: movimientos.id });
  return row!.id;
}

export async function insertBankContract(
  db: Db,
  spec: {
    clave: number;
    proceso?: Process;
    fondo_comun?: boolean;
    monto?: string;
    estatus_ejecucion?: 'PC' | 'CO' | 'CA';
  },
): Promise<number> {
  const executed = (spec.estatus_ejecucion ?? 'CO') === 'CO';
  const [row] = await db
    .insert(contratos)
    .values({
      clave_socio: spec.clave,
      proceso: spec.proceso ?? 'CF',
      tipo_credito: spec.fondo_comun ? 'FC' : 'MC',
      fondo_comun: spec.fondo_comun ?? false,
      monto: spec.monto ?? '10000.00',
      plazo: 6,
      tasa: '2.0000',
      tasa_moratoria: '3.0000',
      tipo_tasa: executed ? 'FI' : null,
      fecha_inicio: executed ? '2024-01-15' : null,
      estatus_ejecucion: spec.estatus_ejecucion ?? 'CO',
    })
    .returning({ id: contratos.id });
  return row!.id;
}

/** A payment with the given parts (decimal text) and the status it was made in. */
export async function insertPayment(
  db: Db,
  spec: {
    credito: number;
    capital: string;
    ord: string;
    mor: string;
    estatus_previo: ContractStatus;
  },
): Promise<number> {
  const [author] = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  const total = (
    (Math.round(Number(spec.capital) * 100) +
      Math.round(Number(spec.ord) * 100) +
      Math.round(Number(spec.mor) * 100)) /
    100
  ).toFixed(2);
  const [row] = await db
    .insert(pagos)
    .values({
      credito: spec.credito,
      fecha_pago: '2024-03-15',
      cantidad: total,
      abono_capital: spec.capital,
      interes_ord: spec.ord,
      interes_mor: spec.mor,
      autor: author!.id,
      estatus_previo: spec.estatus_previo,
      deuda_prev_total: '99999.00',
      deuda_prev_capital: '10000.00',
      deuda_prev_int_ord: '500.00',
      deuda_prev_int_mor: '500.00',
    })
    .returning({ id: pagos.id });
  return row!.id;
}

/** The records of one bank movement, comparable regardless of insertion order. */
export async function recordsOf(db: Db, movementId: number) {
  const rows = await db
    .select({
      subcuenta: registrosContables.subcuenta,
      cantidad: registrosContables.cantidad,
      ingr_egr: registrosContables.ingr_egr,
      relacion_sistema: registrosContables.relacion_sistema,
      aport_retiro: registrosContables.aport_retiro,
      pago: registrosContables.pago,
      ej_credito: registrosContables.ej_credito,
      fecha: registrosContables.fecha,
    })
    .from(registrosContables)
    .where(eq(registrosContables.movimiento_banco, movementId))
    .orderBy(asc(registrosContables.id));
  return rows;
}

export async function countRows(db: Db) {
  const [movements, records] = await Promise.all([
    db.$count(movimientosBanco),
    db.$count(registrosContables),
  ]);
  return { movements, records };
}

export interface BankBody {
  referencia_banco?: string;
  fecha?: IsoDate;
  cantidad: string;
  referencia_alf?: string;
  dataType: string;
  selectedItems: number[];
  ingrEgr?: boolean | null;
}

export function postBank(
  t: TestApp,
  username: string,
  body: BankBody | Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const payload =
    'cantidad' in body && !('referencia_banco' in body)
      ? { referencia_banco: nextReference(), fecha: '2024-04-01', ...body }
      : { fecha: '2024-04-01', ...body };
  return t.as(username, { method: 'POST', url: '/api/mov-bancos/', payload, headers });
}

/**
 * Forget the accounting records of a member's movements (the demo reconciles old ones), so a
 * test may delete those movements and start the member from zero.
 */
export async function unlinkMovementsOf(db: Db, clave: number): Promise<void> {
  await db
    .delete(registrosContables)
    .where(
      inArray(
        registrosContables.aport_retiro,
        db
          .select({ id: movimientos.id })
          .from(movimientos)
          .where(eq(movimientos.clave_socio, clave)),
      ),
    );
}

/** Ids of the items some accounting record points at, per kind (what the no-link lists drop). */
export async function linkedIds(db: Db) {
  const rows = await db
    .select({
      aport_retiro: registrosContables.aport_retiro,
      pago: registrosContables.pago,
      ej_credito: registrosContables.ej_credito,
    })
    .from(registrosContables);
  const set = (key: 'aport_retiro' | 'pago' | 'ej_credito') =>
    new Set(rows.flatMap((r) => (r[key] === null ? [] : [r[key]])));
  return { movimientos: set('aport_retiro'), pagos: set('pago'), contratos: set('ej_credito') };
}
