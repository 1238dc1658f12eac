/**
 * The pull (docs/sync-protocol.md#pull): page `GET /api/sync/pull/?cursor=&limit=` until `hasMore`
 * is false. Each page is written in ONE Dexie transaction together with its cursor, so a pull cut
 * anywhere resumes from the last whole page. `reset: true` drops the replica (never the
 * outbox). A pulled row never overwrites a local record that still waits for the server: it is
 * held back in meta and used only if that local change is discarded. Rows the server removed
 * from the user's scope leave the replica first (`removals.ts`).
 */
import { z } from 'zod';
import { builtOnce } from '#domain/built-once';
import type { PullAnswer } from '#domain/sync-protocol';
import { CLIENT_SCHEMA_HEADER, CLIENT_SCHEMA_VERSION, PULL_DEFAULT_LIMIT } from '#domain/sync-wire';
import type { AppDatabase } from '#db/database';
import { REPLICA_TABLES, replicaTableForServer } from '#db/replica-tables';
import type { ReplicaTableName } from '#db/replica-rows';
import type { WireRow } from '#db/stored-rows';
import { rawRequest, type FetchLike, type RawAnswer } from '#api/raw-request';
import { isNetworkError } from '#api/errors';
import { parseRetryAfter } from './backoff';
import { SHADOW_PREFIX, type ShadowValue } from './commands';
import { notDoneRows } from './outbox-rules';
import { applyRemovals, dropStaleMarks, isProtected, liveWrites } from './removals';
import type { PullProgress } from './types';

export const PULL_CURSOR_KEY = 'pull.cursor';
export const LAST_PULL_KEY = 'pull.lastAt';
/**
 * A full pull under way (FirstPull): kept with each page so a pull cut off or a reload goes on
 * counting from where it was, with its total and its complete tables, instead of starting at 0.
 */
export const FIRST_PULL_KEY = 'pull.first';

/** What a full pull under way has brought so far (`meta`, FIRST_PULL_KEY). */
export interface FirstPull {
  rows: number;
  bytes: number;
  total?: number;
  ready?: ReplicaTableName[];
}

function firstPullOf(value: unknown): FirstPull | null {
  if (!value || typeof value !== 'object') return null;
  const { rows, bytes, total, ready } = value as Record<string, unknown>;
  if (typeof rows !== 'number' || typeof bytes !== 'number') return null;
  return {
    rows,
    bytes,
    ...(typeof total === 'number' ? { total } : {}),
    ...(Array.isArray(ready) ? { ready: readyTables(ready) } : {}),
  };
}

/** The replica tables among a page's complete ones (a table this version lacks is left out). */
function readyTables(names: readonly unknown[]): ReplicaTableName[] {
  return REPLICA_TABLES.filter((def) => names.includes(def.server)).map((def) => def.table);
}

// Built at the first pull: an offline start never needs it.
const pullAnswerSchema = builtOnce(
  () =>
    z.object({
      cursor: z.string(),
      hasMore: z.boolean(),
      reset: z.boolean(),
      changes: z.record(z.string(), z.array(z.unknown())),
      // Absent from a server older than removals: nothing removed.
      removed: z.record(z.string(), z.array(z.union([z.number().int(), z.string()]))).default({}),
      total: z.number().int().nonnegative().optional(),
      ready: z.array(z.string()).optional(),
    }) satisfies z.ZodType<PullAnswer>,
);

export interface PullContext {
  db: AppDatabase;
  fetch?: FetchLike;
  now(): number;
  getAccessToken(): string | null;
  refresh(): Promise<boolean>;
  limit?: number;
  timeoutMs?: number;
  onProgress?(progress: PullProgress): void;
}

export type PullResult =
  | { ok: true; rows: number; pages: number; bytes: number }
  | { ok: false; reason: 'network' | 'login' | 'update' | 'server' }
  | { ok: false; reason: 'busy'; waitMs: number };

