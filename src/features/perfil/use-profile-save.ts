/**
 * What happened to the last profile save, read live from its outbox row: sent, saved on the
 * phone to be sent later, or rejected by the server. A save never leaves the form busy: the
 * write is local, and after a short wait without an answer the form says it will be sent.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxRow } from '#sync/types';
import { EDITABLE_STATUSES } from '#sync/types';
import { getDb } from '#db/database';
import { useOnline } from '#ui/use-online.ts';

/** How long an online save may wait for the server before the form says "will be sent". */
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

export function useProfileSave(mutationId: string | null) {
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
