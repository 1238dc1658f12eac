/**
 * "Nueva versión disponible" with an Update button when a new service worker is waiting. It
 * never reloads on its own: a promoter may be halfway through a form. Updating first lets an
 * item being sent finish (update-after-sending.ts), then posts SKIP_WAITING to the waiting
 * worker (sw/sw.ts), and the page reloads once it takes control. What is still queued stays
 * in the outbox and the prompt says so.
 */
import { lazy, Suspense } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

const UpdateBar = lazy(() => import('#app/update-bar.tsx').then((m) => ({ default: m.UpdateBar })));

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBar activate={() => updateServiceWorker(true)} onLater={() => setNeedRefresh(false)} />
    </Suspense>
  );
}
