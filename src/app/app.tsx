/**
 * The whole app: router (inside the map tiles provider), the generic error modal, offline banner
 * and the update prompt.
 */
import { ErrorModalHost } from '#ui/error-modal.tsx';
import { OfflineBanner } from '#ui/offline-banner.tsx';
import { ErrorBoundary } from '#app/error-boundary.tsx';
import { StorageUnavailableNotice } from '#app/storage-unavailable-notice.tsx';
import { AppMapTilesProvider } from '#app/map-tiles-provider.tsx';
import { AppRouter, type AppRouterInstance } from '#app/router.tsx';
import { UpdatePrompt } from '#app/update-prompt.tsx';

export function App({ router }: { router?: AppRouterInstance | undefined } = {}) {
  return (
    <ErrorBoundary>
      <StorageUnavailableNotice />
      <OfflineBanner />
      <AppMapTilesProvider>
        <AppRouter router={router} />
      </AppMapTilesProvider>
      <ErrorModalHost />
      <UpdatePrompt />
    </ErrorBoundary>
  );
}