function isKey(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

/** A pulled row: a JSON object with its key field (anything else is skipped). */
function isWireRow(value: unknown, key: string): value is WireRow {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return isKey(Object.getOwnPropertyDescriptor(value, key)?.value);
}

function keyOf(row: WireRow, key: string): string | number {
  const value = row[key];
  return isKey(value) ? value : String(value);
}

/**
 * Write one page (and its cursor) atomically. Returns the number of rows written. `first`, during
 * a full pull, is what it has brought with this page included (kept with the cursor); null drops
 * it (the pull is over).
 */
export async function applyPullPage(
  db: AppDatabase,
  page: PullAnswer,
  first?: (written: number) => FirstPull | null,
): Promise<number> {
  const tables = [...REPLICA_TABLES.map((d) => d.table), 'meta', 'outbox'];
  let written = 0;
  await db.transaction('rw', tables, async () => {
    const live = liveWrites(await notDoneRows(db));
    if (page.reset) {
      for (const def of REPLICA_TABLES) {
        await db
          .wire(def.table)
          .filter((row) => !isProtected(row, live))
          .delete();
      }
      await db.meta.where('key').startsWith(SHADOW_PREFIX).delete();
    }
    // Removals first: a row that came back after leaving is among the changes, later.
    await applyRemovals(db, page.removed, live);
    await dropStaleMarks(db, live);
    for (const [server, rows] of Object.entries(page.changes)) {
      const def = replicaTableForServer(server);
      if (!def) continue; // a table this app version does not replicate yet
      const table = db.wire(def.table);
      const incoming = rows.filter((r): r is WireRow => isWireRow(r, def.key));
      const existing = await table.bulkGet(incoming.map((r) => keyOf(r, def.key)));
      const writable: WireRow[] = [];
      for (const [i, row] of incoming.entries()) {
        const local = existing[i];
        if (isProtected(local, live)) {
          const key = keyOf(row, def.key);
          const shadow: ShadowValue = {
            table: def.table,
            key,
            localId: local?._localId ?? null,
            row,
          };
          await db.meta.put({ key: `${SHADOW_PREFIX}${def.table}|${String(key)}`, value: shadow });
        } else {
          writable.push(row);
        }
      }
      await table.bulkPut(writable);
      written += writable.length;
    }
    await db.meta.put({ key: PULL_CURSOR_KEY, value: page.cursor });
    if (first) {
      const state = first(written);
      if (state) await db.meta.put({ key: FIRST_PULL_KEY, value: state });
      else await db.meta.delete(FIRST_PULL_KEY);
    }
  });
  return written;
}

/**
 * The first page of a full pull is small: its rows reach the screens (and the progress line)
 * within a second or two instead of after the whole first 2000; later pages are
 * full size so the whole download does not take more round trips than it must.
 */
export const PULL_FIRST_PAGE_LIMIT = 300;

async function fetchPage(
  ctx: PullContext,
  cursor: string | null,
  onBytes: (received: number) => void,
): Promise<RawAnswer> {
  const limit = ctx.limit ?? (cursor === null ? PULL_FIRST_PAGE_LIMIT : PULL_DEFAULT_LIMIT);
  return rawRequest({
    method: 'GET',
    path: 'sync/pull/',
    searchParams: { cursor: cursor ?? '', limit },
    onBytes,
    bearer: ctx.getAccessToken(),
    headers: { [CLIENT_SCHEMA_HEADER]: String(CLIENT_SCHEMA_VERSION) },
    fetch: ctx.fetch,
    timeoutMs: ctx.timeoutMs,
  });
}

/** A page's request, settled either way: a page asked for ahead is awaited only later. */
type Fetched = { answer: RawAnswer } | { error: unknown };

/**
 * Pull every page since the stored cursor. The next page is asked for as soon as a page's
 * answer is read, while that page is written: the link and the server work while the phone
 * writes its copy, instead of one after the other (on 3G the waits added up to as much as the
 * bytes). Pages are still written one at a time, in order, each with its cursor.
 */
export async function runPull(ctx: PullContext): Promise<PullResult> {
  const { db } = ctx;
  const stored = await db.meta.get(PULL_CURSOR_KEY);
  let cursor = typeof stored?.value === 'string' ? stored.value : null;
  // A full pull cut off earlier goes on with its counts (and stays a first download).
  const resumed = cursor === null ? null : firstPullOf((await db.meta.get(FIRST_PULL_KEY))?.value);
  const progress: PullProgress = {
    rows: resumed?.rows ?? 0,
    bytes: resumed?.bytes ?? 0,
    pages: 0,
    done: false,
    initial: cursor === null || resumed !== null,
    ...(resumed?.total === undefined ? {} : { total: resumed.total }),
    ...(resumed?.ready === undefined ? {} : { ready: resumed.ready }),
  };
  ctx.onProgress?.({ ...progress });
  // Bytes of the page on its way, not yet in `progress` (the KB count moves while it arrives).
  let arriving = 0;
  const shown = (): PullProgress => ({ ...progress, bytes: progress.bytes + arriving });
  const request = (from: string | null): Promise<Fetched> =>
    fetchPage(ctx, from, (received) => {
      arriving = received;
      ctx.onProgress?.(shown());
    }).then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error }),
    );
  let ahead: Promise<Fetched> | null = null;
  let refreshed = false;
  for (;;) {
    const fetched = await (ahead ?? request(cursor));
    ahead = null;
    if ('error' in fetched) {
      if (isNetworkError(fetched.error)) return { ok: false, reason: 'network' };
      throw fetched.error;
    }
    const { answer } = fetched;
    arriving = 0;
    if (answer.status === 401 && !refreshed) {
      refreshed = true;
      if (await ctx.refresh().catch(() => false)) continue;
    }
    if (answer.status === 401) return { ok: false, reason: 'login' };
    if (answer.status === 426) return { ok: false, reason: 'update' };
    if (answer.status === 429 || answer.status === 503) {
      return {
        ok: false,
        reason: 'busy',
        waitMs: parseRetryAfter(answer.headers.get('Retry-After'), ctx.now()) ?? 30_000,
      };
    }
    const parsed = pullAnswerSchema().safeParse(answer.body);
    if (answer.status < 200 || answer.status >= 300 || !parsed.success)
      return { ok: false, reason: 'server' };
    const page = parsed.data;
    if (page.reset) {
      progress.initial = true;
      progress.rows = 0;
      progress.bytes = 0;
      delete progress.total;
      delete progress.ready;
    }
    if (page.total !== undefined) progress.total = page.total;
    if (page.ready !== undefined) progress.ready = readyTables(page.ready);
    progress.bytes += answer.bytes;
    const { rows, bytes, total, ready } = progress;
    const first = (written: number): FirstPull | null =>
      page.hasMore
        ? {
            rows: rows + written,
            bytes,
            ...(total === undefined ? {} : { total }),
            ...(ready === undefined ? {} : { ready }),
          }
        : null;
    // The next page travels while this one is written (a failure to write drops it unread).
    if (page.hasMore) ahead = request(page.cursor);
    progress.rows += await applyPullPage(db, page, progress.initial ? first : undefined);
    progress.pages += 1;
    cursor = page.cursor;
    if (!page.hasMore) break;
    // Each page is on the phone (its screens show it) before the next is written.
    ctx.onProgress?.(shown());
  }
  await db.meta.put({ key: LAST_PULL_KEY, value: new Date(ctx.now()).toISOString() });
  ctx.onProgress?.({ ...progress, done: true });
  return { ok: true, rows: progress.rows, pages: progress.pages, bytes: progress.bytes };
}
