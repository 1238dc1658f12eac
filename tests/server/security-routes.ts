/**
 * What the security tests read from the server itself: its route table (Fastify's own
 * `printRoutes`, so a route added anywhere shows up here without anyone listing it) and a
 * fingerprint of every table (row count and newest row version per table) that any insert,
 * update or delete changes.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { TestApp } from '#tests/helpers/server-app';

/**
 * Every API route as "METHOD /path" (`:param` kept), HEAD and OPTIONS left out (Fastify adds
 * HEAD to each GET). Parsed from the route tree: each level is indented four characters and
 * names the part of the path after its parent's.
 */
export function apiRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? prefixes[depth - 1]! : '') + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method === '' || method === 'HEAD' || method === 'OPTIONS') continue;
      // The parse must name real routes: a misread tree fails here, not silently.
      if (!app.hasRoute({ method: method as HTTPMethods, url: path }))
        throw new Error(`route table misread: ${method} ${path}`);
      if (path === '/api' || path.startsWith('/api/')) routes.push(`${method} ${path}`);
    }
  }
  return [...new Set(routes)].sort();
}

/** Tables a rejected request may still touch: the caller's last contact time. */
const BOOKKEEPING = new Set(['user_contacts']);

/**
 * Row count and highest transaction id (xmin) of every table: an insert, update or delete
 * anywhere changes it. Compare two fingerprints to prove nothing was written.
 */
export async function dbFingerprint(t: TestApp): Promise<Record<string, string>> {
  const listed = await t.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = (listed as unknown as { rows: { tablename: string }[] }).rows
    .map((r) => r.tablename)
    .filter((name) => !BOOKKEEPING.has(name));
  const union = sql.join(
    tables.map(
      (name) =>
        sql`select ${name}::text as name, count(*)::text || '/' || coalesce(max(xmin::text::bigint), 0)::text as mark from ${sql.identifier(name)}`,
    ),
    sql` union all `,
  );
  const result = await t.db.execute(union);
  const rows = (result as unknown as { rows: { name: string; mark: string }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.name, r.mark]));
}

export { isFieldErrorBody } from './members-helpers.ts';

/** Whether an answer body is `{detail}` (401/403/404), optionally with a `code` (409). */
export function isDetailBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body).sort();
  const detail = (body as { detail?: unknown }).detail;
  return (
    typeof detail === 'string' &&
    detail !== '' &&
    (keys.join() === 'detail' || keys.join() === 'code,detail')
  );
}
