/**
 * What a batch push (`push-batch.ts`) reads once for all its writes instead of once per write
 * (on PGlite each statement costs about a millisecond, and these were a third of a
 * write's). Each write's own call finds it through async context: only the calls the batch
 * injects run inside it (a request from the network never does), and a call outside it runs
 * the whole single-call pipeline. Nothing here changes an answer:
 *
 * - the caller: the batch's token was verified and its user read when the batch came in; each
 *   write checks again that the token has not expired, and after a write that may change who a
 *   user is (`defineWriteRoute`'s `mayChangeCallers`) the next write reads the user again;
 * - the stored keys of the batch's writes, read in one query: a key not among them had not been
 *   answered when the batch began, so its write goes straight to its transaction, where it is
 *   looked up again under the write-order lock as every write's is;
 * - the caller's last contact, written by the first write that opens its transaction (it moves
 *   once a minute at most: the others' would change nothing).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { VerifiedToken } from '#server/auth/tokens';
import type { AuthUser } from '#server/auth/user-lookup';
import type { StoredKey } from './idempotency.ts';

export interface PushBatchScope {
  /** The batch's access token, as its request verified it. */
  readonly token: VerifiedToken;
  /** The caller as last read; null after a write that may have changed it (read it again). */
  caller: AuthUser | null;
  /** The batch's keys this caller had already used when the batch began, with their rows. */
  readonly storedKeys: ReadonlyMap<string, StoredKey>;
  /** A write of the batch has committed the caller's last contact. */
  contactWritten: boolean;
  /** The final push of a lost session (docs/security.md#a-lost-device): its writes go through. */
  readonly finalPush: boolean;
}

const batches = new AsyncLocalStorage<PushBatchScope>();

/** Run the batch's writes with `scope` visible to their calls. */
export function runInPushBatch<T>(scope: PushBatchScope, run: () => Promise<T>): Promise<T> {
  return batches.run(scope, run);
}

/** The batch this call is a write of; undefined for a call of its own. */
export function currentPushBatch(): PushBatchScope | undefined {
  return batches.getStore();
}
