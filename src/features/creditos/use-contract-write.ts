/**
 * One write path for the activation, waiver and extension forms: queue the command (or, when
 * the last try was refused, send the corrected one in its place), follow its outbox row, and
 * put a refusal's field errors under the fields — once per refused row.
 */
import { useState } from 'react';
import { enqueue, resubmit } from '#sync/commands';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { showError } from '#ui/error-store.ts';
import type { ServerErrorsApi } from '#ui/server-errors.tsx';
import { useShowRefusal } from '#ui/use-write-events.ts';
import { contratoRecordId } from '#commands/creditos';
import { useCreditSave } from './use-credit-save.ts';

export function useContractWrite<P extends { before: unknown }>(
  kind: string,
  contractId: number,
  fixRow: OutboxRow | null,
  server: ServerErrorsApi,
) {
  const [mutationId, setMutationId] = useState<string | null>(fixRow?.id ?? null);
  const { row, outcome } = useCreditSave(mutationId);

  useShowRefusal(row, outcome === 'rejected', server.setServerErrors);

  /** Queue `payload`; a refused earlier try is replaced, keeping its `before`. */
  async function send(payload: P): Promise<void> {
    try {
      const refused = row && EDITABLE_STATUSES.includes(row.status) ? row : null;
      const sent = refused
        ? await resubmit(refused.id, { ...payload, before: (refused.payload as P).before })
        : await enqueue(kind, payload, { recordId: contratoRecordId(contractId) });
      setMutationId(sent.mutationId);
    } catch (error) {
      showError(error);
    }
  }

  return { row, outcome, send, sending: outcome === 'sending' };
}
