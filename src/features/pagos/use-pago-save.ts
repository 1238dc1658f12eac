/**
 * What happened to the last payment write, read live from its outbox row.
 * See #sync/save-outcome.ts for what each outcome means.
 */
import { OUTBOX_SAVE } from '#sync/save-outcome';
import { useSaveOutcome } from '#ui/use-save-outcome.ts';

export function usePagoSave(mutationId: string | null) {
  return useSaveOutcome(mutationId, OUTBOX_SAVE);
}
