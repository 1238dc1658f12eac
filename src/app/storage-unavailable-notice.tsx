/**
 * Where the browser gives the app no storage (src/app/device-storage.ts), a notice at the top
 * of every page says why nobody can log in here and what to do, instead of a failure later.
 */
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { deviceStorage } from '#app/device-storage.ts';

export function StorageUnavailableNotice() {
  const { t } = useTranslation();
  const state = useStore(deviceStorage, (s) => s.state);
  if (state !== 'unavailable') return null;
  return (
    <div className="storage-unavailable" role="alert" data-testid="storage-unavailable">
      <strong>{t('faults.storageUnavailable.title')}</strong>
      <p>{t('faults.storageUnavailable.text')}</p>
    </div>
  );
}
