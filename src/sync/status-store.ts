/**
 * The sync status as a vanilla zustand store (no React here; the UI reads it with
 * `useStore(syncStatus)`): phase, counts from the outbox, pull progress, the last problem, and
 * recent notices ("sent, new id X").
 */
import { present } from '#domain/guards';
import { QUEUE_STATES } from '#domain/sync-wire';
import { createStore } from 'zustand/vanilla';
import type { AppDatabase } from '#db/database';
import type { CommandDescription, OutboxStatus, SyncStatus } from './types';
import { ATTENTION_STATUSES } from './types';

export interface SyncNotice {
  /** Mutation id of the row that was sent. */
  mutationId: string;
  kind: string;
  recordId: string;
  serverId: string | number | null;
  /** Encoded message, e.g. sync.notice.sent|{"id":"1234"}. */
  message: string;
  /** What was sent (the command's own description). */
  description: CommandDescription | null;
  at: string;
}

export interface SyncStatusState extends SyncStatus {
  notices: SyncNotice[];
  /** Sent items not dismissed yet: `notices` keeps only the newest, this counts them all. */
  noticeCount: number;
}

/** Notices kept for the UI (newest first). */
export const MAX_NOTICES = 20;

function initialStatus(): SyncStatusState {
  return {
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    phase: 'idle',
    lastSyncAt: null,
    lastPullAt: null,
    pull: null,
    counts: { pending: 0, attention: 0, sending: 0 },
    lastError: null,
    updateRequired: false,
    notices: [],
    noticeCount: 0,
  };
}

export const syncStatus = createStore<SyncStatusState>()(initialStatus);

export function patchSyncStatus(patch: Partial<SyncStatusState>): void {
  syncStatus.setState(patch);
}

export function pushNotice(notice: SyncNotice): void {
  syncStatus.setState((s) => ({
    notices: [notice, ...s.notices].slice(0, MAX_NOTICES),
    noticeCount: s.noticeCount + 1,
  }));
}

export function dismissNotice(mutationId: string): void {
  syncStatus.setState((s) => {
    const notices = s.notices.filter((n) => n.mutationId !== mutationId);
    return { notices, noticeCount: notices.length === 0 ? 0 : Math.max(s.noticeCount - 1, 0) };
  });
}

export function dismissAllNotices(): void {
  syncStatus.setState({ notices: [], noticeCount: 0 });
}

/** Back to the start state (user switch, tests). */
export function resetSyncStatus(): void {
  syncStatus.setState(initialStatus(), true);
}

/** The recount in progress or last begun: recounts run one after another. */
let lastRecount: Promise<void> = Promise.resolve();

/**
 * Recount the outbox into the store. Recounts run in the order they are asked for, so one begun
 * earlier (a capture's, not awaited) never lands after a later one with stale figures.
 */
export function refreshCounts(db: AppDatabase): Promise<void> {
  const run = lastRecount.then(() => recount(db));
  lastRecount = run.catch(() => undefined);
  return run;
}

/** One indexed count per live status, in one transaction. */
async function recount(db: AppDatabase): Promise<void> {
  // The live states are the ones a phone reports to the office's inbox: one list for both.
  const live: readonly OutboxStatus[] = QUEUE_STATES;
  // One read transaction for the seven counts (each would otherwise be its own).
  const counts = await db.transaction('r', db.outbox, () =>
    Promise.all(live.map((status) => db.outbox.where('status').equals(status).count())),
  );
  let pending = 0;
  let attention = 0;
  let sending = 0;
  live.forEach((status, i) => {
    const n = present(counts[i], `the ${status} count`);
    if (ATTENTION_STATUSES.includes(status)) attention += n;
    else pending += n;
    if (status === 'sending') sending += n;
  });
  syncStatus.setState({ counts: { pending, attention, sending } });
}
