/**
 * What a form does when its queued write is answered, once per write (every edit is a new
 * write with a new id): show a refusal's reasons under the fields, or report that the write
 * was sent or saved to be sent. The caller follows the write with `useSaveOutcome`.
 */
import { useEffect, useRef } from 'react';

/** A queued write as these hooks read it (an outbox row). */
export interface AnsweredWrite {
  id: string;
  /** The server's refusal; `body` holds its field errors. */
  lastError: { body: unknown } | null;
}

/** While `refused`, hands the refusal's body (field errors) to `show`, once per write. */
export function useShowRefusal<Row extends AnsweredWrite>(
  row: Row | undefined,
  refused: boolean,
  show: (body: unknown, row: Row) => void,
): void {
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (row && refused && shownFor.current !== row.id) {
      shownFor.current = row.id;
      show(row.lastError?.body ?? null, row);
    }
  }, [row, refused, show]);
}

/** Calls `report` once per write when it is sent or saved to be sent. */
export function useReportSettled<Row extends { id: string }>(
  row: Row | undefined,
  outcome: string | null,
  report: (row: Row, outcome: 'sent' | 'queued') => void,
): void {
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!row || reported.current === row.id) return;
    if (outcome !== 'sent' && outcome !== 'queued') return;
    reported.current = row.id;
    report(row, outcome);
  }, [row, outcome, report]);
}
