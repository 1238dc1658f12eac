/**
 * What the screen shows while a lost device sends its last writes and wipes itself, and after
 * (docs/security.md#a-lost-device). In the main chunk: once wiped, the user is logged out and
 * the public side draws the notice before the login screen.
 */
import { createStore } from 'zustand/vanilla';
import { fieldOf } from '#domain/guards';
import { isLostReason, type LostReason } from '#domain/lost-device';

export type WipeState =
  | { phase: 'idle' }
  | { phase: 'sending'; reason: LostReason }
  /** `sent` unsent writes went in the final push; the server took `accepted` of them. */
  | { phase: 'wiped'; reason: LostReason; sent: number; accepted: number };

/**
 * The notice outlives a reload until it is read: the wipe may finish on a page about to be
 * reloaded. It names only the reason and two counts, nothing of the user.
 */
const NOTICE_KEY = 'comonsit.wipeNotice';

function storedNotice(): WipeState {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(NOTICE_KEY) ?? 'null');
    const reason = fieldOf(stored, 'reason');
    const sent = fieldOf(stored, 'sent');
    const accepted = fieldOf(stored, 'accepted');
    if (isLostReason(reason) && typeof sent === 'number' && typeof accepted === 'number')
      return { phase: 'wiped', reason, sent, accepted };
  } catch {
    // No storage, or not ours: no notice.
  }
  return { phase: 'idle' };
}

export const wipeStore = createStore<WipeState>()(() => storedNotice());

wipeStore.subscribe((state) => {
  try {
    if (state.phase === 'wiped') localStorage.setItem(NOTICE_KEY, JSON.stringify(state));
    else localStorage.removeItem(NOTICE_KEY);
  } catch {
    // Blocked storage: the notice lasts as long as the page.
  }
});

/** The notice was read: on to the login screen. */
export function dismissWipeNotice(): void {
  wipeStore.setState({ phase: 'idle' }, true);
}
