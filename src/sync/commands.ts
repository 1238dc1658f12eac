/**
 * The command registry and the write path (docs/sync-protocol.md#commands-and-the-outbox):
 * `enqueue` writes the outbox row and the optimistic record in ONE Dexie transaction, then kicks
 * the engine. The sync center's actions on a row that needs a person live here too: resubmit
 * (edit), retry, discard.
 */
import { getDb, currentDbUserId, type AppDatabase } from '#db/database';
import type { ReplicaTableName } from '#db/replica-rows';
import type { WireRow } from '#db/stored-rows';
import { nextCaptureSlot } from '#db/device-db';
import { notifyOutboxChange } from './kick';
import { reconcileOutbox } from './outbox-rules';
import { refreshCounts } from './status-store';
import { uuidv7 } from './uuid';
import { containsAnyValue, replaceValues } from './references';
import type {
  CommandDefinition,
  EnqueueOptions,
  MutationContext,
  OutboxRow,
  OutboxStatus,
} from './types';
import { EDITABLE_STATUSES } from './types';
import { isOneOf, isRecord } from '#domain/guards';
import { replicaTableNames } from '#db/replica-tables';

const registry = new Map<string, CommandDefinition>();
const READY: Promise<void> = Promise.resolve();
let catalogLoader: (() => Promise<void>) | null = null;
let catalogLoad: Promise<void> | null = null;

/**
 * Where the registry's definitions come from when first needed. The page loads its catalog as
 * a chunk of its own: building the payload shapes of every command costs a cheap phone ~100 ms,
 * which its start does not need. Without a loader (the service worker, tests that
 * register their own) the registry is ready as it is.
 */
export function setCommandCatalog(load: (() => Promise<void>) | null): void {
  catalogLoader = load;
  catalogLoad = null;
}

/**
 * Settles once the catalog is registered — before a write is queued or edited, a cycle sends
 * or pulls, or the sync center describes a row. One load per page; a failed one (its chunk not
 * fetched) is tried again on the next call. The same promise each time, for React's `use`.
 */
export function commandsReady(): Promise<void> {
  if (!catalogLoader) return READY;
  catalogLoad ??= catalogLoader().catch((error: unknown) => {
    catalogLoad = null;
    throw error;
  });
  return catalogLoad;
}

/**
 * Register a command kind (#commands/catalog registers every kind). The registry
 * holds definitions of any payload type: the engine hands each one only the payloads queued
 * under its own kind (their types are checked where they are queued, in #commands/outbox).
 */
export function registerCommand(def: CommandDefinition): void {
  const existing = registry.get(def.kind);
  if (existing && existing !== def) {
    throw new Error(`Command kind "${def.kind}" is already registered by another definition.`);
  }
  registry.set(def.kind, def);
}

export function getCommand(kind: string): CommandDefinition | undefined {
  return registry.get(kind);
}

/** Forget every registration (tests); a catalog loader registers again when next needed. */
export function clearCommands(): void {
  registry.clear();
  catalogLoad = null;
}

function requireCommand(kind: string): CommandDefinition {
  const def = registry.get(kind);
  if (!def)
    throw new Error(`Unknown command kind "${kind}": register it with registerCommand first.`);
  return def;
}

function requireUser(): number {
  const userId = currentDbUserId();
  if (userId === null) throw new Error('No user database is open: cannot queue a write.');
  return userId;
}

function scope(def: CommandDefinition): string[] {
  return [...new Set(['outbox', 'audit', ...def.tables])];
}

function contextOf(row: Pick<OutboxRow, 'id' | 'recordId' | 'capturedAt'>): MutationContext {
  return { mutationId: row.id, recordId: row.recordId, capturedAt: row.capturedAt };
}

async function loadRow(db: AppDatabase, mutationId: string): Promise<OutboxRow> {
  const row = await db.outbox.get(mutationId);
  if (!row) throw new Error(`No queued item ${mutationId}.`);
  return row;
}

function assertStatus(row: OutboxRow, allowed: readonly OutboxStatus[], action: string): void {
  if (!allowed.includes(row.status)) {
    throw new Error(`Cannot ${action} item ${row.id} in status "${row.status}".`);
  }
}

function isoDate(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new Error(`Invalid capture instant "${value}".`);
  return new Date(time).toISOString();
}

/**
 * Queue a command. Resolves once the row and the optimistic record are saved (a failing
 * `optimistic` saves neither); the engine then sends it when it can.
 */
