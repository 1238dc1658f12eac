import { useTranslation } from 'react-i18next';
import { useOnline } from '#ui/use-online.ts';

/** Tells the promoter that work is saved on the phone and will sync when signal returns. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <strong>{t('ui.offline.title')}</strong> <span>{t('ui.offline.body')}</span>
    </div>
  );
}
