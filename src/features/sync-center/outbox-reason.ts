/**
 * Why a queued item is where it is, in plain language (sync center): an i18n key with its
 * values, plus the server's field errors of a rejection listed one per field. Pure, so the
 * wording rules are tested without a screen.
 */
import type { OutboxRow } from '#sync/types';
import { msg } from '#domain/messages';
import { flattenServerErrors } from '#ui/server-errors.tsx';

export interface Reason {
  key: string;
  params?: Record<string, string | number>;
}

export interface FieldProblem {
  field: string;
  messages: string[];
}

/** The server's `detail` (403/404/409), its non-field errors, or the engine's summary. */
function serverSummary(row: OutboxRow): string {
  const flat = flattenServerErrors(row.lastError?.body ?? null);
  const general = flat.non_field_errors;
  if (general && general.length > 0) return general.join(' ');
  return row.lastError?.message ?? '';
}

/** Field errors of a rejection (400 body), without the general ones. */
export function fieldProblems(row: OutboxRow): FieldProblem[] {
  if (row.status !== 'rejected' || !row.lastError) return [];
  const flat = flattenServerErrors(row.lastError.body);
  return Object.entries(flat)
    .filter(([field]) => field !== 'non_field_errors')
    .map(([field, messages]) => ({ field, messages }));
}

/** A row that failed with the device offline: it never left the phone. */
export function notSentYet(row: Pick<OutboxRow, 'status' | 'lastError'>): boolean {
  return row.status === 'uncertain' && row.lastError?.message === msg('sync.reason.notSent');
}

/**
 * `blocker` is the description (already translated) of the earlier row of the chain that
 * holds this one back, when known.
 */
export function outboxReason(row: OutboxRow, now: number, blocker: string | null): Reason {
  switch (row.status) {
    case 'pending':
      if (row.lastError?.status === 0) return { key: 'syncCenter.reason.offline' };
      if (row.lastError && row.nextAttemptAt > now) return { key: 'syncCenter.reason.retryLater' };
      return { key: 'syncCenter.reason.waiting' };
    case 'sending':
      return { key: 'syncCenter.reason.sending' };
    case 'uncertain':
      return notSentYet(row)
        ? { key: 'syncCenter.reason.notSentYet' }
        : { key: 'syncCenter.reason.uncertain' };
    case 'rejected': {
      const summary = serverSummary(row);
      return summary && fieldProblems(row).length === 0
        ? { key: 'syncCenter.reason.rejected', params: { detail: summary } }
        : { key: 'syncCenter.reason.rejectedFields' };
    }
    case 'blocked':
      return blocker
        ? { key: 'syncCenter.reason.blockedBy', params: { item: blocker } }
        : { key: 'syncCenter.reason.blocked' };
    case 'conflict':
      return { key: 'syncCenter.reason.conflict', params: { detail: serverSummary(row) } };
    case 'stuck':
      return { key: 'syncCenter.reason.stuck', params: { n: row.attempts } };
    case 'done':
      return row.serverId !== null
        ? { key: 'syncCenter.reason.doneWithId', params: { id: String(row.serverId) } }
        : { key: 'syncCenter.reason.done' };
  }
}

/** The earlier row of the same chain (or a dependency) that needs a person, if any. */
export function findBlocker(row: OutboxRow, rows: readonly OutboxRow[]): OutboxRow | null {
  if (row.status !== 'blocked') return null;
  const needsPerson = (other: OutboxRow) =>
    other.status === 'rejected' || other.status === 'conflict' || other.status === 'stuck';
  return (
    rows.find((other) => row.dependsOn.includes(other.id) && needsPerson(other)) ??
    rows.find(
      (other) => other.chainKey === row.chainKey && other.seq < row.seq && needsPerson(other),
    ) ??
    null
  );
}
