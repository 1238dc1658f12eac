/**
 * The write path as the features use it, typed by kind: `enqueue('pago.create', payload)`
 * takes only that kind's payload, `resubmit(row, payload)` only the payload of the row's kind,
 * and `outboxRowOf(kind, id)` reads a row with its payload and answer typed. The untyped
 * machinery (one Dexie transaction for the row and its optimistic record, the engine kick)
 * is #sync/commands'; the outbox stores every row's payload as it was queued, and only
 * `enqueue`/`resubmit` below write it, so a row's `kind` tells its payload's type.
 */
import { getDb } from '#db/database';
import {
  enqueue as enqueueRow,
  resubmit as resubmitRow,
  type ResubmitOptions,
} from '#sync/commands';
import { notDoneRows } from '#sync/outbox-rules';
import { ANSWER_WAIT_MS, saveOutcome } from '#sync/save-outcome';
import { EDITABLE_STATUSES, type EnqueueOptions, type OutboxRow } from '#sync/types';
import { rowWithKind } from './command-definition.ts';
import type { CommandKind, OnePayloadOf, OutboxRowOf, PayloadOf, ResultOf } from './command-map.ts';

export interface Queued {
  mutationId: string;
  recordId: string;
}

/** Queue a write of `kind` (saved with its optimistic record; the engine sends it). */
export function enqueue<K extends CommandKind>(
  kind: K,
  payload: OnePayloadOf<K>,
  opts: EnqueueOptions = {},
): Promise<Queued> {
  return enqueueRow(kind, payload, opts);
}

/** Queue the correction of a refused (or conflicting, or stuck) row of the same kind. */
export function resubmit<K extends CommandKind>(
  row: OutboxRowOf<K>,
  payload: OnePayloadOf<K>,
  opts: ResubmitOptions = {},
): Promise<Queued> {
  return resubmitRow(row.id, payload, opts);
}

/**
 * The row if it is of `kind`, its payload and answer then typed by the map. Sound because only
 * `enqueue`/`resubmit` above write payloads, each checked against its kind, and the server's
 * answer is stored only once the kind's `parseResult` accepted it (./command-definition.ts).
 */
export function rowOfKind<K extends CommandKind>(
  row: OutboxRow | null | undefined,
  kind: K,
): OutboxRowOf<K> | null {
  return rowWithKind<K, PayloadOf<K>, ResultOf<K>>(row, kind);
}

/** Whether `kind` is one of `kinds` (e.g. the kinds of one area). */
export function isKindOf<K extends CommandKind>(kinds: readonly K[], kind: string): kind is K {
  return kinds.some((k) => k === kind);
}

/** The row of one of `kinds`, if it is one (e.g. the correction a form was opened for). */
export function rowOfKinds<K extends CommandKind>(
  row: OutboxRow | null | undefined,
  kinds: readonly K[],
): OutboxRowOf<K> | null {
  for (const kind of kinds) {
    const found = rowOfKind(row, kind);
    if (found) return found;
  }
  return null;
}

/** The outbox row `mutationId` if it is of `kind` (read inside `useLiveQuery` to follow it). */
export async function outboxRowOf<K extends CommandKind>(
  kind: K,
  mutationId: string,
): Promise<OutboxRowOf<K> | undefined> {
  return rowOfKind(await getDb().outbox.get(mutationId), kind) ?? undefined;
}

/** The rows of `kinds` not done yet (on their way, or waiting for a person), typed. */
export async function liveRowsOf<K extends CommandKind>(
  kinds: readonly K[],
): Promise<OutboxRowOf<K>[]> {
  const rows = await notDoneRows(getDb());
  return rows.flatMap((row) => rowOfKinds(row, kinds) ?? []);
}

/** A row of `kind` that needs a person (refused, conflict, stuck): a form may correct it. */
export function fixableRow<K extends CommandKind>(
  row: OutboxRow | null | undefined,
  kind: K,
): OutboxRowOf<K> | null {
  const typed = rowOfKind(row, kind);
  return typed && EDITABLE_STATUSES.includes(typed.status) ? typed : null;
}

/**
 * How a form queues, corrects and watches the writes of `kind` (the port of
 * #ui/use-outbox-form.ts). Create it once per kind at module level: the hook's effects
 * depend on it.
 */
export function outboxForm<K extends CommandKind>(kind: K) {
  return {
    watch: {
      load: (mutationId: string) => outboxRowOf(kind, mutationId),
      classify: saveOutcome,
      waitMs: ANSWER_WAIT_MS,
    },
    enqueue: (payload: OnePayloadOf<K>, recordId?: string) =>
      enqueue(kind, payload, recordId ? { recordId } : {}),
    resubmit: (row: OutboxRowOf<K>, payload: OnePayloadOf<K>) => resubmit(row, payload),
    isFixable: (row: OutboxRowOf<K>) => EDITABLE_STATUSES.includes(row.status),
  };
}
