/**
 * One command's definition and outbox row, typed by its own kind, payload and answer. The
 * command files type themselves with these, never with ./command-map.ts: the map imports their
 * payload types, so importing it back would close a circle. ./catalog.ts holds every definition
 * against the map, so a definition whose payload or answer is not its kind's fails the typecheck.
 */
import type { CommandDefinition, OutboxRow } from '#sync/types';

export type KindCommand<K extends string, P, R> = CommandDefinition<P, R> & { kind: K };

/** An outbox row of one kind: its payload and (once done) the server's parsed answer. */
export type OutboxRowWith<K extends string, P, R> = Omit<
  OutboxRow,
  'kind' | 'payload' | 'result'
> & {
  kind: K;
  payload: P;
  result: R | null;
};

/**
 * `row` as a row of `kind`, or null when it is another kind; the caller names the kind's payload
 * and answer (./outbox.ts's `rowOfKind` takes them from the map). Sound because a kind's rows are
 * written only by `enqueue`/`resubmit` with that kind's payload, and its answer is stored only
 * once the kind's `parseResult` accepted it.
 */
export function rowWithKind<K extends string, P, R>(
  row: OutboxRow | null | undefined,
  kind: K,
): OutboxRowWith<K, P, R> | null {
  return row && row.kind === kind ? (row as OutboxRowWith<K, P, R>) : null;
}
