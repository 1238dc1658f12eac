/**
 * The server said this session's device is lost or its user deactivated (401 with code
 * `device_lost` / `user_inactive`, docs/security.md#a-lost-device). Every answer the app reads
 * passes here (`sendRequest`, `rawRequest`); the app's session code listens and runs the final
 * push and the wipe. Vanilla store: the sync engine and the service worker share this layer.
 */
import { createStore } from 'zustand/vanilla';
import { fieldOf } from '#domain/guards';
import { isLostReason, type LostReason } from '#domain/lost-device';

export const lostSignal = createStore<{ reason: LostReason | null }>()(() => ({ reason: null }));

/**
 * Note a lost session's refusal among the answers, or a final push's wipe order (`wipe`: the
 * `X-Device-Wipe` header, when the sync engine's own batch was that push). The first one wins.
 */
export function noticeLost(status: number, body: unknown, wipe: string | null = null): void {
  const code = status === 401 ? fieldOf(body, 'code') : wipe;
  if (isLostReason(code) && lostSignal.getState().reason === null)
    lostSignal.setState({ reason: code });
}

/** The wipe is over (or a test starts clean). */
export function clearLostSignal(): void {
  lostSignal.setState({ reason: null });
}
