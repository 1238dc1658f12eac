/**
 * What happened to the last decision saved on the control desk or the evaluation, read live from
 * its outbox row.
 * See #sync/save-outcome.ts for what each outcome means.
 */
import { OUTBOX_SAVE } from '#sync/save-outcome';
import { useSaveOutcome } from '#ui/use-save-outcome.ts';

export function useSolicitudReviewSave(mutationId: string | null) {
  return useSaveOutcome(mutationId, OUTBOX_SAVE);
}
