/**
 * How many bytes the next batch may carry: batches are sized to the link by bytes,
 * not by count. Each batch's bytes and time (send, server, answer) give the rate the link
 * carried; the next batch is what that rate carries in `BATCH_TARGET_MS`, so on a weak link a
 * window that closes loses one short batch, and on a good one few round trips are needed.
 */

/** Byte budgets of a batch: the first one, and the bounds the measured link moves it within. */
export const PUSH_BATCH_BYTES = {
  initial: 64 * 1024,
  min: 8 * 1024,
  /** Under the server's 1 MiB body limit with room for the envelope. */
  max: 768 * 1024,
} as const;
/** A batch should take about this long on the measured link. */
export const BATCH_TARGET_MS = 2_000;
/** A write larger than this never fits the server's body limit in a batch: sent alone. */
export const BATCH_HARD_LIMIT_BYTES = 1_000_000;

export interface LinkMeter {
  budgetBytes(): number;
  /** A batch of `bytes` got its answer after `ms`. */
  record(bytes: number, ms: number): void;
}

export function createLinkMeter(initial: number = PUSH_BATCH_BYTES.initial): LinkMeter {
  let budget = initial;
  return {
    budgetBytes: () => budget,
    record(bytes, ms) {
      if (bytes <= 0) return;
      const carried = (bytes * BATCH_TARGET_MS) / Math.max(ms, 1);
      // Grow at most 4× a step (one fast answer says little). Shrink only after a batch near
      // the budget: a small one (the queue's end) is mostly round trip and says little either.
      const next =
        bytes * 2 < budget
          ? Math.max(budget, Math.min(carried, budget * 4))
          : Math.min(carried, budget * 4);
      budget = Math.round(Math.min(PUSH_BATCH_BYTES.max, Math.max(PUSH_BATCH_BYTES.min, next)));
    },
  };
}
