/**
 * The delta pull (ARCHITECTURE.md "How data flows" 4): the changed rows of every registered
 * table in ONE order by row_version, a page at a time, with an opaque cursor.
 *
 * The cursor carries the last row_version served and a hash of the caller's scope (role,
 * region, member) and of the registered tables. When that hash no longer matches — the
 * promoter moved region, a table was added or changed shape — or the cursor cannot be read,
 * the answer says `reset: true` and starts again from 0: the phone drops its replica (never
 * its outbox) and takes this page as the start of a full pull.
 */
import { createHash } from 'node:crypto';
import type { PullAnswer } from '#domain/sync-protocol';
import type { Db } from '#server/db/client';
import { replicatedTables, type ChangedRow, type PullScope } from './registry.ts';

const CURSOR_RE = /^v1\.(\d{1,15})\.([0-9a-f]{16})$/;

/** What a cursor must match: the caller's scope and the set (and shapes) of tables. */
export function scopeHash(scope: PullScope): string {
  const tables = replicatedTables().map((t) => `${t.name}@${t.shapeVersion ?? 1}`);
  const text = JSON.stringify([scope.role, scope.region, scope.clave_socio, tables]);
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export function encodeCursor(version: number, hash: string): string {
  return `v1.${version}.${hash}`;
}

export function decodeCursor(cursor: string): { version: number; hash: string } | null {
  const match = CURSOR_RE.exec(cursor);
  if (!match) return null;
  const version = Number(match[1]);
  return Number.isSafeInteger(version) ? { version, hash: match[2]! } : null;
}

/**
 * One page of changes after `cursor` (undefined or '' = from the start). Every table is read
 * in ONE repeatable-read snapshot: read one by one in separate snapshots, a write committing
 * between two reads could show its later row and hide its earlier one, and the cursor would
 * pass over the hidden one for good.
 */
export async function pullPage(
  db: Db,
  scope: PullScope,
  cursor: string | undefined,
  limit: number,
): Promise<PullAnswer> {
  const hash = scopeHash(scope);
  const given = cursor ? decodeCursor(cursor) : null;
  const reset = Boolean(cursor) && given?.hash !== hash;
  const after = !reset && given ? given.version : 0;

  const perTable = await db.transaction(
    (tx) =>
      Promise.all(
        replicatedTables().map(async (table) => ({
          name: table.name,
          // One more than a page: tells whether anything remains past the cut.
          rows: await table.fetchChanges(tx, scope, after, limit + 1),
        })),
      ),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const merged: { name: string; change: ChangedRow }[] = perTable
    .flatMap(({ name, rows }) => rows.map((change) => ({ name, change })))
    .sort((a, b) => a.change.version - b.change.version);
  // Correct cut: a table with more than `limit` rows after the cursor only stops at a version
  // beyond the limit-th smallest overall, so nothing below the cut is missing from `merged`.
  const page = merged.slice(0, limit);
  const changes: Record<string, unknown[]> = {};
  for (const { name, change } of page) (changes[name] ??= []).push(change.row);
  const last = page.at(-1)?.change.version ?? after;
  return { cursor: encodeCursor(last, hash), hasMore: merged.length > limit, reset, changes };
}
