/**
 * The delta pull (docs/sync-protocol.md#pull): the changed rows of every registered
 * table in ONE order by row_version, a page at a time, with an opaque cursor.
 *
 * The cursor carries the last row_version served and a hash of the caller's scope (role,
 * region, member) and of the registered tables. When that hash no longer matches — the
 * promoter moved region, a table was added or changed shape — or the cursor cannot be read,
 * the answer says `reset: true` and starts again from 0: the phone drops its replica (never
 * its outbox) and takes this page as the start of a full pull. So does a cursor older than
 * the purged part of the removal log (a phone silent for the whole retention period).
 *
 * Rows that left the caller's scope or were deleted come as `removed` (table → keys), from the
 * `sync_removals` log, in the same order of versions: the phone drops them before it writes the
 * page's rows (a row that came back after leaving has a higher version than its removal).
 */
import { createHash } from 'node:crypto';
import { PULL_PAGE_BYTES, type PullAnswer } from '#domain/sync-protocol';
import type { Db } from '#server/db/client';
import { replicatedTables, type ChangedRow, type PullScope } from './registry.ts';
import {
  fetchRemovalVersions,
  fetchRemovals,
  removalHorizon,
  visibleRemovals,
} from './removals.ts';

/**
 * `v1.<version>.<scope hash>[.<horizon>]`: the horizon is the removal log's purge horizon when
 * the cursor was issued (omitted while nothing was ever purged).
 */
const CURSOR_RE = /^v1\.(\d{1,15})\.([0-9a-f]{16})(?:\.(\d{1,15}))?$/;

/** Counting a full pull's rows stops here (a count, not a page: versions only, no rows). */
const TOTAL_COUNT_CAP = 10_000_000;

