/**
 * The pull (docs/sync-protocol.md#pull): the changed rows of every registered table, a page at a
 * time, with an opaque cursor.
 *
 * A delta pull walks every table in ONE order by row_version. A full pull (no cursor, or a
 * reset) first walks the tables one after another in the role's order (pull-order.ts), each up
 * to the highest version its first page saw: a table then arrives complete at one moment, and
 * every page says which tables are complete (`ready`), so the phone opens the screens that read
 * only those before the whole copy is there. Rows written meanwhile have higher versions: the
 * delta that follows the full walk brings them, and the removals among them.
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
import type { SQL } from 'drizzle-orm';
import { present } from '#domain/guards';
import { PULL_PAGE_BYTES, type PullAnswer } from '#domain/sync-protocol';
import type { Db } from '#server/db/client';
import { fullPullOrder } from './pull-order.ts';
import {
  replicatedTables,
  type ChangedRow,
  type PullScope,
  type ReplicatedTable,
} from './registry.ts';
import {
  fetchRemovalVersions,
  fetchRemovals,
  removalHorizon,
  visibleRemovals,
  type Removal,
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
  const [, versionText, hash, horizonText] = CURSOR_RE.exec(cursor) ?? [];
  if (versionText === undefined || hash === undefined) return null;
  const version = Number(versionText);
  const horizon = Number(horizonText ?? 0);
  return Number.isSafeInteger(version) && Number.isSafeInteger(horizon)
    ? { version, hash, horizon }
    : null;
}

/**
 * A full pull's cursor while it walks the tables: `f1.<top>.<table>.<version>.<hash>.<horizon>`
 * — the highest version the walk brings, the table it is in (by name: a new order of tables in
 * a later release goes on where it was) and the version reached in that table.
 */
const WALK_CURSOR_RE = /^f1\.(\d{1,15})\.([a-z_]{1,40})\.(\d{1,15})\.([0-9a-f]{16})\.(\d{1,15})$/;

interface Walk {
  top: number;
  table: string;
  after: number;
}

export function encodeWalkCursor(walk: Walk, hash: string, horizon: number): string {
  return `f1.${walk.top}.${walk.table}.${walk.after}.${hash}.${horizon}`;
}

export function decodeWalkCursor(
  cursor: string,
): (Walk & { hash: string; horizon: number }) | null {
  const [, topText, table, afterText, hash, horizonText] = WALK_CURSOR_RE.exec(cursor) ?? [];
  if (table === undefined || hash === undefined) return null;
  const [top, after, horizon] = [Number(topText), Number(afterText), Number(horizonText)];
  return [top, after, horizon].every(Number.isSafeInteger)
    ? { top, table, after, hash, horizon }
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
      version = present(removal, 'the next removal').version;
      bytes += REMOVAL_BYTES;
      k += 1;
    }
    const more = r < rows.length || k < removals.length;
    if (bytes >= pageBytes && more) return version;
  }
  return null;
}

/** The table changes of a page, each with the table it comes from. */
type PageRows = { name: string; change: ChangedRow }[];

