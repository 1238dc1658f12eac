/**
 * Trip closings (docs/trip-reconciliation.md): a promoter's closing is stored with the captures
 * it names, in the write's transaction; what the server received of those captures is
 * recomputed at every read from the idempotency rows of the promoter's own writes (each capture
 * is named by its Idempotency-Key), the corrections linked to them (`replaces_key`) and the
 * records they created, so a capture that arrives after its closing counts, one refused later
 * does not, and its accepted correction counts in that same closing — every accepted write in
 * exactly one closing. The keys live 90 days (server/sync/idempotency.ts): an older closing
 * keeps its declared figures, and its received ones read zero.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import * as z from 'zod';
import { centsToDecimalString, parseMoney, sumCents, type Cents } from '#domain/money';
import type { Capture } from '#domain/sync-protocol';
import { present } from '#domain/guards';
import type { TripClosingValues } from '#domain/forms/trip-closing';
import {
  COUNTED_STATES,
  TRIP_CAPTURE_KINDS,
  type TripCaptureKind,
  type TripClosingAnswer,
  type TripClosingLine,
} from '#domain/trip-shapes';
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
import { theRow } from '#server/db/conditions';

/** Closings the office list answers at most (the newest). */
export const CLOSINGS_LIST_MAX = 500;
/** A field user's own closings answered at most (the newest). */
export const OWN_CLOSINGS_MAX = 20;

const money = (cents: Cents) => centsToDecimalString(cents);

