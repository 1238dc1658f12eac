/**
 * THE life cycle of a form whose save goes through the outbox
 * (docs/sync-protocol.md#commands-and-the-outbox): it queues a new write or, while it holds a
 * refused one, its correction; follows the write live; puts a refusal's reasons under the fields
 * (once per write); and when the write is sent or saved to be sent, lets go of it and reports it
 * (`onSettled`: navigate with a notice, or clear the form for the next capture — the status keeps
 * following the write). How to queue and watch a write of one kind comes from #commands/outbox-form
 * (`outboxForm`), typed by kind; the ui layer itself never touches the outbox.
 */
import { useCallback } from 'react';
import { showError } from '#ui/error-store.ts';
import { useCaptureHold, type CaptureOutcome, type CaptureRow } from '#ui/use-capture-hold.ts';
import type { SaveWatch } from '#ui/use-save-outcome.ts';
import type { DescribeErrorOptions } from '#ui/error-description.ts';

/** How a form queues, corrects and watches the writes of one kind. */
export interface OutboxFormPort<Payload, Row extends CaptureRow> {
  watch: SaveWatch<Row, CaptureOutcome>;
  enqueue(payload: Payload, recordId?: string): Promise<{ mutationId: string }>;
  resubmit(row: Row, payload: Payload): Promise<{ mutationId: string }>;
  /** Whether a row needs a person and may be corrected (refused, conflict, stuck). */
  isFixable(row: Row): boolean;
}

export interface OutboxFormOptions<Payload, Row> {
  /** A refused write to correct (opened from the sync center), if any. */
  fixRow: Row | null;
  /** The write was refused while the form held it: show `body`'s field errors. */
  onRefused: (body: unknown, row: Row) => void;
  /** The held write was sent or saved to be sent (called once per write). */
  onSettled: (row: Row, outcome: 'sent' | 'queued') => void;
  /** The record a new write is about (an edit of an existing record), if any. */
  recordId?: string;
  /** How an error queueing the write is described (a create or an edit). */
  errors?: DescribeErrorOptions;
  /** The form's payload was queued (saved on the phone), before any answer; its mutation id. */
  onQueued?: (payload: Payload, mutationId: string) => void;
  /** Hold a write saved to be sent until it is sent (see #ui/use-capture-hold.ts). */
  holdUntilSent?: boolean;
}

export interface OutboxForm<Payload, Row> {
  /** The write the form follows (its status line), and what became of it. */
  row: Row | undefined;
  outcome: CaptureOutcome;
  /** The refused write the form holds, which the next save corrects. */
  fixing: Row | null;
  /** The held write is on the wire: fields and buttons wait. */
  sending: boolean;
  /** Queue the form's payload: a correction of `fixing`, else a new write. */
  save: (payload: Payload) => Promise<void>;
}

export function useOutboxForm<Payload, Row extends CaptureRow>(
  port: OutboxFormPort<Payload, Row>,
  options: OutboxFormOptions<Payload, Row>,
): OutboxForm<Payload, Row> {
  const { fixRow, onRefused, onSettled, recordId, errors, onQueued, holdUntilSent } = options;
  const start = fixRow && port.isFixable(fixRow) ? fixRow.id : null;
  const { row, outcome, holding, sending, track } = useCaptureHold(
    start,
    port.watch,
    { rejected: onRefused, released: onSettled },
    { holdUntilSent },
  );
  const fixing = holding && row && port.isFixable(row) ? row : null;

  const save = useCallback(
    async (payload: Payload) => {
      try {
        const queued = fixing
          ? await port.resubmit(fixing, payload)
          : await port.enqueue(payload, recordId);
        track(queued.mutationId);
        onQueued?.(payload, queued.mutationId);
      } catch (error) {
        showError(error, errors);
      }
    },
    [fixing, port, recordId, errors, track, onQueued],
  );

  return { row, outcome, fixing, sending, save };
}
