/**
 * What is still in the field: each phone reports its queue on every sync
 * (`POST /api/sync/queue-report/`: counts by kind and state, oldest capture, oldest refusal,
 * and the discards it made with their reasons — never a record's contents); the office reads,
 * per user, its last contact and what its phones still hold, flagged when silent or holding a
 * refusal for longer than the configured days.
 */
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { FieldPhonesAnswer, QueueReport } from '#domain/field-inbox';
import type { Role } from '#domain/roles';
import type { Db } from '#server/db/client';
import { comunidades, fieldQueueReports, socios, userContacts, users } from '#server/db/schema';
import { recordDiscards } from './field-inbox.ts';

const DAY_MS = 86_400_000;
/** Who carries a queue: whoever writes from a phone. */
const WRITERS: Role[] = ['PR', 'CO', 'GE'];

/** Keep the caller's report for this device (the latest replaces the one before). */
export async function storeQueueReport(
  tx: Db,
  userId: number,
  report: QueueReport,
  at: Date,
): Promise<void> {
  const values = {
    reported_at: at,
    counts: report.counts,
    oldest_captured_at: report.oldest_captured_at ? new Date(report.oldest_captured_at) : null,
    oldest_refused_at: report.oldest_refused_at ? new Date(report.oldest_refused_at) : null,
  };
  await tx
    .insert(fieldQueueReports)
    .values({ user_id: userId, device: report.device, ...values })
    .onConflictDoUpdate({
      target: [fieldQueueReports.user_id, fieldQueueReports.device],
      set: values,
    });
  await recordDiscards(tx, userId, report.discarded);
}

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));

export async function fieldPhones(
  db: Db,
  options: { silentDays: number; refusedDays: number; now?: Date },
): Promise<FieldPhonesAnswer> {
  const now = options.now ?? new Date();
  const people = await db
    .select({
      id: users.id,
      username: users.username,
      first_name: users.first_name,
      last_name: users.last_name,
      region: comunidades.region,
      last_seen_at: userContacts.last_seen_at,
    })
    .from(users)
    .leftJoin(userContacts, eq(userContacts.user_id, users.id))
    .leftJoin(socios, eq(users.clave_socio, socios.clave_socio))
    .leftJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(
      and(
        inArray(users.role, WRITERS),
        or(
          isNotNull(userContacts.user_id),
          sql`exists (select 1 from ${fieldQueueReports} where ${fieldQueueReports.user_id} = ${users.id})`,
        ),
      ),
    );
  const reports = await db.select().from(fieldQueueReports);
  const telefonos = people.map((p) => {
    const own = reports.filter((r) => r.user_id === p.id);
    const counts = new Map<string, { kind: string; state: string; count: number }>();
    let lastReport: Date | null = null;
    let oldestCapture: Date | null = null;
    let oldestRefusal: Date | null = null;
    for (const r of own) {
      if (!lastReport || r.reported_at > lastReport) lastReport = r.reported_at;
      oldestCapture = earliest(oldestCapture, r.oldest_captured_at);
      oldestRefusal = earliest(oldestRefusal, r.oldest_refused_at);
      for (const c of r.counts) {
        const key = `${c.kind}|${c.state}`;
        const entry = counts.get(key) ?? { kind: c.kind, state: c.state, count: 0 };
        entry.count += c.count;
        counts.set(key, entry);
      }
    }
    const lastContact = p.last_seen_at;
    return {
      user_id: p.id,
      promotor: `${p.first_name} ${p.last_name}`.trim() || p.username,
      region: p.region ?? null,
      ultimo_contacto: lastContact?.toISOString() ?? null,
      ultimo_reporte: lastReport?.toISOString() ?? null,
      cola: [...counts.values()].sort(
        (a, b) => a.kind.localeCompare(b.kind) || a.state.localeCompare(b.state),
      ),
      captura_mas_antigua: oldestCapture?.toISOString() ?? null,
      rechazo_mas_antiguo: oldestRefusal?.toISOString() ?? null,
      silencioso:
        lastContact === null || now.getTime() - lastContact.getTime() > options.silentDays * DAY_MS,
      rechazos_viejos:
        oldestRefusal !== null &&
        now.getTime() - oldestRefusal.getTime() > options.refusedDays * DAY_MS,
    };
  });
  const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);
  telefonos.sort(
    (a, b) =>
      time(b.ultimo_contacto) - time(a.ultimo_contacto) || a.promotor.localeCompare(b.promotor),
  );
  return {
    dias_silencio: options.silentDays,
    dias_rechazo: options.refusedDays,
    telefonos,
  };
}
