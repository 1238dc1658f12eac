/**
 * Follows one queued write live and says what happened to it. The ui layer does not read the
 * database, so the caller passes how: `useSaveOutcome(mutationId, OUTBOX_SAVE)` with
 * #sync/save-outcome.ts. The hook adds the live read and the timer after which a write still
 * without an answer counts as waited-long (the classifier then says "will be sent").
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useOnline } from '#ui/use-online.ts';

export interface SaveWatch<Row, Outcome> {
  /** Reads the write's row (a Dexie read, so the live query follows it). */
  load: (mutationId: string) => Promise<Row | undefined>;
  classify: (row: Row | undefined, online: boolean, waitedLong: boolean) => Outcome;
  /** How long an online write may wait for its answer. */
  waitMs: number;
}

export function useSaveOutcome<Row, Outcome>(
  mutationId: string | null,
  watch: SaveWatch<Row, Outcome>,
): { row: Row | undefined; outcome: Outcome } {
  const online = useOnline();
  const [waitedFor, setWaitedFor] = useState<string | null>(null);
  const { load, classify, waitMs } = watch;
  const row = useLiveQuery(() => (mutationId ? load(mutationId) : undefined), [mutationId, load]);
  useEffect(() => {
    if (!mutationId) return;
    const timer = setTimeout(() => setWaitedFor(mutationId), waitMs);
    return () => clearTimeout(timer);
  }, [mutationId, waitMs]);
  return { row, outcome: classify(row, online, waitedFor === mutationId) };
}
