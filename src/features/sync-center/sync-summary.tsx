/**
 * The top of the sync center: connection and engine state, last successful sync, "Sincronizar
 * ahora", and the phone's storage use with a button to ask the browser to keep the data.
 */
import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { formatDateTime } from '#domain/format';
import { lastSuccessfulSync } from '#sync/queries';
import { syncStatus } from '#sync/status-store';
import { lowStorageFree, requestPersistentStorage, storageEstimate } from '#sync/storage';
import { Button } from '#ui/button.tsx';
import { useLang } from '#ui/use-lang.ts';
import { useOnline } from '#ui/use-online.ts';

type Estimate = Awaited<ReturnType<typeof storageEstimate>>;

function kb(bytes: number): string {
  return (bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 0 });
}

function mb(bytes: number): string {
  return (bytes / 1_048_576).toLocaleString('en-US', { maximumFractionDigits: 1 });
}

function StoragePanel() {
  const { t } = useTranslation();
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [asked, setAsked] = useState<boolean | null>(null);
  const load = useCallback(() => {
    storageEstimate()
      .then(setEstimate)
      .catch(() => setEstimate(null));
  }, []);
  useEffect(load, [load]);

  async function keep() {
    const granted = await requestPersistentStorage().catch(() => false);
    setAsked(granted);
    load();
  }

  const persisted = asked === true || estimate?.persisted === true;
  const lowFree = lowStorageFree(estimate);
  return (
    <div className="sync-storage" data-testid="sync-storage">
      <p>
        {estimate && estimate.usage !== null
          ? t('syncCenter.storageUse', {
              used:
                estimate.usage < 1_048_576
                  ? `${kb(estimate.usage)} KB`
                  : `${mb(estimate.usage)} MB`,
              quota: estimate.quota !== null ? `${mb(estimate.quota)} MB` : '—',
            })
          : t('syncCenter.storageUnknown')}
      </p>
      {lowFree !== null ? (
        <p className="sync-storage-low" role="alert" data-testid="storage-low">
          {t('faults.storageNearlyFull', { free: `${mb(lowFree)} MB` })}
        </p>
      ) : null}
      {persisted ? (
        <p className="sync-storage-kept">{t('syncCenter.storageKept')}</p>
      ) : (
        <>
          <Button variant="secondary" onClick={() => void keep()} data-testid="sync-persist">
            {t('syncCenter.keepData')}
          </Button>
          {asked === false ? (
            <p className="sync-storage-refused">{t('syncCenter.keepRefused')}</p>
          ) : null}
        </>
      )}
    </div>
  );
}

export function SyncSummary({ onSyncNow }: { onSyncNow: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const online = useOnline();
  const phase = useStore(syncStatus, (s) => s.phase);
  const updateRequired = useStore(syncStatus, (s) => s.updateRequired);
  const last = useLiveQuery(() => lastSuccessfulSync().catch(() => null), []);
  const busy = phase === 'pulling' || phase === 'pushing';
  return (
    <div className="sync-summary card">
      <p
        className="sync-summary-state"
        data-testid="sync-state"
        data-online={online}
        data-phase={phase}
      >
        {online ? t('syncCenter.online') : t('syncCenter.offline')} ·{' '}
        {t(`syncCenter.phase.${phase}`)}
      </p>
      <p data-testid="sync-last">
        {last
          ? t('syncCenter.lastSync', { when: formatDateTime(last, lang) })
          : t('syncCenter.neverSynced')}
      </p>
      {updateRequired ? (
        <p className="sync-update-required" role="alert">
          {t('syncCenter.updateRequired')}
        </p>
      ) : null}
      <Button
        variant="primary"
        onClick={onSyncNow}
        busy={busy}
        disabled={!online}
        data-testid="sync-now"
      >
        {t('syncCenter.syncNow')}
      </Button>
      {!online ? <p className="sync-summary-hint">{t('syncCenter.syncNowOffline')}</p> : null}
      <StoragePanel />
    </div>
  );
}
