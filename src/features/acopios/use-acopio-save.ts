/**
 * What happened to a collection save, read live from its outbox row: on the wire, sent (with
 * the id the server gave), saved on the phone to be sent later, or refused. The write is local,
 * so a save never leaves the form busy: after a short wait without an answer (or at once
 * offline) it counts as saved-and-pending.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '#db/database';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { useOnline } from '#ui/use-online.ts';

/** How long an online save may wait for the server before the screen says "will be sent". */
export const ANSWER_WAIT_MS = 5000;

export type AcopioSaveOutcome = 'sending' | 'queued' | 'sent' | 'rejected' | null;

export function acopioSaveOutcome(
  row: OutboxRow | undefined,
  online: boolean,
  waitedLong: boolean,
): AcopioSaveOutcome {
  if (!row) return null;
  if (row.status === 'done') return 'sent';
  if (EDITABLE_STATUSES.includes(row.status)) return 'rejected';
  // Blocked waits behind an earlier problem: saved, not sent yet.
  if (row.status === 'blocked') return 'queued';
  return online && !waitedLong ? 'sending' : 'queued';
}

export function useAcopioSave(mutationId: string | null) {
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
  return { row, outcome: acopioSaveOutcome(row, online, waitedFor === mutationId) };
}
