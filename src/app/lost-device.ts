/**
 * A lost device wipes itself (docs/security.md#a-lost-device). When any answer says the office
 * marked this device lost or deactivated its user (`#api/lost-signal`), the app stops syncing,
 * sends every unsent write in the one final push the server still accepts — retrying while
 * there is no answer, since those captures are the cooperative's money — and only then deletes
 * everything of the user on the phone: the whole database (copy, outbox, receipts, audit), the
 * data key's wraps, the offline verifier, the device token, the background-sync tokens and the
 * session. The screen says why, then leads to the login.
 */
import type { LostReason } from '#domain/lost-device';
import { clearLostSignal, lostSignal } from '#api/lost-signal';
import { clearSession, forgetDeviceToken, getSession } from '#api/session-store';
import { refreshToken } from '#api/token-refresh';
import { forgetSigningManagers } from '#api/signing-managers';
import { openUserDb } from '#db/database';
import { forgetBackgroundCredentials } from '#sync/background-sync';
import { DEFAULT_BACKOFF } from '#sync/backoff';
import { finalPush, type FinalPushResult } from '#sync/final-push';
import type { FetchLike } from '#api/raw-request';
import { resetLock } from '#app/lock-store.ts';
import { forgetUserOnDevice, haltSession } from '#app/session.ts';
import { wipeStore } from '#app/wipe-store.ts';

export interface WipeOptions {
  /** Wait between final-push attempts that got no answer. */
  retryMs?: number;
  fetch?: FetchLike;
}

let running: Promise<void> | null = null;

/**
 * The final push with the session's tokens as they were when the refusal came: a login whose
 * first call was refused clears the session meanwhile, and its outbox must still go.
 */
async function pushUntilAnswered(userId: number, options: WipeOptions): Promise<FinalPushResult> {
  const db = await openUserDb(userId);
  let { access, refresh } = getSession();
  const renew = async () => {
    if (refresh === null) return false;
    try {
      const answer = await refreshToken(refresh);
      access = answer.access;
      refresh = answer.refresh ?? refresh;
      return true;
    } catch {
      return false;
    }
  };
  for (;;) {
    const result = await finalPush({
      db,
      ...(options.fetch && { fetch: options.fetch }),
      now: () => Date.now(),
      random: () => Math.random(),
      getAccessToken: () => access,
      refresh: renew,
      backoff: DEFAULT_BACKOFF,
    });
    if (result.kind !== 'no-answer') return result;
    await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 15_000));
  }
}

async function run(reason: LostReason, options: WipeOptions): Promise<void> {
  const { userId, user } = getSession();
  // A refused login (a deactivated user on a new phone): nothing here to wipe; the login
  // screen shows the server's words.
  if (userId === null || getSession().refresh === null) return;
  haltSession();
  wipeStore.setState({ phase: 'sending', reason }, true);
  const result = await pushUntilAnswered(userId, options);
  await forgetUserOnDevice(userId, user?.username ?? null, { keepOutbox: false });
  if (user) forgetDeviceToken(user.username);
  forgetSigningManagers();
  await forgetBackgroundCredentials().catch(() => undefined);
  clearSession({ autoSignInDone: true });
  resetLock();
  wipeStore.setState(
    {
      phase: 'wiped',
      reason,
      sent: result.kind === 'sent' ? result.sent : 0,
      accepted: result.kind === 'sent' ? result.accepted : 0,
    },
    true,
  );
}

/** Send what is left, then wipe; one run at a time, whatever the number of refusals. */
export function wipeLostDevice(reason: LostReason, options: WipeOptions = {}): Promise<void> {
  running ??= run(reason, options).finally(() => {
    running = null;
    clearLostSignal();
  });
  return running;
}

let watching = false;

/** From now on, a lost session's refusal starts the wipe (once per page). */
export function watchLostSignal(options: WipeOptions = {}): void {
  if (watching) return;
  watching = true;
  const check = () => {
    const { reason } = lostSignal.getState();
    if (reason) void wipeLostDevice(reason, options).catch(() => undefined);
  };
  lostSignal.subscribe(check);
  check();
}