/** What a cursor must match: the caller's scope and the set (and shapes) of tables. */
export function scopeHash(scope: PullScope): string {
  const tables = replicatedTables().map((t) => `${t.name}@${t.shapeVersion ?? 1}`);
  // A translator pulls drafts that others do not: granting or withdrawing the flag resets.
  const text = JSON.stringify([
    scope.role,
    scope.region,
    scope.clave_socio,
    scope.translator,
    tables,
  ]);
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export function encodeCursor(version: number, hash: string, horizon = 0): string {
  return horizon > 0 ? `v1.${version}.${hash}.${horizon}` : `v1.${version}.${hash}`;
}

export function decodeCursor(
  cursor: string,
): { version: number; hash: string; horizon: number } | null {
  const match = CURSOR_RE.exec(cursor);
  if (!match) return null;
  const version = Number(match[1]);
  const horizon = Number(match[3] ?? 0);
  return Number.isSafeInteger(version) && Number.isSafeInteger(horizon)
    ? { version, hash: match[2]!, horizon }
    : null;
}

/**
 * Whether `given` may have missed a purged removal: it is older than the horizon AND was
 * issued before the horizon moved there. (A full pull that began after the purge walks
 * versions below the horizon too, but its snapshot already reflects every purged removal.)
 */
function missedPurge(given: { version: number; horizon: number }, horizon: number): boolean {
  return given.version < horizon && given.horizon < horizon;
}

/** Bytes a removal takes in a page (its key and the JSON around it). */
const REMOVAL_BYTES = 12;

/**
 * The version at which a page passes `pageBytes` of JSON (its rows and removals in version
 * order; the row that passes it is the page's last, so a page is never empty), or null when
 * the whole page fits.
 */
function cutByBytes(
  rows: readonly { change: ChangedRow }[],
  removals: readonly { version: number }[],
  pageBytes: number,
): number | null {
  let bytes = 0;
  let r = 0;
  let k = 0;
  while (r < rows.length || k < removals.length) {
    const row = rows[r];
    const removal = removals[k];
    const takeRow =
      row !== undefined && (removal === undefined || row.change.version < removal.version);
    let version: number;
    if (takeRow) {
      version = row.change.version;
      bytes += Buffer.byteLength(JSON.stringify(row.change.row)) + 1;
      r += 1;
    } else {
      version = removal!.version;
      bytes += REMOVAL_BYTES;
      k += 1;
    }
    const more = r < rows.length || k < removals.length;
    if (bytes >= pageBytes && more) return version;
  }
  return null;
}

/**
 * One page of changes after `cursor` (undefined or '' = from the start). Every table is read
 * in ONE repeatable-read snapshot: read one by one in separate snapshots, a write committing
 * between two reads could show its later row and hide its earlier one, and the cursor would
 * pass over the hidden one for good.
 *
 * Two steps, so that no row is built only to be dropped. First the page's cut, from row
 * versions alone (the row_version index): the `limit + 1` lowest versions after the cursor
 * over all tables — each table asked only for versions below the lowest `limit + 1` found so
 * far, so a table whose changes all come later answers nothing. The cut is the `limit`-th of
 * them (the one more says whether anything remains). Then the full rows up to the cut, from
 * the tables that have any. Building rows is the cost (contracts compute their debt, requests
 * load their chat): reading a full page from every table and keeping one made a manager's
 * first pull of the large set three times as expensive.
 */
export async function pullPage(
  db: Db,
  scope: PullScope,
  cursor: string | undefined,
  limit: number,
  pageBytes: number = PULL_PAGE_BYTES,
): Promise<PullAnswer> {
  const hash = scopeHash(scope);
  const given = cursor ? decodeCursor(cursor) : null;
  const tables = replicatedTables();

  const visible = visibleRemovals(scope, tables);

  const { page, removals, hasMore, upTo, reset, horizon, total } = await db.transaction(
    async (tx) => {
      const horizon = await removalHorizon(tx);
      const reset = Boolean(cursor) && (given?.hash !== hash || missedPurge(given, horizon));
      const after = !reset && given ? given.version : 0;
      // One query at a time: a transaction is one connection (and PGlite one thread) anyway,
      // and each answer narrows the next question. The removal log takes part like a table.
      let lowest: number[] = [];
      const versionsBelowCut = async (
        fetch: (before: number | null) => Promise<number[]>,
      ): Promise<number | undefined> => {
        const versions = await fetch(lowest.length > limit ? lowest[limit]! : null);
        lowest = [...lowest, ...versions].sort((x, y) => x - y).slice(0, limit + 1);
        return versions[0];
      };
      const firstOf: (number | undefined)[] = [];
      for (const table of tables) {
        firstOf.push(
          await versionsBelowCut((before) =>
            table.fetchVersions(tx, scope, { after, before, limit: limit + 1 }),
          ),
        );
      }
      const firstRemoval = await versionsBelowCut((before) =>
        fetchRemovalVersions(tx, visible, { after, before, limit: limit + 1 }),
      );
      const countCut = lowest.length > limit;
      let cut = countCut ? lowest[limit - 1]! : (lowest.at(-1) ?? after);
      let rows: { name: string; change: ChangedRow }[] = [];
      for (const [i, table] of tables.entries()) {
        const first = firstOf[i];
        if (first === undefined || first > cut) continue;
        for (const change of await table.fetchChanges(tx, scope, { after, upTo: cut }))
          rows.push({ name: table.name, change });
      }
      rows.sort((x, y) => x.change.version - y.change.version);
      let removed =
        firstRemoval === undefined || firstRemoval > cut
          ? []
          : await fetchRemovals(tx, visible, { after, upTo: cut });
      // Cut by bytes too: a dropped connection then loses at most one page of bounded size.
      const byteCut = cutByBytes(rows, removed, pageBytes);
      if (byteCut !== null) {
        cut = byteCut;
        rows = rows.filter((r) => r.change.version <= cut);
        removed = removed.filter((r) => r.version <= cut);
      }
      const more = countCut || byteCut !== null;
      // A full pull's first page says how many rows the whole pull brings (versions only, from
      // the row_version index): the phone shows a percentage while the next pages come.
      let total: number | undefined;
      if (after === 0 && more) {
        total = 0;
        for (const table of tables)
          total += (
            await table.fetchVersions(tx, scope, {
              after: 0,
              before: null,
              limit: TOTAL_COUNT_CAP,
            })
          ).length;
      }
      return { page: rows, removals: removed, hasMore: more, upTo: cut, reset, horizon, total };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const changes: Record<string, unknown[]> = {};
  for (const { name, change } of page) (changes[name] ??= []).push(change.row);
  const removed: Record<string, (number | string)[]> = {};
  for (const { table, id } of removals) (removed[table] ??= []).push(id);
  // The cut, not the last row served: every version up to it has been looked at, even one a
  // table's versions counted but its rows did not (the page can never stall on it).
  return {
    cursor: encodeCursor(upTo, hash, horizon),
    hasMore,
    reset,
    changes,
    removed,
    ...(total === undefined ? {} : { total }),
  };
}
