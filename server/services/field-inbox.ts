/**
 * The office's inbox of field work (`GET /api/bandeja/`): every field write the
 * server received (its idempotency row, `server/sync/idempotency.ts`), newest first, one keyset
 * page at a time on `(received_at, id)` (index `idempotency_keys_received_id_idx`), with the
 * member, amount, kilos, the office's reviewed mark and, for a refusal, what followed it: the
 * write that replaced it (`replaces_key`), the phone's discard, or nothing yet (still on the
 * phone). Reviewed marks are set here too, by id or for a whole filter.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FIELD_KINDS, type InboxFilter, type InboxRow } from '#domain/field-inbox';
import type { Db } from '#server/db/client';
import { comunidades, contratos, idempotencyKeys, socios, users } from '#server/db/schema';
import { rejectionReason, type TranslateMessage } from '#server/sync/field-activity';

const k = idempotencyKeys;
const replacement = alias(idempotencyKeys, 'replacement');
const replaced = alias(idempotencyKeys, 'replaced');
const promoterMember = alias(socios, 'promoter_member');
const reviewer = alias(users, 'reviewer');

/** The replacing write of a refused one (the latest, if a correction was itself corrected). */
const replacementOf = sql`(select r.id from ${idempotencyKeys} r where r.user_id = ${k.user_id} and r.replaces_key = ${k.key} order by r.received_at desc, r.id desc limit 1)`;

const refused = gte(k.status, 400);

/** The start of a calendar day of the cooperative, as an instant. */
const dayStart = (day: string, timezone: string) =>
  sql`(${day}::date::timestamp at time zone ${timezone})`;

/** The WHERE of a filter (shared by the list, the export and "mark all reviewed"). */
export function inboxConditions(filter: InboxFilter, timezone: string): SQL[] {
  const where: SQL[] = [inArray(k.kind, [...FIELD_KINDS])];
  if (filter.promotor != null) where.push(eq(k.user_id, filter.promotor));
  if (filter.region != null) {
    where.push(
      sql`${k.user_id} in (select u.id from ${users} u join ${socios} s on s.clave_socio = u.clave_socio join ${comunidades} c on c.id = s.comunidad where c.region = ${filter.region})`,
    );
  }
  if (filter.tipo != null) where.push(eq(k.kind, filter.tipo));
  if (filter.desde != null)
    where.push(sql`${k.received_at} >= ${dayStart(filter.desde, timezone)}`);
  if (filter.hasta != null) {
    where.push(sql`${k.received_at} < ${dayStart(filter.hasta, timezone)} + interval '1 day'`);
  }
  switch (filter.estado) {
    case 'new':
      where.push(isNull(k.reviewed_at));
      break;
    case 'reviewed':
      where.push(isNotNull(k.reviewed_at));
      break;
    case 'refused':
      where.push(refused, sql`${replacementOf} is null`);
      break;
    case 'corrected':
      where.push(refused, sql`${replacementOf} is not null`);
      break;
    default:
  }
  return where;
}

/** `<received_at epoch µs>.<id>`: where the next page starts (rows strictly older). */
export interface InboxCursor {
  micros: bigint;
  id: number;
}

export function encodeInboxCursor(cursor: InboxCursor): string {
  return `${cursor.micros}.${cursor.id}`;
}

export function decodeInboxCursor(text: string): InboxCursor | null {
  const match = /^(\d{1,17})\.(\d{1,10})$/.exec(text);
  const [, micros, idText] = match ?? [];
  if (micros === undefined || idText === undefined) return null;
  const id = Number(idText);
  return id <= 2_147_483_647 ? { micros: BigInt(micros), id } : null;
}

const receivedMicros = sql<string>`(extract(epoch from ${k.received_at}) * 1000000)::bigint::text`;

function fullName(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((p) => p)
    .join(' ')
    .trim();
}

export interface InboxOptions {
  timezone: string;
  translate: TranslateMessage;
  /** A discard reason code → its label in the reader's language. */
  discardLabel: (code: string) => string;
  /** A refused field's label in the reader's language, or null when none is known. */
  fieldLabel: (field: string) => string | null;
}

