/** Waiting rules of the push: exponential backoff with jitter, and the server's Retry-After. */

export interface BackoffSettings {
  /** First wait after a 5xx (ms). */
  baseMs: number;
  /** Longest wait between two tries (ms). */
  maxMs: number;
  /** 5xx answers in a row after which a row is `stuck` (visible, resendable, never dropped). */
  maxAttempts: number;
  /** Wait when a 429/503 carries no usable Retry-After (ms). */
  defaultRetryAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffSettings = {
  baseMs: 2_000,
  maxMs: 10 * 60_000,
  maxAttempts: 8,
  defaultRetryAfterMs: 30_000,
};

/** "Full jitter": a random wait in [base·2^(n−1) / 2, base·2^(n−1)], capped. */
export function backoffDelay(
  attempts: number,
  settings: BackoffSettings,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(settings.maxMs, settings.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After as delta-seconds or an HTTP date → ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
