/**
 * The update bar's behaviour while a new version waits (update-prompt.tsx mounts it): it
 * watches the outbox and the sync engine, so it is a chunk of its own, fetched only then.
 */
import { useState } from 'react';
import { useStore } from 'zustand';
import { syncStatus } from '#sync/status-store';
import { UpdatePromptView } from '#app/update-prompt-view.tsx';
import { updateAfterSending } from '#app/update-after-sending.ts';
import { useOutboxCounts } from '#app/use-outbox-counts.ts';

export interface UpdateBarProps {
  activate: () => Promise<void>;
  onLater: () => void;
}

/** Mounted only while a new version waits: the outbox is watched only then. */
export function UpdateBar({ activate, onLater }: UpdateBarProps) {
  const { pending } = useOutboxCounts();
  const pushing = useStore(syncStatus, (s) => s.phase === 'pushing');
  const [updating, setUpdating] = useState(false);

  function update() {
    setUpdating(true);
    const ready = () => setUpdating(false);
    void updateAfterSending(activate, { onResumed: ready }).catch(ready);
  }

  return (
    <UpdatePromptView
      visible
      pending={pending}
      updating={updating}
      waitingForSend={updating && pushing}
      onUpdate={update}
      onLater={onLater}
    />
  );
}