/** One page of a delta: what the two steps below cut (see `pullPage`). */
async function deltaPage(
  tx: Db,
  scope: PullScope,
  tables: readonly ReplicatedTable[],
  visible: SQL,
  after: number,
  limit: number,
  pageBytes: number,
): Promise<{ rows: PageRows; removed: Removal[]; more: boolean; cut: number }> {
  // One query at a time: a transaction is one connection (and PGlite one thread) anyway,
  // and each answer narrows the next question. The removal log takes part like a table.
  let lowest: number[] = [];
  const versionsBelowCut = async (
    fetch: (before: number | null) => Promise<number[]>,
  ): Promise<number | undefined> => {
    const versions = await fetch(lowest[limit] ?? null);
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
  let cut = countCut ? present(lowest[limit - 1], 'the page cut') : (lowest.at(-1) ?? after);
  let rows: PageRows = [];
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
  return { rows, removed, more: countCut || byteCut !== null, cut };
}

/**
 * The start of a full pull's walk: how many rows it brings (versions only, from the row_version
 * index: the phone shows a percentage) and the highest version among them, where the walk stops
 * and the delta after it begins.
 */
async function startWalk(
  tx: Db,
  scope: PullScope,
  order: readonly ReplicatedTable[],
): Promise<{ total: number; top: number }> {
  let total = 0;
  let top = 0;
  for (const table of order) {
    const versions = await table.fetchVersions(tx, scope, {
      after: 0,
      before: null,
      limit: TOTAL_COUNT_CAP,
    });
    total += versions.length;
    top = Math.max(top, versions.at(-1) ?? 0);
  }
  return { total, top };
}

/**
 * Rows a walk builds at a time: it stops building once the page passes its bytes, so at most
 * this many rows are built and dropped (building them all and cutting after had built about
 * twice the rows a manager's first pull brings).
 */
const WALK_SLICE_ROWS = 500;

/**
 * One page of a full pull's walk: the tables in `order` from `walk.table` on, each up to
 * `walk.top`, filling the page from the next table when one runs out; cut by bytes like a delta
 * (the row that passes `pageBytes` is the page's last). Answers the rows and where the next page
 * goes on (`position` past the end: the walk is over).
 */
async function walkPage(
  tx: Db,
  scope: PullScope,
  order: readonly ReplicatedTable[],
  walk: { top: number; table: string; after: number },
  limit: number,
  pageBytes: number,
): Promise<{ rows: PageRows; position: number; after: number }> {
  const rows: PageRows = [];
  let position = Math.max(
    0,
    order.findIndex((t) => t.name === walk.table),
  );
  let after = walk.after;
  let room = limit;
  let bytes = 0;
  while (position < order.length && room > 0) {
    const table = order[position]!;
    const versions = await table.fetchVersions(tx, scope, {
      after,
      before: walk.top + 1,
      limit: room + 1,
    });
    const filled = versions.length > room;
    const taken = filled ? versions.slice(0, room) : versions;
    for (let from = 0; from < taken.length; from += WALK_SLICE_ROWS) {
      const last = Math.min(from + WALK_SLICE_ROWS, taken.length) - 1;
      // The table's last slice reaches the walk's top: nothing in it is left behind.
      const upTo = last === taken.length - 1 && !filled ? walk.top : taken[last]!;
      const sliceAfter = from === 0 ? after : taken[from - 1]!;
      for (const change of await table.fetchChanges(tx, scope, { after: sliceAfter, upTo })) {
        rows.push({ name: table.name, change });
        bytes += Buffer.byteLength(JSON.stringify(change.row)) + 1;
        const walkEnds =
          !filled && position === order.length - 1 && change.version === taken.at(-1);
        if (bytes >= pageBytes && !walkEnds) return { rows, position, after: change.version };
      }
    }
    if (filled) {
      after = taken.at(-1)!;
      room = 0;
    } else {
      room -= versions.length;
      position += 1;
      after = 0;
    }
  }
  return { rows, position, after };
}

/** Whether anything in the caller's scope changed or left it after `version`. */
async function anythingAfter(
  tx: Db,
  scope: PullScope,
  tables: readonly ReplicatedTable[],
  visible: SQL,
  version: number,
): Promise<boolean> {
  const search = { after: version, before: null, limit: 1 };
  for (const table of tables)
    if ((await table.fetchVersions(tx, scope, search)).length > 0) return true;
  return (await fetchRemovalVersions(tx, visible, search)).length > 0;
}

function answerOf(
  page: { rows: PageRows; removed: readonly Removal[] },
  rest: Omit<PullAnswer, 'changes' | 'removed'>,
): PullAnswer {
  const changes: Record<string, unknown[]> = {};
  for (const { name, change } of page.rows) (changes[name] ??= []).push(change.row);
  const removed: Record<string, (number | string)[]> = {};
  for (const { table, id } of page.removed) (removed[table] ??= []).push(id);
  return { ...rest, changes, removed };
}

/**
 * One page of changes after `cursor` (undefined or '' = from the start). Every table is read
 * in ONE repeatable-read snapshot: read one by one in separate snapshots, a write committing
 * between two reads could show its later row and hide its earlier one, and the cursor would
 * pass over the hidden one for good.
 *
 * A delta page is cut in two steps, so that no row is built only to be dropped. First the
 * page's cut, from row versions alone (the row_version index): the `limit + 1` lowest versions
 * after the cursor over all tables — each table asked only for versions below the lowest
 * `limit + 1` found so far, so a table whose changes all come later answers nothing. The cut is
 * the `limit`-th of them (the one more says whether anything remains). Then the full rows up to
 * the cut, from the tables that have any. Building rows is the cost (contracts compute their
 * debt, requests load their chat): reading a full page from every table and keeping one made a
 * manager's first pull of the large set three times as expensive.
 *
 * A full pull walks the tables one by one instead (`walkPage`); its cursor says where it is.
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
  const walking = cursor ? decodeWalkCursor(cursor) : null;
  const tables = replicatedTables();
  const order = fullPullOrder(scope.role, tables);
  const visible = visibleRemovals(scope, tables);

  return db.transaction(
    async (tx): Promise<PullAnswer> => {
      const horizon = await removalHorizon(tx);
      if (given && given.hash === hash && !missedPurge(given, horizon)) {
        const page = await deltaPage(tx, scope, tables, visible, given.version, limit, pageBytes);
        // The cut, not the last row served: every version up to it has been looked at, even
        // one a table's versions counted but its rows did not (the page can never stall on it).
        return answerOf(page, {
          cursor: encodeCursor(page.cut, hash, horizon),
          hasMore: page.more,
          reset: false,
        });
      }
      const goesOn =
        walking !== null &&
        walking.hash === hash &&
        order.some((t) => t.name === walking.table) &&
        !missedPurge({ version: walking.top, horizon: walking.horizon }, horizon);
      const reset = Boolean(cursor) && !goesOn;
      let start: { total: number; top: number } | null = null;
      let walk: Walk | null = walking;
      if (!goesOn || walk === null) {
        start = await startWalk(tx, scope, order);
        walk = { top: start.top, table: order[0]?.name ?? '', after: 0 };
      }
      const page = await walkPage(tx, scope, order, walk, limit, pageBytes);
      const ready = order.slice(0, page.position).map((t) => t.name);
      const nextTable = order[page.position];
      if (nextTable !== undefined) {
        const next = { ...walk, table: nextTable.name, after: page.after };
        return answerOf(
          { rows: page.rows, removed: [] },
          {
            cursor: encodeWalkCursor(next, hash, walking?.horizon ?? horizon),
            hasMore: true,
            reset,
            ready,
            ...(start ? { total: start.total } : {}),
          },
        );
      }
      // The walk is over: what was written meanwhile follows as a delta from its top version.
      const more = await anythingAfter(tx, scope, tables, visible, walk.top);
      return answerOf(
        { rows: page.rows, removed: [] },
        {
          cursor: encodeCursor(walk.top, hash, horizon),
          hasMore: more,
          reset,
          ready,
          ...(start && more ? { total: start.total } : {}),
        },
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