/** Store one closing and its captures (inside the write's transaction). Answers its id. */
export async function createClosing(
  tx: Db,
  user: AuthUser,
  body: TripClosingValues,
  capture: Capture,
): Promise<number> {
  const row = theRow(
    await tx
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
      .returning({ id: tripClosings.id }),
    'closing insert',
  );
  const id = row.id;
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

/**
 * One write of a capture's chain as the server holds it: the capture a closing names and every
 * correction linked to it by `replaces_key`, in either direction (a correction names the write
 * it replaces; a capture the phone gave up on while its answer was lost may still have been
 * accepted, and its correction then brings it in).
 */
interface ChainWrite {
  closing: number;
  /** The key the closing names. */
  origin: string;
  key: string;
  /** Null: no write under this key reached the server. */
  status: number | null;
  replaces: string | null;
  receivedAt: Date | null;
  /** The cash the accepted record holds, of its own kind; null when it is not trip cash. */
  tipo: TripCaptureKind | null;
  cents: Cents;
  /** The amount the write asked for (refused ones too), when the server read one. */
  asked: string | null;
}

const chainRow = z.object({
  closing: z.number().int(),
  origin: z.string(),
  key: z.string(),
  status: z.number().int().nullable(),
  replaces: z.string().nullable(),
  received_at: z.union([z.date(), z.string()]).nullable(),
  tipo: z.enum(TRIP_CAPTURE_KINDS).nullable(),
  amount: z.string().nullable(),
  asked: z.string().nullable(),
});

/**
 * Every write reachable from the counted captures (sent or pending at the closing) of every
 * closing of these promoters, walking the correction links both ways. The accepted ones carry
 * their record's cash: a payment without a bank reference, a cash (EF) movement, of the kind the
 * record itself is (a correction may change it).
 */
async function chainsOf(db: Db, promotors: number[]): Promise<ChainWrite[]> {
  if (promotors.length === 0) return [];
  const ids = sql.join(
    promotors.map((id) => sql`${id}`),
    sql`, `,
  );
  const k = idempotencyKeys;
  const result = await db.execute(sql`
    with recursive edges (user_id, a, b) as (
      select ${k.user_id}, ${k.key}, ${k.replaces_key} from ${k}
       where ${k.replaces_key} is not null and ${k.user_id} in (${ids})
      union all
      select ${k.user_id}, ${k.replaces_key}, ${k.key} from ${k}
       where ${k.replaces_key} is not null and ${k.user_id} in (${ids})
    ),
    chain (closing, origin, user_id, key) as (
      select c.closing_id, c.clave, t.promotor, c.clave
        from ${tripClosingCaptures} c join ${tripClosings} t on t.id = c.closing_id
       where t.promotor in (${ids}) and c.estado in ('enviado', 'pendiente')
      union
      select ch.closing, ch.origin, ch.user_id, e.b
        from chain ch join edges e on e.user_id = ch.user_id and e.a = ch.key
    )
    select ch.closing, ch.origin, ch.key, w.status, w.replaces_key as replaces,
           w.received_at,
           case
             when p.id is not null and p.referencia_banco is null then 'pago'
             when m.id is not null and m.tipo_de_movimiento = 'EF' then
               case when m.aportacion then 'aportacion' else 'retiro' end
           end as tipo,
           coalesce(p.cantidad, m.monto)::text as amount,
           w.monto::text as asked
      from chain ch
      left join ${k} w on w.user_id = ch.user_id and w.key = ch.key
      left join ${pagos} p
        on w.kind = 'pago.create' and w.status between 200 and 299
       and w.record_ref ~ '^[0-9]{1,9}$' and p.id = w.record_ref::integer
      left join ${movimientos} m
        on w.kind = 'movimiento.create' and w.status between 200 and 299
       and w.record_ref ~ '^[0-9]{1,9}$' and m.id = w.record_ref::integer
  `);
  // Both drivers answer `{ rows }`; the row shape is checked, never assumed.
  const { rows } = z.object({ rows: z.array(chainRow) }).parse(result);
  return rows.map((r) => {
    return {
      closing: r.closing,
      origin: r.origin,
      key: r.key,
      status: r.status,
      replaces: r.replaces,
      receivedAt: r.received_at === null ? null : new Date(r.received_at),
      tipo: r.tipo,
      cents: r.tipo === null ? 0 : (parseMoney(r.amount) ?? 0),
      asked: r.asked,
    };
  });
}

/**
 * Each write to exactly one capture line: the earliest closing that counted a capture of its
 * chain (closings of one phone arrive in order, so the lower id), and within it the line that
 * names the write itself, else the first by key. A correction of a capture a closing counted
 * thus stays in that closing, however late it arrives and however long its chain; a capture no
 * closing counted yet waits for the next one.
 */
function attribute(writes: ChainWrite[]): Map<string, ChainWrite> {
  const owner = new Map<string, ChainWrite>();
  const better = (a: ChainWrite, b: ChainWrite) => {
    if (a.closing !== b.closing) return a.closing < b.closing;
    const aSelf = a.origin === a.key;
    const bSelf = b.origin === b.key;
    if (aSelf !== bSelf) return aSelf;
    return a.origin < b.origin;
  };
  for (const w of writes) {
    const current = owner.get(w.key);
    if (!current || better(w, current)) owner.set(w.key, w);
  }
  return owner;
}

const isAccepted = (status: number | null) => status !== null && status >= 200 && status < 300;

interface ClosingLines {
  lines: TripClosingLine[];
  received: Record<TripCaptureKind, Cents>;
  receivedCaptures: number;
}

/** The lines of each closing, with the writes attributed to them and what they received. */
async function linesOf(db: Db, closings: { id: number; promotor: number }[]) {
  const out = new Map<number, ClosingLines>();
  if (closings.length === 0) return out;
  const ids = closings.map((c) => c.id);
  const named = await db
    .select()
    .from(tripClosingCaptures)
    .where(inArray(tripClosingCaptures.closing_id, ids))
    .orderBy(tripClosingCaptures.closing_id, tripClosingCaptures.clave);
  const writes = await chainsOf(db, [...new Set(closings.map((c) => c.promotor))]);
  const owner = attribute(writes);
  const byLine = new Map<string, ChainWrite[]>();
  for (const w of owner.values()) {
    const at = `${w.closing}|${w.origin}`;
    byLine.set(at, [...(byLine.get(at) ?? []), w]);
  }
  for (const id of ids)
    out.set(id, {
      lines: [],
      received: { pago: 0, aportacion: 0, retiro: 0 },
      receivedCaptures: 0,
    });
  for (const n of named) {
    const entry = present(out.get(n.closing_id), `closing ${n.closing_id}`);
    const mine = (byLine.get(`${n.closing_id}|${n.clave}`) ?? []).sort(
      (a, b) =>
        (a.receivedAt?.getTime() ?? 0) - (b.receivedAt?.getTime() ?? 0) || (a.key < b.key ? -1 : 1),
    );
    const accepted = mine.filter((w) => isAccepted(w.status) && w.tipo !== null);
    for (const { tipo, cents } of accepted)
      if (tipo !== null) entry.received[tipo] = sumCents([entry.received[tipo], cents]);
    if (accepted.length > 0) entry.receivedCaptures += 1;
    entry.lines.push({
      clave: n.clave,
      tipo: n.tipo,
      monto: n.monto,
      estado: n.estado,
      recibido: money(sumCents(accepted.map((w) => w.cents))),
      correcciones: mine
        .filter((w) => w.key !== n.clave && w.status !== null)
        .map((w) => ({
          clave: w.key,
          reemplaza: w.replaces,
          aceptada: isAccepted(w.status),
          tipo: w.tipo,
          monto: isAccepted(w.status) && w.tipo !== null ? money(w.cents) : w.asked,
          recibido_en: w.receivedAt?.toISOString() ?? null,
        })),
    });
  }
  return out;
}

const fullName = sql<string>`trim(concat_ws(' ', ${users.first_name}, ${users.last_name}))`;

/** Closings, newest first, each with its declared and received figures and its lines. */
export async function listClosings(
  db: Db,
  filter: { id?: number; promotor?: number; limit?: number } = {},
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
    .where(
      and(
        filter.id === undefined ? undefined : eq(tripClosings.id, filter.id),
        filter.promotor === undefined ? undefined : eq(tripClosings.promotor, filter.promotor),
      ),
    )
    .orderBy(desc(tripClosings.cerrado_en), desc(tripClosings.id))
    .limit(filter.limit ?? CLOSINGS_LIST_MAX);
  const lines = await linesOf(db, rows);
  return rows.map((r) => {
    const got = lines.get(r.id);
    const counted = got?.lines.filter((l) => COUNTED_STATES.includes(l.estado)).length ?? 0;
    return {
      id: r.id,
      promotor: r.promotor,
      nombre_promotor: r.nombre === '' ? r.username : r.nombre,
      desde: r.desde?.toISOString() ?? null,
      cerrado_en: r.cerrado_en.toISOString(),
      recibido_en: r.recibido_en.toISOString(),
      declarado: { pagos: r.pagos, aportaciones: r.aportaciones, retiros: r.retiros },
      recibido: {
        pagos: money(got?.received.pago ?? 0),
        aportaciones: money(got?.received.aportacion ?? 0),
        retiros: money(got?.received.retiro ?? 0),
      },
      capturas: counted,
      capturas_recibidas: got?.receivedCaptures ?? 0,
      lineas: got?.lines ?? [],
    };
  });
}
