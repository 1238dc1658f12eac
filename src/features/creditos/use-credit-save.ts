/**
 * What happened to a queued contract write (activation, extension, waiver), live from its outbox
 * row.
 * See #sync/save-outcome.ts for what each outcome means.
 */
import { OUTBOX_SAVE } from '#sync/save-outcome';
import { useSaveOutcome } from '#ui/use-save-outcome.ts';

export function useCreditSave(mutationId: string | null) {
  return useSaveOutcome(mutationId, OUTBOX_SAVE);
}
