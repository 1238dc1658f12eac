/**
 * Receipts of field captures (`#domain/receipts`): the unique check before a record is stored,
 * and the staff's verification of a code (`GET /api/recibos/{code}/`).
 *
 * A member (SO) reads its own receipts (`memberReceipts`), payments included.
 *
 * Refused pushes: the record of a refused capture is never stored, but the write's key row in
 * `idempotency_keys` is (with the refusal answer), and `defineWriteRoute` copies the body's
 * receipt code and number onto that row. So a code with no record but a refused key row is
 * "refused"; with neither it is "not yet received". Key rows are purged after
 * IDEMPOTENCY_KEY_TTL_DAYS, after which an old refusal reads as "not yet received".
 */
import { and, count, desc, eq, gte, isNotNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { msg } from '#domain/messages';
import {
  RECEIPT_DEVICE_IDLE_DAYS,
  RECEIPT_DEVICES_MAX,
  receiptAuthor,
  receiptDeviceOf,
  type MemberReceipt,
  type ReceiptDeviceAnswer,
  type ReceiptFields,
  type ReceiptKind,
  type ReceiptLookup,
} from '#domain/receipts';
import { RuleError } from '#domain/rule-errors';
import type { Db } from '#server/db/client';
import { theRow } from '#server/db/conditions';
import {
  acopios,
  contratos,
  idempotencyKeys,
  movimientos,
  pagos,
  receiptDevices,
  socios,
  users,
} from '#server/db/schema';
import { storedAnswer } from '#server/sync/idempotency';

/** The receipt columns to insert from a capture's values. */
export function receiptValues(values: ReceiptFields): ReceiptFields {
  return {
    recibo: values.recibo,
    recibo_codigo: values.recibo_codigo,
    recibo_reemplaza: values.recibo_reemplaza,
  };
}

interface ReceiptTable {
  autor: PgColumn;
  recibo: PgColumn;
  recibo_codigo: PgColumn;
  recibo_reemplaza: PgColumn;
}

/** The receipt columns of pagos, movimientos and acopios, in that order. */
const TABLES: readonly [ReceiptTable, ReceiptTable, ReceiptTable] = [
  {
    autor: pagos.autor,
    recibo: pagos.recibo,
    recibo_codigo: pagos.recibo_codigo,
    recibo_reemplaza: pagos.recibo_reemplaza,
  },
  {
    autor: movimientos.autor,
    recibo: movimientos.recibo,
    recibo_codigo: movimientos.recibo_codigo,
    recibo_reemplaza: movimientos.recibo_reemplaza,
  },
  {
    autor: acopios.autor,
    recibo: acopios.recibo,
    recibo_codigo: acopios.recibo_codigo,
    recibo_reemplaza: acopios.recibo_reemplaza,
  },
];

/**
 * 400 on the receipt fields when the number is not the caller's, its device code is not one
 * the caller registered, or another record (of any kind) of the caller already has this number
 * or code. Runs under the write-order lock, so no concurrent write can take them in between;
 * the unique indexes (author, number) and (author, code) are the last guard. A replay of the
 * same push never gets here (its key answers).
 *
 * Uniqueness is per author, so an answer only ever speaks of the caller's own receipts: a
 * number starts with its author's user id (`receiptNumber`), someone else's prefix refused as
 * a malformed number before any lookup (nobody takes another user's numbers and refuses that
 * user's real captures), and a code another user's record holds is not looked at. The device
 * code is looked up among the caller's own registered codes only, and marks it seen at `at`
 * (rolled back with the write if the write is refused).
 */
export async function checkReceiptFree(
  tx: Db,
  caller: { id: number },
  values: ReceiptFields,
  at: Date,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const number = values.recibo;
  const code = values.recibo_codigo;
  if (number && receiptAuthor(number) !== caller.id)
    throw new RuleError({ recibo: [msg('validation.receiptInvalid')] });
  if (number) await markDeviceSeen(tx, caller.id, number, at);
  const mine = (column: (t: ReceiptTable) => PgColumn, value: string) =>
    findRecord(tx, (t) => and(eq(t.autor, caller.id), eq(column(t), value)));
  if (number && (await mine((t) => t.recibo, number)))
    errors.recibo = [msg('server.receipts.numberTaken', { recibo: number })];
  if (code && (await mine((t) => t.recibo_codigo, code)))
    errors.recibo_codigo = [msg('server.receipts.codeTaken')];
  if (Object.keys(errors).length > 0) throw new RuleError(errors);
}

/** 400 on `recibo` unless the number's device code is one `userId` registered; else seen now. */
async function markDeviceSeen(tx: Db, userId: number, number: string, at: Date): Promise<void> {
  const device = receiptDeviceOf(number) ?? '';
  const [known] = await tx
    .update(receiptDevices)
    .set({ last_seen: at })
    .where(and(eq(receiptDevices.user_id, userId), eq(receiptDevices.codigo, device)))
    .returning({ codigo: receiptDevices.codigo });
  if (!known)
    throw new RuleError({
      recibo: [msg('server.receipts.deviceUnknown', { recibo: number, dispositivo: device })],
    });
}

const deviceAnswer = (row: {
  codigo: string;
  first_seen: Date;
  last_seen: Date;
}): ReceiptDeviceAnswer => ({
  codigo: row.codigo,
  primera_vez: row.first_seen.toISOString(),
  ultima_vez: row.last_seen.toISOString(),
});

/**
 * Register `code` as a receipt device of `userId` (`POST /api/recibos/dispositivos/`): again is
 * "seen now"; a new code is refused on `codigo` when the user already holds
 * RECEIPT_DEVICES_MAX codes seen in the last RECEIPT_DEVICE_IDLE_DAYS. Runs under the
 * write-order lock, so two registrations cannot both take the last place.
 */
export async function registerReceiptDevice(
  tx: Db,
  userId: number,
  code: string,
  at: Date,
): Promise<ReceiptDeviceAnswer> {
  const mine = and(eq(receiptDevices.user_id, userId), eq(receiptDevices.codigo, code));
  const [again] = await tx.update(receiptDevices).set({ last_seen: at }).where(mine).returning();
  if (again) return deviceAnswer(again);
  const since = new Date(at.getTime() - RECEIPT_DEVICE_IDLE_DAYS * 24 * 60 * 60 * 1000);
  const [held] = await tx
    .select({ n: count() })
    .from(receiptDevices)
    .where(and(eq(receiptDevices.user_id, userId), gte(receiptDevices.last_seen, since)));
  if ((held?.n ?? 0) >= RECEIPT_DEVICES_MAX)
    throw new RuleError({
      codigo: [
        msg('server.receipts.deviceLimit', {
          max: RECEIPT_DEVICES_MAX,
          dias: RECEIPT_DEVICE_IDLE_DAYS,
        }),
      ],
    });
  const rows = await tx
    .insert(receiptDevices)
    .values({ user_id: userId, codigo: code, first_seen: at, last_seen: at })
    .returning();
  return deviceAnswer(theRow(rows, 'receipt device'));
}

const memberName = (s: {
  nombres: string;
  apellido_paterno: string | null;
  apellido_materno: string | null;
}) => [s.nombres, s.apellido_paterno, s.apellido_materno].filter(Boolean).join(' ');

interface FoundRecord {
  tipo: ReceiptKind;
  id: number;
  recibo: string | null;
  recibo_reemplaza: string | null;
  clave_socio: number;
  fecha: string;
  total: string;
  recibido_en: Date | null;
}

async function findRecord(
  db: Db,
  where: (t: ReceiptTable) => SQL | undefined,
): Promise<FoundRecord | null> {
  const [pago] = await db
    .select({
      id: pagos.id,
      recibo: pagos.recibo,
      recibo_reemplaza: pagos.recibo_reemplaza,
      fecha: pagos.fecha_pago,
      total: pagos.cantidad,
      recibido_en: pagos.recibido_en,
      clave_socio: contratos.clave_socio,
    })
    .from(pagos)
    .innerJoin(contratos, eq(pagos.credito, contratos.id))
    .where(where(TABLES[0]))
    .limit(1);
  if (pago) return { tipo: 'pago', ...pago };
  const [movement] = await db
    .select({
      id: movimientos.id,
      recibo: movimientos.recibo,
      recibo_reemplaza: movimientos.recibo_reemplaza,
      clave_socio: movimientos.clave_socio,
      fecha: movimientos.fecha_entrega,
      total: movimientos.monto,
      recibido_en: movimientos.recibido_en,
    })
    .from(movimientos)
    .where(where(TABLES[1]))
    .limit(1);
  if (movement) return { tipo: 'movimiento', ...movement };
  const [acopio] = await db
    .select({
      id: acopios.id,
      recibo: acopios.recibo,
      recibo_reemplaza: acopios.recibo_reemplaza,
      clave_socio: acopios.clave_socio,
      fecha: acopios.fecha,
      total: acopios.ingreso,
      recibido_en: acopios.recibido_en,
    })
    .from(acopios)
    .where(where(TABLES[2]))
    .limit(1);
  return acopio ? { tipo: 'acopio', ...acopio } : null;
}

const KIND_OF_WRITE: Record<string, ReceiptKind> = {
  'pago.create': 'pago',
  'movimiento.create': 'movimiento',
  'acopio.create': 'acopio',
};

/** The first field message of a stored refusal (still encoded), or its detail. */
function refusalReason(answer: unknown): string | null {
  const data = storedAnswer(answer);
  if (data === null || typeof data !== 'object') return null;
  if ('detail' in data && typeof data.detail === 'string') return data.detail;
  for (const value of Object.values(data)) {
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return null;
}

/**
 * What the server knows of a receipt code (already normalised). `translate` turns a stored
 * encoded refusal message into the caller's language.
 */
export async function lookupReceipt(
  db: Db,
  code: string,
  translate: (encoded: string) => string,
): Promise<ReceiptLookup> {
  const empty: ReceiptLookup = {
    codigo: code,
    estado: 'not_received',
    tipo: null,
    id: null,
    recibo: null,
    recibo_reemplaza: null,
    clave_socio: null,
    nombres: null,
    fecha: null,
    total: null,
    recibido_en: null,
    motivo: null,
    reemplazado_por: null,
  };
  const record = await findRecord(db, (t) => eq(t.recibo_codigo, code));
  if (record) {
    const [member] = await db
      .select({
        nombres: socios.nombres,
        apellido_paterno: socios.apellido_paterno,
        apellido_materno: socios.apellido_materno,
      })
      .from(socios)
      .where(eq(socios.clave_socio, record.clave_socio));
    return {
      ...empty,
      estado: 'received',
      tipo: record.tipo,
      id: record.id,
      recibo: record.recibo,
      recibo_reemplaza: record.recibo_reemplaza,
      clave_socio: record.clave_socio,
      nombres: member ? memberName(member) : null,
      fecha: record.fecha,
      total: record.total,
      recibido_en: record.recibido_en ? record.recibido_en.toISOString() : null,
    };
  }
  const [refused] = await db
    .select({
      kind: idempotencyKeys.kind,
      receipt_number: idempotencyKeys.receipt_number,
      answer: idempotencyKeys.answer,
      received_at: idempotencyKeys.received_at,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.receipt_code, code), gte(idempotencyKeys.status, 400)))
    .orderBy(desc(idempotencyKeys.received_at))
    .limit(1);
  if (!refused) return empty;
  const number = refused.receipt_number;
  const replacement = number ? await findRecord(db, (t) => eq(t.recibo_reemplaza, number)) : null;
  const reason = refusalReason(refused.answer);
  return {
    ...empty,
    estado: 'refused',
    tipo: KIND_OF_WRITE[refused.kind] ?? null,
    recibo: number,
    recibido_en: refused.received_at.toISOString(),
    motivo: reason ? translate(reason) : null,
    reemplazado_por: replacement?.recibo ?? null,
  };
}

const authorName = (u: { first_name: string | null; last_name: string | null } | null) =>
  u ? [u.first_name, u.last_name].filter(Boolean).join(' ') : '';

/** When the receipt was issued: the phone's capture instant, else when the server stored it. */
const issuedAt = (r: { capturado_en: Date | null; recibido_en: Date | null; created_at: Date }) =>
  (r.capturado_en ?? r.recibido_en ?? r.created_at).toISOString();

const AUTHOR_COLUMNS = { first_name: users.first_name, last_name: users.last_name };
const stampColumns = (t: typeof pagos | typeof movimientos | typeof acopios) => ({
  capturado_en: t.capturado_en,
  recibido_en: t.recibido_en,
  created_at: t.created_at,
});

/** Member `clave`'s payments, movements and collections that carry a receipt. */
async function memberReceiptRows(db: Db, clave: number) {
  const author = AUTHOR_COLUMNS;
  const stamps = stampColumns;
  const payments = await db
    .select({
      id: pagos.id,
      recibo: pagos.recibo,
      recibo_codigo: pagos.recibo_codigo,
      recibo_reemplaza: pagos.recibo_reemplaza,
      fecha: pagos.fecha_pago,
      credito: pagos.credito,
      total: pagos.cantidad,
      abono_capital: pagos.abono_capital,
      interes_ord: pagos.interes_ord,
      interes_mor: pagos.interes_mor,
      author,
      ...stamps(pagos),
    })
    .from(pagos)
    .innerJoin(contratos, eq(pagos.credito, contratos.id))
    .leftJoin(users, eq(pagos.autor, users.id))
    .where(and(eq(contratos.clave_socio, clave), isNotNull(pagos.recibo)));
  const movements = await db
    .select({
      id: movimientos.id,
      recibo: movimientos.recibo,
      recibo_codigo: movimientos.recibo_codigo,
      recibo_reemplaza: movimientos.recibo_reemplaza,
      fecha: movimientos.fecha_entrega,
      proceso: movimientos.proceso,
      aportacion: movimientos.aportacion,
      total: movimientos.monto,
      author,
      ...stamps(movimientos),
    })
    .from(movimientos)
    .leftJoin(users, eq(movimientos.autor, users.id))
    .where(and(eq(movimientos.clave_socio, clave), isNotNull(movimientos.recibo)));
  const collections = await db
    .select({
      id: acopios.id,
      recibo: acopios.recibo,
      recibo_codigo: acopios.recibo_codigo,
      recibo_reemplaza: acopios.recibo_reemplaza,
      fecha: acopios.fecha,
      proceso: acopios.tipo_de_producto,
      total: acopios.ingreso,
      kilos: acopios.kilos_de_producto,
      author,
      ...stamps(acopios),
    })
    .from(acopios)
    .leftJoin(users, eq(acopios.autor, users.id))
    .where(and(eq(acopios.clave_socio, clave), isNotNull(acopios.recibo)));
  return { payments, movements, collections };
}

/**
 * A member's own receipts (`GET /api/recibos/mios/`): every payment of its loans, movement and
 * collection of member `clave` that carries a receipt, newest first (by date, then capture).
 */
export async function memberReceipts(db: Db, clave: number): Promise<MemberReceipt[]> {
  const [member] = await db
    .select({
      nombres: socios.nombres,
      apellido_paterno: socios.apellido_paterno,
      apellido_materno: socios.apellido_materno,
    })
    .from(socios)
    .where(eq(socios.clave_socio, clave));
  if (!member) return [];
  const nombres = memberName(member);
  const { payments, movements, collections } = await memberReceiptRows(db, clave);
  const blank = {
    clave_socio: clave,
    nombres,
    credito: null,
    proceso: null,
    aportacion: null,
    abono_capital: null,
    interes_ord: null,
    interes_mor: null,
    kilos: null,
  };
  const out: MemberReceipt[] = [];
  const common = (r: {
    id: number;
    recibo: string | null;
    recibo_codigo: string | null;
    recibo_reemplaza: string | null;
    fecha: string;
    total: string;
    author: { first_name: string | null; last_name: string | null } | null;
    capturado_en: Date | null;
    recibido_en: Date | null;
    created_at: Date;
  }) =>
    r.recibo && r.recibo_codigo
      ? {
          ...blank,
          id: r.id,
          recibo: r.recibo,
          recibo_codigo: r.recibo_codigo,
          recibo_reemplaza: r.recibo_reemplaza,
          fecha: r.fecha,
          total: r.total,
          promotor: authorName(r.author),
          capturado_en: issuedAt(r),
        }
      : null;
  for (const p of payments) {
    const base = common(p);
    if (base)
      out.push({
        ...base,
        tipo: 'pago',
        credito: p.credito,
        abono_capital: p.abono_capital,
        interes_ord: p.interes_ord,
        interes_mor: p.interes_mor,
      });
  }
  for (const m of movements) {
    const base = common(m);
    if (base)
      out.push({ ...base, tipo: 'movimiento', proceso: m.proceso, aportacion: m.aportacion });
  }
  for (const a of collections) {
    const base = common(a);
    if (base) out.push({ ...base, tipo: 'acopio', proceso: a.proceso, kilos: a.kilos });
  }
  return out.sort((x, y) =>
    x.fecha !== y.fecha
      ? x.fecha < y.fecha
        ? 1
        : -1
      : x.capturado_en < y.capturado_en
        ? 1
        : x.capturado_en > y.capturado_en
          ? -1
          : 0,
  );
}
