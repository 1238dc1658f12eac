/**
 * How the contract forms (activation, extension, waiver) correct a refused write, around
 * #ui/use-outbox-form.ts:
 * - a correction keeps the refused try's `before`: the replica already holds the contract as
 *   that try expected it, so the contract the page reads now is not what a discard undoes to;
 * - a write the page already showed as saved ("will be sent") that the server refuses
 *   afterwards comes back to the form as a correction, as if reopened from the sync center
 *   (the form is keyed by the correction it holds, so it opens again holding that write).
 */
import { useEffect, useState } from 'react';

/** The contract a write undoes to: the refused try's, else the contract as the page read it. */
export function contractBefore<Before>(
  fixing: { payload: { before: Before } } | null,
  current: Before,
): Before {
  return fixing ? fixing.payload.before : current;
}

/** The correction a form holds (the one the page opened with, or a late refusal). */
export function useCorrection<Row extends { id: string }>(opened: Row | null) {
  const [fixRow, reopen] = useState(opened);
  return { fixRow, formKey: fixRow?.id ?? 'new', reopen };
}

/** Reopens the form's write when it is refused after the form let go of it. */
export function useLateRefusal<Row>(
  write: { row: Row | undefined; outcome: string | null; fixing: Row | null },
  reopen: (row: Row) => void,
): void {
  const late = write.outcome === 'rejected' && write.fixing === null ? write.row : undefined;
  useEffect(() => {
    if (late !== undefined) reopen(late);
  }, [late, reopen]);
}
