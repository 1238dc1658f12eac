/**
 * What happened to a queued community save, read live from its outbox row: sent (with the
 * server's id), waiting to be sent (offline, or no answer after a short wait), or refused by
 * the server. The form never stays busy: the write is local from the start.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { getDb } from '#db/database';
import { useOnline } from '#ui/use-online.ts';

/** How long an online save may wait for the server before the screen says "will be sent". */
export const ANSWER_WAIT_MS = 5000;

export type SaveOutcome = 'sending' | 'queued' | 'sent' | 'rejected' | null;

export function saveOutcome(
  row: OutboxRow | undefined,
  online: boolean,
  waitedLong: boolean,
): SaveOutcome {
  if (!row) return null;
  if (row.status === 'done') return 'sent';
  if (EDITABLE_STATUSES.includes(row.status) || row.status === 'blocked') return 'rejected';
  return online && !waitedLong ? 'sending' : 'queued';
}

export function useCommunitySave(mutationId: string | null): {
  row: OutboxRow | undefined;
  outcome: SaveOutcome;
} {
  const online = useOnline();
  const [waitedFor, setWaitedFor] = useState<string | null>(null);
  const row = useLiveQuery(
    () => (mutationId ? getDb().outbox.get(mutationId) : undefined),
    [mutationId],
  );
  useEffect(() => {
    if (!mutationId) return;
    const timer = setTimeout(() => setWaitedFor(mutationId), ANSWER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [mutationId]);
  return { row, outcome: saveOutcome(row, online, waitedFor === mutationId) };
}