/** One page of the inbox (`limit` rows) and the cursor of the next, or every row (`limit` null). */
export async function inboxPage(
  db: Db,
  filter: InboxFilter,
  page: { limit: number | null; after: InboxCursor | null },
  options: InboxOptions,
): Promise<{ results: InboxRow[]; next: string | null }> {
  const where = inboxConditions(filter, options.timezone);
  if (page.after) {
    // Sargable on the (received_at, id) index: the cursor's instant rebuilt from its µs.
    const at = sql`timestamptz 'epoch' + ${page.after.micros.toString()}::bigint * interval '1 microsecond'`;
    where.push(sql`(${k.received_at}, ${k.id}) < (${at}, ${page.after.id})`);
  }
  const memberKey = sql<number | null>`coalesce(${k.socio}, ${contratos.clave_socio})`;
  const query = db
    .select({
      id: k.id,
      kind: k.kind,
      status: k.status,
      user_id: k.user_id,
      username: users.username,
      first_name: users.first_name,
      last_name: users.last_name,
      region: comunidades.region,
      socio: memberKey,
      nombres: socios.nombres,
      paterno: socios.apellido_paterno,
      materno: socios.apellido_materno,
      credito: k.credito,
      monto: k.monto,
      kilos: k.kilos,
      aportacion: k.aportacion,
      record_ref: k.record_ref,
      captured_at: k.captured_at,
      received_at: k.received_at,
      micros: receivedMicros,
      reviewed_at: k.reviewed_at,
      reviewer_first: reviewer.first_name,
      reviewer_last: reviewer.last_name,
      reviewer_username: reviewer.username,
      answer: sql<unknown>`case when ${refused} then ${k.answer} end`,
      discarded_at: k.discarded_at,
      discard_reason: k.discard_reason,
      replacement_id: replacement.id,
      replacement_kind: replacement.kind,
      replacement_ref: replacement.record_ref,
      replaces_id: replaced.id,
    })
    .from(k)
    .innerJoin(users, eq(users.id, k.user_id))
    .leftJoin(promoterMember, eq(promoterMember.clave_socio, users.clave_socio))
    .leftJoin(comunidades, eq(comunidades.id, promoterMember.comunidad))
    .leftJoin(contratos, and(isNull(k.socio), eq(contratos.id, k.credito)))
    .leftJoin(socios, sql`${socios.clave_socio} = ${memberKey}`)
    .leftJoin(reviewer, eq(reviewer.id, k.reviewed_by))
    .leftJoin(replacement, and(refused, sql`${replacement.id} = ${replacementOf}`))
    .leftJoin(
      replaced,
      and(
        isNotNull(k.replaces_key),
        eq(replaced.user_id, k.user_id),
        eq(replaced.key, k.replaces_key),
      ),
    )
    .where(and(...where))
    .orderBy(desc(k.received_at), desc(k.id));
  const rows = page.limit === null ? await query : await query.limit(page.limit + 1);
  const more = page.limit !== null && rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit ?? rows.length) : rows;
  const last = shown.at(-1);

  const results = shown.map((r): InboxRow => {
    const capturedAt = r.captured_at?.toISOString() ?? null;
    const isRefused = r.status >= 400;
    return {
      id: r.id,
      kind: r.kind,
      status: r.status,
      user_id: r.user_id,
      promotor: fullName(r.first_name, r.last_name) || r.username,
      region: r.region ?? null,
      clave_socio: r.socio ?? null,
      nombre_socio: r.nombres ? fullName(r.nombres, r.paterno, r.materno) : null,
      credito: r.credito,
      monto: r.monto,
      kilos: r.kilos,
      aportacion: r.aportacion,
      record_ref: r.record_ref,
      capturado_en: capturedAt,
      recibido_en: r.received_at.toISOString(),
      retraso_min: r.captured_at
        ? Math.max(0, Math.round((r.received_at.getTime() - r.captured_at.getTime()) / 60_000))
        : null,
      revisado_en: r.reviewed_at?.toISOString() ?? null,
      revisado_por: r.reviewed_at
        ? fullName(r.reviewer_first, r.reviewer_last) || r.reviewer_username
        : null,
      rechazo: isRefused
        ? {
            motivo: rejectionReason(r.answer, options.translate, options.fieldLabel),
            desenlace:
              r.replacement_id !== null ? 'corrected' : r.discarded_at ? 'discarded' : 'on_phone',
            reemplazo:
              r.replacement_id !== null && r.replacement_kind !== null
                ? { id: r.replacement_id, kind: r.replacement_kind, record_ref: r.replacement_ref }
                : null,
            descartado_en: r.discarded_at?.toISOString() ?? null,
            motivo_descarte: r.discard_reason ? options.discardLabel(r.discard_reason) : null,
          }
        : null,
      reemplaza: r.replaces_id,
    };
  });
  return {
    results,
    next: more && last ? encodeInboxCursor({ micros: BigInt(last.micros), id: last.id }) : null,
  };
}

/** Field writes the office has not marked reviewed yet. */
export async function unreviewedCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(k)
    .where(and(inArray(k.kind, [...FIELD_KINDS]), isNull(k.reviewed_at)));
  return row?.n ?? 0;
}

/** Mark rows reviewed (by id, or every row of a filter); answers how many were newly marked. */
export async function markReviewed(
  tx: Db,
  target: { ids: number[] } | { filter: InboxFilter },
  by: number,
  at: Date,
  timezone: string,
): Promise<number> {
  const where =
    'ids' in target
      ? [inArray(k.kind, [...FIELD_KINDS]), inArray(k.id, target.ids)]
      : inboxConditions(target.filter, timezone);
  const marked = await tx
    .update(k)
    .set({ reviewed_at: at, reviewed_by: by })
    .where(and(...where, isNull(k.reviewed_at)))
    .returning({ id: k.id });
  return marked.length;
}

/** Discards a phone reported: kept on the refused key row they name (the caller's own). */
export async function recordDiscards(
  tx: Db,
  userId: number,
  discards: readonly { key: string; reason: string; at: string }[],
): Promise<void> {
  for (const d of discards) {
    await tx
      .update(k)
      .set({ discarded_at: new Date(d.at), discard_reason: d.reason })
      .where(
        and(
          eq(k.user_id, userId),
          eq(k.key, d.key),
          refused,
          or(isNull(k.discarded_at), lt(k.discarded_at, new Date(d.at))),
        ),
      );
  }
}
