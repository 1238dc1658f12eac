/**
 * Trip closings (issue 15 item 5): a promoter's closing is stored with the captures it names,
 * in the write's transaction; what the server received of those captures is recomputed at
 * every read from the idempotency rows of the promoter's own writes (each capture is named by
 * its Idempotency-Key) and the records they created, so a capture that arrives after its
 * closing counts, and one refused later does not. The keys live 90 days
 * (server/sync/idempotency.ts): an older closing keeps its declared figures, and its received
 * ones read zero.
 */
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { centsToDecimalString, parseMoney, type Cents } from '#domain/money';
import type { Capture } from '#domain/sync-protocol';
import type { TripClosingValues } from '#domain/forms/trip-closing';
import type { TripCaptureKind, TripClosingAnswer } from '#domain/trip-shapes';
import type { AuthUser } from '#server/auth/authenticate';
import type { Db } from '#server/db/client';
import {
  idempotencyKeys,
  movimientos,
  pagos,
  tripClosingCaptures,
  tripClosings,
  users,
} from '#server/db/schema';

/** Closings the office list answers at most (the newest). */
export const CLOSINGS_LIST_MAX = 500;

const money = (cents: Cents) => centsToDecimalString(cents);

/** Store one closing and its captures (inside the write's transaction). Answers its id. */
export async function createClosing(
  tx: Db,
  user: AuthUser,
  body: TripClosingValues,
  capture: Capture,
): Promise<number> {
  const [row] = await tx
    .insert(tripClosings)
    .values({
      promotor: user.id,
      desde: body.desde === null ? null : new Date(body.desde),
      cerrado_en: capture.capturedAt ?? capture.receivedAt,
      recibido_en: capture.receivedAt,
      pagos: money(body.pagos),
      aportaciones: money(body.aportaciones),
      retiros: money(body.retiros),
    })
    .returning({ id: tripClosings.id });
  const id = row!.id;
  if (body.capturas.length > 0) {
    await tx.insert(tripClosingCaptures).values(
      body.capturas.map((c) => ({
        closing_id: id,
        clave: c.clave,
        tipo: c.tipo,
        monto: money(c.monto),
        estado: c.estado,
      })),
    );
  }
  return id;
}

/** The record id an accepted write names, when it is one (guarded: no cast of other refs). */
const recordId = sql<number>`case when ${idempotencyKeys.record_ref} ~ '^[0-9]{1,9}$' then ${idempotencyKeys.record_ref}::integer end`;

interface Received {
  cents: Record<TripCaptureKind, Cents>;
  captures: number;
}

/**
 * What the server holds of the counted captures of each closing: the amount of the payment or
 * movement each accepted write created, of the kind the phone declared it as.
 */
async function receivedOf(db: Db, closingIds: number[]): Promise<Map<number, Received>> {
  const received = new Map<number, Received>();
  if (closingIds.length === 0) return received;
  const rows = await db
    .select({
      closing: tripClosingCaptures.closing_id,
      tipo: tripClosingCaptures.tipo,
      amount: sql<string>`coalesce(sum(coalesce(${pagos.cantidad}, ${movimientos.monto})), 0)`,
      records: count(sql`coalesce(${pagos.id}, ${movimientos.id})`),
    })
    .from(tripClosingCaptures)
    .innerJoin(tripClosings, eq(tripClosings.id, tripClosingCaptures.closing_id))
    .innerJoin(
      idempotencyKeys,
      and(
        eq(idempotencyKeys.user_id, tripClosings.promotor),
        eq(idempotencyKeys.key, tripClosingCaptures.clave),
        gte(idempotencyKeys.status, 200),
        lt(idempotencyKeys.status, 300),
      ),
    )
    .leftJoin(
      pagos,
      and(
        eq(tripClosingCaptures.tipo, 'pago'),
        eq(idempotencyKeys.kind, 'pago.create'),
        eq(pagos.id, recordId),
      ),
    )
    .leftJoin(
      movimientos,
      and(
        inArray(tripClosingCaptures.tipo, ['aportacion', 'retiro']),
        eq(idempotencyKeys.kind, 'movimiento.create'),
        eq(movimientos.id, recordId),
        eq(movimientos.aportacion, sql`(${tripClosingCaptures.tipo} = 'aportacion')`),
      ),
    )
    .where(
      and(
        inArray(tripClosingCaptures.closing_id, closingIds),
        inArray(tripClosingCaptures.estado, ['enviado', 'pendiente']),
      ),
    )
    .groupBy(tripClosingCaptures.closing_id, tripClosingCaptures.tipo);
  for (const r of rows) {
    const entry = received.get(r.closing) ?? {
      cents: { pago: 0, aportacion: 0, retiro: 0 },
      captures: 0,
    };
    entry.cents[r.tipo] = parseMoney(r.amount) ?? 0;
    entry.captures += r.records;
    received.set(r.closing, entry);
  }
  return received;
}

/** Counted captures per closing (refused ones are listed but never declared). */
async function countedOf(db: Db, closingIds: number[]): Promise<Map<number, number>> {
  if (closingIds.length === 0) return new Map();
  const rows = await db
    .select({ closing: tripClosingCaptures.closing_id, n: count() })
    .from(tripClosingCaptures)
    .where(
      and(
        inArray(tripClosingCaptures.closing_id, closingIds),
        inArray(tripClosingCaptures.estado, ['enviado', 'pendiente']),
      ),
    )
    .groupBy(tripClosingCaptures.closing_id);
  return new Map(rows.map((r) => [r.closing, r.n]));
}

const fullName = sql<string>`trim(concat_ws(' ', ${users.first_name}, ${users.last_name}))`;

/** Closings, newest first, each with its declared and received figures. */
export async function listClosings(
  db: Db,
  filter: { id?: number } = {},
): Promise<TripClosingAnswer[]> {
  const rows = await db
    .select({
      id: tripClosings.id,
      promotor: tripClosings.promotor,
      username: users.username,
      nombre: fullName,
      desde: tripClosings.desde,
      cerrado_en: tripClosings.cerrado_en,
      recibido_en: tripClosings.recibido_en,
      pagos: tripClosings.pagos,
      aportaciones: tripClosings.aportaciones,
      retiros: tripClosings.retiros,
    })
    .from(tripClosings)
    .innerJoin(users, eq(users.id, tripClosings.promotor))
    .where(filter.id === undefined ? undefined : eq(tripClosings.id, filter.id))
    .orderBy(desc(tripClosings.cerrado_en), desc(tripClosings.id))
    .limit(CLOSINGS_LIST_MAX);
  const ids = rows.map((r) => r.id);
  // One after the other: inside a write's transaction both share its one connection.
  const received = await receivedOf(db, ids);
  const counted = await countedOf(db, ids);
  return rows.map((r) => {
    const got = received.get(r.id);
    return {
      id: r.id,
      promotor: r.promotor,
      nombre_promotor: r.nombre === '' ? r.username : r.nombre,
      desde: r.desde?.toISOString() ?? null,
      cerrado_en: r.cerrado_en.toISOString(),
      recibido_en: r.recibido_en.toISOString(),
      declarado: { pagos: r.pagos, aportaciones: r.aportaciones, retiros: r.retiros },
      recibido: {
        pagos: money(got?.cents.pago ?? 0),
        aportaciones: money(got?.cents.aportacion ?? 0),
        retiros: money(got?.cents.retiro ?? 0),
      },
      capturas: counted.get(r.id) ?? 0,
      capturas_recibidas: got?.captures ?? 0,
    };
  });
}
