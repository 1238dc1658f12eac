/**
 * Whether the device session is behind the lock screen
 * (docs/sync-protocol.md#the-lock-screen-and-offline-unlock). An ended server session locks the app
 * instead of logging out: the replica and the outbox stay. `offlineUnlocked` marks a session opened
 * with the device's password verifier: the user may keep capturing, but nothing is sent until an
 * online login.
 */
import { createStore } from 'zustand/vanilla';

export type LockReason = 'expired' | 'refresh-refused' | 'paused' | 'asked';

export interface LockState {
  locked: boolean;
  reason: LockReason | null;
  offlineUnlocked: boolean;
}

const OPEN: LockState = { locked: false, reason: null, offlineUnlocked: false };

export const lockStore = createStore<LockState>()(() => OPEN);

export function lockSession(reason: LockReason): void {
  lockStore.setState({ locked: true, reason });
}

/** Opened with the device verifier: keep working offline, sending waits for a login. */
export function markUnlockedOffline(): void {
  lockStore.setState({ locked: false, reason: null, offlineUnlocked: true });
}

/** A fresh server session (online login): fully open. */
export function resetLock(): void {
  lockStore.setState(OPEN, true);
}
