/**
 * What happened to the last decision saved on the control desk or the evaluation, read live
 * from its outbox row: on the wire, accepted (with the server's answer), saved on the device
 * to be sent later, or refused. The write is local, so the screen never stays busy: after a
 * short wait without an answer (or at once offline) it counts as saved-and-pending, and it
 * still turns into "accepted" when the answer comes later.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '#db/database';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { useOnline } from '#ui/use-online.ts';

/** How long an online decision may wait for the server before the screen says "will be sent". */
export const REVIEW_ANSWER_WAIT_MS = 5000;

export type ReviewSaveOutcome = 'sending' | 'queued' | 'sent' | 'rejected' | null;

export function reviewSaveOutcome(
  row: OutboxRow | undefined,
  online: boolean,
  waitedLong: boolean,
): ReviewSaveOutcome {
  if (!row) return null;
  if (row.status === 'done') return 'sent';
  if (EDITABLE_STATUSES.includes(row.status)) return 'rejected';
  // Blocked waits behind an earlier problem of its chain: saved, not sent yet.
  if (row.status === 'blocked') return 'queued';
  return online && !waitedLong ? 'sending' : 'queued';
}

export function useSolicitudReviewSave(mutationId: string | null) {
  const online = useOnline();
  const [waitedFor, setWaitedFor] = useState<string | null>(null);
  const row = useLiveQuery(
    () => (mutationId ? getDb().outbox.get(mutationId) : undefined),
    [mutationId],
  );
  useEffect(() => {
    if (!mutationId) return;
    const timer = setTimeout(() => setWaitedFor(mutationId), REVIEW_ANSWER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [mutationId]);
  return { row, outcome: reviewSaveOutcome(row, online, waitedFor === mutationId) };
}
