/**
 * What happened to one queued write, for the form that made it: on the wire, sent (the
 * server's answer in `row.result`), saved on the phone to be sent later, or refused (the
 * server's field errors in `row.lastError.body`). The write is local from the start, so a form
 * never stays busy: after a short wait without an answer (or at once offline) it counts as
 * saved-and-pending, and still turns into "sent" when the answer comes later.
 * Screens watch it live with `useSaveOutcome(mutationId, OUTBOX_SAVE)` of #ui/use-save-outcome.ts.
 */
import { getDb } from '#db/database';
import { EDITABLE_STATUSES, type OutboxRow } from './types';

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
  if (EDITABLE_STATUSES.includes(row.status)) return 'rejected';
  // Blocked waits behind an earlier problem of its chain: saved, not sent yet.
  if (row.status === 'blocked') return 'queued';
  return online && !waitedLong ? 'sending' : 'queued';
}

/**
 * The same, but a blocked write counts as refused: the profile and community forms show it
 * as a problem to fix rather than as waiting.
 */
export function saveOutcomeBlockedRefused(
  row: OutboxRow | undefined,
  online: boolean,
  waitedLong: boolean,
): SaveOutcome {
  if (row?.status === 'blocked') return 'rejected';
  return saveOutcome(row, online, waitedLong);
}

/** The outbox row of one write (read inside `useLiveQuery`, so the screen follows it). */
export function readOutboxRow(mutationId: string): Promise<OutboxRow | undefined> {
  return getDb().outbox.get(mutationId);
}

/** How to watch an outbox write: what `useSaveOutcome` needs. */
export const OUTBOX_SAVE = { load: readOutboxRow, classify: saveOutcome, waitMs: ANSWER_WAIT_MS };

/** The same watch where a blocked write counts as refused. */
export const OUTBOX_SAVE_BLOCKED_REFUSED = { ...OUTBOX_SAVE, classify: saveOutcomeBlockedRefused };
