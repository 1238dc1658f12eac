/**
 * What happened to the last payment write, read live from its outbox row: on the wire, sent
 * (with the server's id and answer), saved on the phone to be sent later, or refused. The
 * write is local, so a form never stays busy: after a short wait without an answer (or at once
 * offline) it counts as saved-and-pending.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '#db/database';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { useOnline } from '#ui/use-online.ts';

/** How long an online save may wait for the server before the screen says "will be sent". */
export const ANSWER_WAIT_MS = 5000;

export type PagoSaveOutcome = 'sending' | 'queued' | 'sent' | 'rejected' | null;

export function pagoSaveOutcome(
  row: OutboxRow | undefined,
  online: boolean,
  waitedLong: boolean,
): PagoSaveOutcome {
  if (!row) return null;
  if (row.status === 'done') return 'sent';
  if (EDITABLE_STATUSES.includes(row.status)) return 'rejected';
  // Blocked waits behind an earlier problem of its chain: saved, not sent yet.
  if (row.status === 'blocked') return 'queued';
  return online && !waitedLong ? 'sending' : 'queued';
}

export function usePagoSave(mutationId: string | null) {
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
  return { row, outcome: pagoSaveOutcome(row, online, waitedFor === mutationId) };
}
