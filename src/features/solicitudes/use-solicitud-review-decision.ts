/**
 * The save cycle both decision screens share, on the
 * outbox-form life cycle of #ui/use-outbox-form.ts: the decision goes into the outbox (or
 * corrects a refused one), its outcome is followed live, a refusal puts the server's messages
 * under the fields, and once the decision is accepted or saved to be sent the chosen request is
 * forgotten (selection cleared). The screen stays on the request: a decision saved to be sent
 * and refused later is handed back (`onRefusedLater`) so the desk can hold it again.
 */
import { useEffect } from 'react';
import type { OutboxRowOf, PayloadOf } from '#commands/command-map';
import { solicitudReviewRecordId } from '#commands/solicitud-review';
import type { ServerErrorsApi } from '#ui/server-errors.tsx';
import { useOutboxForm, type OutboxFormPort } from '#ui/use-outbox-form.ts';
import { clearSolicitudSelection } from './solicitud-selection.ts';
import type { ReviewKind } from './use-solicitud-review-data.ts';

export interface ReviewDecisionOptions<K extends ReviewKind> {
  folio: number | null;
  /** A refused decision reopened from the sync center (or refused after it was let go). */
  fixRow: OutboxRowOf<K> | null;
  server: ServerErrorsApi;
  onRefusedLater: (row: OutboxRowOf<K>) => void;
}

export function useSolicitudReviewDecision<K extends ReviewKind>(
  port: OutboxFormPort<PayloadOf<K>, OutboxRowOf<K>>,
  { folio, fixRow, server, onRefusedLater }: ReviewDecisionOptions<K>,
) {
  const decision = useOutboxForm(port, {
    fixRow,
    onRefused: server.setServerErrors,
    onSettled: clearSolicitudSelection,
    recordId: folio === null ? undefined : solicitudReviewRecordId(folio),
  });
  const { row, outcome, fixing } = decision;
  const refusedLater = row && outcome === 'rejected' && fixing === null ? row : null;
  useEffect(() => {
    if (refusedLater) onRefusedLater(refusedLater);
  }, [refusedLater, onRefusedLater]);

  return { ...decision, decided: outcome === 'sent' || outcome === 'queued' };
}
