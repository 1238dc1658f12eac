/**
 * Tells the promoter that work is saved on the phone and will sync when signal returns
 *: one compact line in the page's flow — it pushes the screen down instead of lying
 * over a field or a button — that can be closed. Closed, it stays closed until the connection
 * changes again (back online, then offline once more shows it anew).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '#ui/use-online.ts';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const [dismissed, setDismissed] = useState(false);
  // A change of connection forgets the dismissal (adjusted while rendering, no effect needed).
  const [seenOnline, setSeenOnline] = useState(online);
  if (seenOnline !== online) {
    setSeenOnline(online);
    setDismissed(false);
  }
  if (online || dismissed) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <p className="offline-banner-text">
        <strong>{t('ui.offline.title')}</strong> <span>{t('ui.offline.body')}</span>
      </p>
      <button
        type="button"
        className="offline-banner-close"
        aria-label={t('ui.offline.dismiss')}
        onClick={() => setDismissed(true)}
      >
        ×
      </button>
    </div>
  );
}
