/** The first (full) pull's progress bar under the top bar: rows and kilobytes received so far. */
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { formatNumber } from '#domain/format';
import { syncStatus } from '#sync/status-store';

export function FirstSyncProgress() {
  const { t } = useTranslation();
  const pull = useStore(syncStatus, (s) => s.pull);
  if (!pull || !pull.initial || pull.done) return null;
  return (
    <div className="first-sync" role="status" data-testid="first-sync-progress">
      <div className="first-sync-bar" aria-hidden="true">
        <span className="first-sync-fill" />
      </div>
      <p className="first-sync-text">
        {t('syncCenter.progress', {
          rows: formatNumber(pull.rows, 0),
          kb: formatNumber(pull.bytes / 1024, 0),
        })}
      </p>
    </div>
  );
}
