/**
 * What happened to the last request write, read live from its outbox row; the screen keeps watching
 * it, so the folio shows as soon as the server assigns it.
 * See #sync/save-outcome.ts for what each outcome means.
 */
import { OUTBOX_SAVE } from '#sync/save-outcome';
import { useSaveOutcome } from '#ui/use-save-outcome.ts';

export function useSolicitudSave(mutationId: string | null) {
  return useSaveOutcome(mutationId, OUTBOX_SAVE);
}
