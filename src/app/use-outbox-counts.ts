/** Live pending / needs-attention counts of the open replica's outbox (0 while none is open). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from 'zustand';
import { attentionCount, pendingCount } from '#sync/queries';
import { replicaStore } from '#app/user-replica.ts';

export interface OutboxCounts {
  pending: number;
  attention: number;
}

const NONE: OutboxCounts = { pending: 0, attention: 0 };

export function useOutboxCounts(): OutboxCounts {
  const { userId, ready } = useStore(replicaStore);
  return (
    useLiveQuery(
      async () =>
        ready ? { pending: await pendingCount(), attention: await attentionCount() } : NONE,
      [ready, userId],
    ) ?? NONE
  );
}
