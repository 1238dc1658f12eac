/**
 * The life of one item in a capture form that stays open for the next one (collections,
 * contributions/withdrawals): the form holds the item it queued until it is sent or saved to
 * be sent, then lets go of it (`released`: a blank form for the next item) while the status
 * line keeps following it. Refused while held, its reasons are shown once (`rejected`).
 * The caller passes how to watch a queued write (`OUTBOX_SAVE` of #sync/save-outcome.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSaveOutcome, type SaveWatch } from '#ui/use-save-outcome.ts';
import { useShowRefusal, type AnsweredWrite } from '#ui/use-write-events.ts';

export type CaptureOutcome = 'sending' | 'queued' | 'sent' | 'rejected' | null;

/** What the form reads of the queued write. */
export interface CaptureRow extends AnsweredWrite {
  serverId: string | number | null;
}

export interface CaptureHoldEvents<Row> {
  /** The held item was refused (once per write): `body` holds the field errors. */
  rejected: (body: unknown, row: Row) => void;
  /** The held item was sent or saved to be sent: the form is free for the next one. */
  released: (row: Row, outcome: 'sent' | 'queued') => void;
}

export interface CaptureHoldOptions {
  /**
   * Keep holding a write saved to be sent until it is sent (a form that stays on its page, like
   * the profile): a refusal that comes later still lands under its fields and the next save
   * corrects it. `released` then comes only with 'sent'.
   */
  holdUntilSent?: boolean;
}

export function useCaptureHold<Row extends CaptureRow>(
  /** The write the form opens with (a correction), if any. */
  startId: string | null,
  watch: SaveWatch<Row, CaptureOutcome>,
  on: CaptureHoldEvents<Row>,
  options: CaptureHoldOptions = {},
) {
  // The item the status line follows, and the item whose values the form holds (null once
  // that item is saved and the form is free for the next one).
  const [tracked, setTracked] = useState<string | null>(startId);
  const [held, setHeld] = useState<string | null>(startId);
  const [released, setReleased] = useState<{ row: Row; outcome: 'sent' | 'queued' } | null>(null);
  const { row, outcome } = useSaveOutcome(tracked, watch);
  const resetFor = useRef<string | null>(null);
  const { rejected, released: onReleased } = on;

  // Sent, or saved to be sent: the form lets go of it (the status line keeps following it).
  const settled = outcome === 'sent' || outcome === 'queued' ? outcome : null;
  const letsGo = settled === 'sent' || (settled === 'queued' && !options.holdUntilSent);
  if (held !== null && row?.id === held && settled !== null && letsGo) {
    setHeld(null);
    setReleased({ row, outcome: settled });
  }
  const holding = held !== null && held === tracked;

  useShowRefusal(row, holding && outcome === 'rejected', rejected);

  useEffect(() => {
    if (released === null || resetFor.current === released.row.id) return;
    resetFor.current = released.row.id;
    onReleased(released.row, released.outcome);
  }, [released, onReleased]);

  /** Follow and hold the write just queued (a new item, or a correction). */
  const track = useCallback((mutationId: string) => {
    setTracked(mutationId);
    setHeld(mutationId);
  }, []);

  return { row, outcome, holding, sending: holding && outcome === 'sending', track };
}
