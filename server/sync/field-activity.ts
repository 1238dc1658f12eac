/**
 * The office view of field queues (`GET /api/sync/field-activity/`): what arrived from each
 * user, built from the idempotency rows (every phone write carries a key) and the users' last
 * contact. Days are the cooperative's calendar days (config.timezone).
 */
import { and, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { currentWriteKind } from '#domain/command-kinds';
import { addDays, todayIn } from '#domain/dates';
import { STAFF, type Role } from '#domain/roles';
import type {
  FieldActivityAnswer,
  FieldActivityItem,
  FieldActivityUser,
} from '#domain/sync-protocol';
import type { Db } from '#server/db/client';
import { comunidades, idempotencyKeys, socios, userContacts, users } from '#server/db/schema';
import { storedAnswer } from './idempotency.ts';

export const RECENT_ITEMS = 20;
const WEEK_DAYS = 7;

/** Turns an encoded message into the viewer's language. */
export type TranslateMessage = (text: string) => string;

/**
 * A stored rejection body → one readable sentence ("Campo: mensaje · mensaje"). `fieldLabel`
 * names a field in the reader's words (null: the message alone, never the raw field name).
 */
export function rejectionReason(
  stored: unknown,
  translate: TranslateMessage,
  fieldLabel?: (field: string) => string | null,
): string {
  const answer = storedAnswer(stored);
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return '';
  const body = answer as Record<string, unknown>;
  if (typeof body.detail === 'string') return translate(body.detail);
  const parts: string[] = [];
  for (const [field, messages] of Object.entries(body)) {
    if (!Array.isArray(messages)) continue;
    const text = messages
      .filter((m): m is string => typeof m === 'string')
      .map(translate)
      .join('; ');
    const label = field === 'non_field_errors' ? null : fieldLabel ? fieldLabel(field) : field;
    parts.push(label === null ? text : `${label}: ${text}`);
  }
  return parts.join(' · ');
}

interface KeyRow {
  user_id: number;
  kind: string;
  status: number;
  captured_at: Date | null;
  received_at: Date;
  record_ref: string | null;
  answer: unknown;
}

function item(row: KeyRow, translate: TranslateMessage | null): FieldActivityItem {
  return {
    kind: currentWriteKind(row.kind),
    record_ref: row.record_ref,
    status: row.status,
    captured_at: row.captured_at?.toISOString() ?? null,
    received_at: row.received_at.toISOString(),
    reason: translate ? rejectionReason(row.answer, translate) : null,
  };
}

const accepted = and(gte(idempotencyKeys.status, 200), lt(idempotencyKeys.status, 300));

export async function fieldActivity(
  db: Db,
  options: { timezone: string; translate: TranslateMessage; now?: Date },
): Promise<FieldActivityAnswer> {
  const now = options.now ?? new Date();
  const today = todayIn(options.timezone, now);
  const weekStart = addDays(today, -(WEEK_DAYS - 1));
  // A day more than a week back in instants covers seven calendar days in any time zone.
  const since = new Date(now.getTime() - (WEEK_DAYS + 1) * 86_400_000);

  const people = await db
    .select({
      id: users.id,
      username: users.username,
      first_name: users.first_name,
      last_name: users.last_name,
      role: users.role,
      region: comunidades.region,
      last_seen_at: userContacts.last_seen_at,
    })
    .from(users)
    .leftJoin(userContacts, eq(userContacts.user_id, users.id))
    .leftJoin(socios, eq(users.clave_socio, socios.clave_socio))
    .leftJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(
      and(
        inArray(users.role, STAFF as Role[]),
        or(
          isNotNull(userContacts.user_id),
          sql`exists (select 1 from ${idempotencyKeys} where ${idempotencyKeys.user_id} = ${users.id})`,
        ),
      ),
    );
  if (people.length === 0) return { generated_at: now.toISOString(), users: [] };
  const ids = people.map((p) => p.id);

  const columns = {
    user_id: idempotencyKeys.user_id,
    kind: idempotencyKeys.kind,
    status: idempotencyKeys.status,
    captured_at: idempotencyKeys.captured_at,
    received_at: idempotencyKeys.received_at,
    record_ref: idempotencyKeys.record_ref,
  };
  const lastWeek: KeyRow[] = await db
    .select({
      ...columns,
      // Only a rejection's body is needed (its reason); an accepted answer may be large.
      answer: sql<unknown>`case when ${idempotencyKeys.status} >= 400 then ${idempotencyKeys.answer} end`,
    })
    .from(idempotencyKeys)
    .where(and(inArray(idempotencyKeys.user_id, ids), gte(idempotencyKeys.received_at, since)))
    .orderBy(desc(idempotencyKeys.received_at), desc(idempotencyKeys.id));

  const ranked = db.$with('ranked').as(
    db
      .select({
        ...columns,
        rank: sql<number>`row_number() over (partition by ${idempotencyKeys.user_id} order by ${idempotencyKeys.received_at} desc, ${idempotencyKeys.id} desc)`.as(
          'rank',
        ),
      })
      .from(idempotencyKeys)
      .where(and(inArray(idempotencyKeys.user_id, ids), accepted)),
  );
  const latest = await db
    .with(ranked)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, RECENT_ITEMS))
    .orderBy(desc(ranked.received_at), ranked.rank);

  const byUser = new Map<number, FieldActivityUser>();
  for (const p of people) {
    byUser.set(p.id, {
      user_id: p.id,
      username: p.username,
      name: `${p.first_name} ${p.last_name}`.trim() || p.username,
      role: p.role,
      region: p.region ?? null,
      last_contact: p.last_seen_at?.toISOString() ?? null,
      today: {},
      week: {},
      recent: [],
      rejected: [],
    });
  }
  for (const row of lastWeek) {
    const entry = byUser.get(row.user_id);
    const day = todayIn(options.timezone, row.received_at);
    if (!entry || day < weekStart) continue;
    if (row.status >= 200 && row.status < 300) {
      const kind = currentWriteKind(row.kind);
      entry.week[kind] = (entry.week[kind] ?? 0) + 1;
      if (day === today) entry.today[kind] = (entry.today[kind] ?? 0) + 1;
    } else if (row.status >= 400 && row.status < 500) {
      entry.rejected.push(item(row, options.translate));
    }
  }
  for (const row of latest) {
    byUser.get(row.user_id)?.recent.push(item({ ...row, answer: null }, null));
  }

  const time = (u: FieldActivityUser) => (u.last_contact ? Date.parse(u.last_contact) : 0);
  const list = [...byUser.values()].sort(
    (a, b) => time(b) - time(a) || a.username.localeCompare(b.username),
  );
  return { generated_at: now.toISOString(), users: list };
}
