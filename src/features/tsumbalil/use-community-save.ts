/**
 * What happened to a queued community save, read live from its outbox row. A blocked save counts as
 * refused here.
 * See #sync/save-outcome.ts for what each outcome means.
 */
import { OUTBOX_SAVE_BLOCKED_REFUSED } from '#sync/save-outcome';
import { useSaveOutcome } from '#ui/use-save-outcome.ts';

export function useCommunitySave(mutationId: string | null) {
  return useSaveOutcome(mutationId, OUTBOX_SAVE_BLOCKED_REFUSED);
}
