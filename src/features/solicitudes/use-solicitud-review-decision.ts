/**
 * The save cycle both decision screens share (spec part 1 §4 "Form behaviour"): the decision
 * goes into the outbox (or replaces a refused one), its outcome is followed live, a refusal puts
 * the server's messages under the fields (once per refused row), and once the decision is
 * accepted or saved to be sent the chosen request is forgotten (selection cleared).
 */
import { useEffect, useState } from 'react';
import { enqueue, resubmit } from '#sync/commands';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { showError } from '#ui/error-store.ts';
import type { ServerErrorsApi } from '#ui/server-errors.tsx';
import { useShowRefusal } from '#ui/use-write-events.ts';
import { solicitudReviewRecordId } from '#commands/solicitud-review';
import { clearSolicitudSelection } from './solicitud-selection.ts';
import { useSolicitudReviewSave } from './use-solicitud-review-save.ts';

export interface ReviewDecisionOptions {
  kind: string;
  folio: number | null;
  /** A refused decision reopened from the sync center. */
  fixRow: OutboxRow | null;
  server: ServerErrorsApi;
}

export function useSolicitudReviewDecision<P>({
  kind,
  folio,
  fixRow,
  server,
}: ReviewDecisionOptions) {
  const [mutationId, setMutationId] = useState<string | null>(fixRow?.id ?? null);
  const { row, outcome } = useSolicitudReviewSave(mutationId);

  useShowRefusal(row, outcome === 'rejected', server.setServerErrors);

  const decided = outcome === 'sent' || outcome === 'queued';
  useEffect(() => {
    if (decided) clearSolicitudSelection();
  }, [decided]);

  const fixing = row && EDITABLE_STATUSES.includes(row.status) ? row : null;

  async function send(payload: P): Promise<void> {
    if (folio === null) return;
    try {
      const sent = fixing
        ? await resubmit(fixing.id, payload)
        : await enqueue(kind, payload, { recordId: solicitudReviewRecordId(folio) });
      setMutationId(sent.mutationId);
    } catch (error) {
      showError(error);
    }
  }

  return { row, outcome, fixing, decided, send };
}
