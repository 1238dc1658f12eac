/**
 * What happened to a movement save, read live from its outbox row (sent with the id the server
 * gave, saved to be sent later, or refused).
 * See #sync/save-outcome.ts for what each outcome means.
 */
import { OUTBOX_SAVE } from '#sync/save-outcome';
import { useSaveOutcome } from '#ui/use-save-outcome.ts';

export function useMovimientoSave(mutationId: string | null) {
  return useSaveOutcome(mutationId, OUTBOX_SAVE);
}
