/**
 * "Actualizar" while the outbox is being sent: a reload in the middle of a request would leave
 * the item without its answer (safe — it is resent with the same key — but it shows as "no
 * answer" and goes out twice). So the update first lets the item on the wire finish, sends
 * nothing more, then hands over to the new version, which sends the rest of the queue.
 */
import { resumeSyncAfterUpdate, settleSyncForUpdate } from '#app/sync-runtime.ts';

/** If the new version has not taken over by then, the old one goes on syncing. */
export const RESUME_AFTER_MS = 15_000;

/** `onResumed`: the page is still the old version after the wait (the bar may offer it again). */
export async function updateAfterSending(
  activate: () => Promise<void>,
  {
    resumeAfterMs = RESUME_AFTER_MS,
    onResumed,
  }: { resumeAfterMs?: number; onResumed?: () => void } = {},
): Promise<void> {
  await settleSyncForUpdate();
  try {
    await activate();
  } finally {
    setTimeout(() => {
      resumeSyncAfterUpdate();
      onResumed?.();
    }, resumeAfterMs);
  }
}
