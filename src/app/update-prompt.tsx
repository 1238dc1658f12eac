/**
 * "Nueva versión disponible" with an Update button when a new service worker is waiting. It
 * never reloads on its own: a promoter may be halfway through a form. Updating posts
 * SKIP_WAITING to the waiting worker (sw/sw.ts), and the page reloads once it takes control.
 */
import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdatePromptView } from '#app/update-prompt-view.tsx';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  return (
    <UpdatePromptView
      visible={needRefresh}
      onUpdate={() => void updateServiceWorker(true)}
      onLater={() => setNeedRefresh(false)}
    />
  );
}