export async function enqueue<P>(
  kind: string,
  payload: P,
  opts: EnqueueOptions = {},
): Promise<{ mutationId: string; recordId: string }> {
  await commandsReady();
  const def = requireCommand(kind);
  const userId = requireUser();
  const db = getDb();
  const { deviceId, seq } = await nextCaptureSlot();
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const id = uuidv7(nowMs);
  const recordId = opts.recordId ?? uuidv7(nowMs);
  const row: OutboxRow = {
    id,
    seq,
    deviceId,
    userId,
    kind,
    recordId,
    chainKey: def.chainKey(payload, recordId),
    dependsOn: [...(opts.dependsOn ?? [])],
    payload,
    capturedAt: opts.capturedAt ? isoDate(opts.capturedAt) : now,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    result: null,
    serverId: null,
    supersedes: null,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    doneAt: null,
  };
  await db.transaction('rw', scope(def), async () => {
    // A record already known to the server (an earlier create of it is done) keeps its id.
    const known = await db.outbox
      .where('recordId')
      .equals(recordId)
      .filter((r) => r.serverId !== null)
      .first();
    if (known) row.serverId = known.serverId;
    await db.outbox.add(row);
    await def.optimistic?.(payload, contextOf(row));
    // Behind a problem in its chain (or a refused dependency) it waits as "blocked".
    await reconcileOutbox(db, now);
  });
  // Not awaited: the capture is safe once the transaction is done, and the member's receipt
  // should not wait for the badge's recount.
  void refreshCounts(db).catch(() => undefined);
  notifyOutboxChange();
  return { mutationId: id, recordId };
}

export interface ResubmitOptions {
  /** A corrected capture instant (e.g. the phone's clock was wrong). */
  capturedAt?: string;
}

/**
 * Edit a row that needs a person (rejected / conflict / stuck): the old row leaves the outbox
 * for the audit log, a new mutation id carries the new payload for the same record, in the same
 * place of its chain, and the chain is unblocked.
 */
export async function resubmit(
  mutationId: string,
  newPayload: unknown,
  opts: ResubmitOptions = {},
): Promise<{ mutationId: string; recordId: string }> {
  await commandsReady();
  const db = getDb();
  const old = await loadRow(db, mutationId);
  assertStatus(old, EDITABLE_STATUSES, 'edit');
  const def = requireCommand(old.kind);
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const next: OutboxRow = {
    ...old,
    id: uuidv7(nowMs),
    chainKey: def.chainKey(newPayload, old.recordId),
    payload: newPayload,
    capturedAt: opts.capturedAt ? isoDate(opts.capturedAt) : old.capturedAt,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    result: null,
    supersedes: old.id,
    updatedAt: now,
    sentAt: null,
    doneAt: null,
  };
  await db.transaction('rw', scope(def), async () => {
    const current = await loadRow(db, mutationId);
    assertStatus(current, EDITABLE_STATUSES, 'edit');
    await db.audit.add({
      at: now,
      userId: currentDbUserId(),
      action: 'resubmit',
      reason: null,
      row: current,
    });
    await db.outbox.delete(old.id);
    await db.outbox.add(next);
    // Rows that waited for the old mutation now wait for its replacement.
    const dependents = await db.outbox.filter((r) => r.dependsOn.includes(old.id)).toArray();
    for (const r of dependents) {
      await db.outbox.put({
        ...r,
        dependsOn: r.dependsOn.map((d) => (d === old.id ? next.id : d)),
      });
    }
    await def.optimistic?.(newPayload, contextOf(next));
    await reconcileOutbox(db, now);
  });
  await refreshCounts(db);
  notifyOutboxChange();
  return { mutationId: next.id, recordId: next.recordId };
}

/** Send a stuck or uncertain row again, with the SAME key and body. */
export async function retry(mutationId: string): Promise<void> {
  const db = getDb();
  const now = new Date().toISOString();
  await db.transaction('rw', ['outbox', 'audit'], async () => {
    const row = await loadRow(db, mutationId);
    assertStatus(row, ['stuck', 'uncertain'], 'retry');
    await db.outbox.put({
      ...row,
      status: row.status === 'stuck' ? 'pending' : 'uncertain',
      attempts: 0,
      nextAttemptAt: 0,
      updatedAt: now,
    });
    await reconcileOutbox(db, now);
  });
  await refreshCounts(db);
  notifyOutboxChange();
}

/**
 * Give up on a row (after the person confirmed): it is kept in the audit log, the optimistic
 * record is undone, and rows that depend on it become blocked for good (they can be discarded
 * too); other rows of its chain go on.
 */
