/**
 * Which user's replica is open on this page. Opening, switching and wiping run one after the
 * other on a single chain, so a logout's wipe can never close the database the next login just
 * opened. While a replica is open, its stored current user (meta "me") is mirrored into the
 * session store: the layout and every screen see a profile edit made offline at once.
 */
import { liveQuery, type Subscription } from 'dexie';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { useEffect } from 'react';
import type { Me } from '#domain/entities';
import { meSchema } from '#api/me-schema';
import { getSession, patchSession } from '#api/session-store';
import {
  closeUserDb,
  openUserDb,
  outboxHoldsUnsent,
  wipeUserReplica,
  type AppDatabase,
} from '#db/database';
import { CURRENT_USER_KEY } from '#commands/current-user';
import {
  startTranslationOverlay,
  stopTranslationOverlay,
} from '#app/translation-overlay-runtime.ts';

interface ReplicaState {
  userId: number | null;
  ready: boolean;
}

export const replicaStore = createStore<ReplicaState>()(() => ({ userId: null, ready: false }));

let chain: Promise<unknown> = Promise.resolve();
let mirror: Subscription | null = null;

/** Run `task` after everything queued before it, whatever their outcome. */
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = chain.then(task, task);
  chain = run.catch(() => undefined);
  return run;
}

function sameUser(a: Me | null, b: Me): boolean {
  return a !== null && JSON.stringify(a) === JSON.stringify(b);
}

function mirrorCurrentUser(db: AppDatabase, userId: number): void {
  mirror?.unsubscribe();
  mirror = liveQuery(() => db.meta.get(CURRENT_USER_KEY)).subscribe({
    next: (row) => {
      const parsed = meSchema.safeParse(row?.value);
      if (!parsed.success || parsed.data.id !== userId) return;
      const session = getSession();
      if (session.userId !== userId || session.access === null) return;
      if (!sameUser(session.user, parsed.data))
        patchSession({ user: parsed.data, role: parsed.data.role });
    },
    error: () => undefined,
  });
}

function stopMirror(): void {
  mirror?.unsubscribe();
  mirror = null;
  stopTranslationOverlay();
}

/** Open (or switch to) the replica of `userId`. Resolves when it is ready. */
export function openReplica(userId: number): Promise<AppDatabase> {
  return serial(async () => {
    const state = replicaStore.getState();
    if (state.userId !== userId) replicaStore.setState({ userId, ready: false });
    const db = await openUserDb(userId);
    if (!state.ready || state.userId !== userId) {
      mirrorCurrentUser(db, userId);
      startTranslationOverlay(db);
    }
    replicaStore.setState({ userId, ready: true });
    return db;
  });
}

/** Close the open replica (its data stay on the phone). */
export function closeReplica(): Promise<void> {
  return serial(async () => {
    stopMirror();
    closeUserDb();
    replicaStore.setState({ userId: null, ready: false }, true);
  });
}

/**
 * Explicit logout: the user's replica goes, unsent outbox rows stay for their next login
 * (`keepOutbox`); a lost device: the whole database goes.
 */
export function wipeReplica(userId: number, keepOutbox = true): Promise<void> {
  return serial(async () => {
    if (replicaStore.getState().userId === userId) {
      stopMirror();
      replicaStore.setState({ userId: null, ready: false }, true);
    }
    await wipeUserReplica(userId, { keepOutbox });
  });
}

/** Whether the user's database still holds unsent rows (after a logout's wipe kept them). */
export function unsentRowsKept(userId: number): Promise<boolean> {
  return serial(() => outboxHoldsUnsent(userId));
}

/** True once the replica of `userId` is open; opens it when needed (restored sessions, tests). */
export function useReplicaReady(userId: number | null): boolean {
  const state = useStore(replicaStore);
  const ready = userId !== null && state.userId === userId && state.ready;
  useEffect(() => {
    if (userId !== null && !ready) void openReplica(userId).catch(() => undefined);
  }, [userId, ready]);
  return ready;
}
