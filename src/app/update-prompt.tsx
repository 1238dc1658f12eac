/**
 * "Nueva versión disponible" with an Update button when a new service worker is waiting. It
 * never reloads on its own: a promoter may be halfway through a form. Updating first lets an
 * item being sent finish (update-after-sending.ts), then posts SKIP_WAITING to the waiting
 * worker (sw/sw.ts), and the page reloads once it takes control. What is still queued stays
 * in the outbox and the prompt says so.
 */
import { useState } from 'react';
import { useStore } from 'zustand';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { syncStatus } from '#sync/status-store';
import { UpdatePromptView } from '#app/update-prompt-view.tsx';
import { updateAfterSending } from '#app/update-after-sending.ts';
import { useOutboxCounts } from '#app/use-outbox-counts.ts';

interface UpdateBarProps {
  activate: () => Promise<void>;
  onLater: () => void;
}

/** Mounted only while a new version waits: the outbox is watched only then. */
function UpdateBar({ activate, onLater }: UpdateBarProps) {
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

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <UpdateBar activate={() => updateServiceWorker(true)} onLater={() => setNeedRefresh(false)} />
  );
}
