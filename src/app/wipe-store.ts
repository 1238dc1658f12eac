/**
 * What the screen shows while a lost device sends its last writes and wipes itself, and after
 * (docs/security.md#a-lost-device). In the main chunk: once wiped, the user is logged out and
 * the public side draws the notice before the login screen.
 */
import { createStore } from 'zustand/vanilla';
import type { LostReason } from '#domain/lost-device';

export type WipeState =
  | { phase: 'idle' }
  | { phase: 'sending'; reason: LostReason }
  /** `sent` unsent writes went in the final push; the server took `accepted` of them. */
  | { phase: 'wiped'; reason: LostReason; sent: number; accepted: number };

export const wipeStore = createStore<WipeState>()(() => ({ phase: 'idle' }));

/** The notice was read: on to the login screen. */
export function dismissWipeNotice(): void {
  wipeStore.setState({ phase: 'idle' }, true);
}
