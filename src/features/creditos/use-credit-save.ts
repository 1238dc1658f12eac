/**
 * What happened to a queued contract write (activation, extension, waiver), live from its
 * outbox row: on the wire, sent (the server's answer in `row.result`), saved on the phone to be
 * sent later, or refused (the server's field errors in `row.lastError.body`). The write is local
 * from the start, so a form never stays busy: after a short wait without an answer (or at once
 * offline) it counts as saved-and-pending.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '#db/database';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { useOnline } from '#ui/use-online.ts';

/** How long an online save may wait for the server before the screen says "will be sent". */
export const ANSWER_WAIT_MS = 5000;

export type CreditSaveOutcome = 'sending' | 'queued' | 'sent' | 'rejected' | null;

export function creditSaveOutcome(
  row: OutboxRow | undefined,
  online: boolean,
  waitedLong: boolean,
): CreditSaveOutcome {
  if (!row) return null;
  if (row.status === 'done') return 'sent';
  if (EDITABLE_STATUSES.includes(row.status)) return 'rejected';
  // Blocked waits behind an earlier problem of its chain: saved, not sent yet.
  if (row.status === 'blocked') return 'queued';
  return online && !waitedLong ? 'sending' : 'queued';
}

export function useCreditSave(mutationId: string | null) {
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
  return { row, outcome: creditSaveOutcome(row, online, waitedFor === mutationId) };
}