export async function discard(mutationId: string, reason: string): Promise<void> {
  const db = getDb();
  const row = await loadRow(db, mutationId);
  assertStatus(row, ['rejected', 'conflict', 'stuck', 'blocked'], 'discard');
  const def = registry.get(row.kind);
  const now = new Date().toISOString();
  const tables = def ? scope(def) : ['outbox', 'audit'];
  await db.transaction('rw', [...new Set([...tables, 'meta'])], async () => {
    const current = await loadRow(db, mutationId);
    assertStatus(current, ['rejected', 'conflict', 'stuck', 'blocked'], 'discard');
    await db.audit.add({
      at: now,
      userId: currentDbUserId(),
      action: 'discard',
      reason,
      row: current,
    });
    await db.outbox.delete(current.id);
    // Later commands on the same record cannot go without this one: make the dependency explicit.
    const sameRecord = await db.outbox
      .where('recordId')
      .equals(current.recordId)
      .filter(
        (r) => r.status !== 'done' && r.seq > current.seq && !r.dependsOn.includes(current.id),
      )
      .toArray();
    for (const r of sameRecord) {
      await db.outbox.put({
        ...r,
        dependsOn: [...r.dependsOn, current.id],
        status: r.status === 'blocked' ? 'pending' : r.status,
      });
    }
    if (def?.revert) await def.revert(current.payload, contextOf(current));
    await restoreShadows(db, current.recordId);
    await reconcileOutbox(db, now);
  });
  await refreshCounts(db);
  notifyOutboxChange();
}

/** Meta key prefix of pulled rows held back because the local record had a pending change. */
export const SHADOW_PREFIX = 'shadow|';

export interface ShadowValue {
  table: ReplicaTableName;
  key: string | number;
  localId: string | null;
  /** The server's row, or null: the server removed it from this user's scope (removals.ts). */
  row: WireRow | null;
}

/** A held-back pulled row as stored in meta (anything else there is not a shadow). */
function isShadow(value: unknown): value is ShadowValue {
  return (
    isRecord(value) &&
    isOneOf(replicaTableNames(), value.table) &&
    (typeof value.key === 'string' || typeof value.key === 'number') &&
    (value.localId === null || typeof value.localId === 'string') &&
    (value.row === null || isRecord(value.row))
  );
}

/**
 * Put back the server's version of a record whose pending local change was discarded (or drop
 * the record, when the server removed it from this user's scope meanwhile).
 */
async function restoreShadows(db: AppDatabase, recordId: string): Promise<void> {
  const stillPending = await db.outbox
    .where('recordId')
    .equals(recordId)
    .filter((r) => r.status !== 'done')
    .count();
  if (stillPending > 0) return;
  const shadows = await db.meta.where('key').startsWith(SHADOW_PREFIX).toArray();
  for (const shadow of shadows) {
    const value = shadow.value;
    if (!isShadow(value) || value.localId !== recordId) continue;
    if (value.row) await db.wire(value.table).put(value.row);
    else await db.wire(value.table).delete(value.key);
    await db.meta.delete(shadow.key);
  }
}

/** Drop held-back pulled rows of these records (the server's answers are at least as new). */
export async function dropShadows(db: AppDatabase, recordIds: ReadonlySet<string>): Promise<void> {
  const shadows = await db.meta.where('key').startsWith(SHADOW_PREFIX).toArray();
  for (const shadow of shadows) {
    const value = shadow.value;
    if (isShadow(value) && value.localId !== null && recordIds.has(value.localId))
      await db.meta.delete(shadow.key);
  }
}

/**
 * Once the server named records, queued rows that still use their client UUIDs are rewritten
 * (generic exact-value replace) and learn their server ids. `named` maps each client UUID to
 * its server id. Inside the caller's transaction; the queue is read once for all of them.
 */
export async function rewriteReferences(
  db: AppDatabase,
  named: ReadonlyMap<string, string | number>,
): Promise<void> {
  if (named.size === 0) return;
  // A row already sent (or maybe sent) keeps its body: same key must mean same body.
  const rows = (
    await Promise.all(
      (['pending', 'blocked', 'rejected', 'conflict'] as const).map((status) =>
        db.outbox.where('status').equals(status).toArray(),
      ),
    )
  ).flat();
  const changed: OutboxRow[] = [];
  for (const r of rows) {
    const mentions = containsAnyValue(r.payload, named);
    const own = named.get(r.recordId);
    if (!mentions && own === undefined) continue;
    changed.push({
      ...r,
      payload: mentions ? replaceValues(r.payload, named) : r.payload,
      serverId: own ?? r.serverId,
    });
  }
  await db.outbox.bulkPut(changed);
}
