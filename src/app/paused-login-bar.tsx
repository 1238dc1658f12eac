/**
 * After an offline unlock the user keeps capturing, but nothing is sent until an online login:
 * this bar says so and opens the lock screen (the normal login) when tapped.
 */
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useOnline } from '#ui/use-online.ts';
import { lockSession, lockStore } from '#app/lock-store.ts';

export function PausedLoginBar() {
  const { t } = useTranslation();
  const online = useOnline();
  const offlineUnlocked = useStore(lockStore, (s) => s.offlineUnlocked);
  if (!offlineUnlocked) return null;
  return (
    <div className="paused-login-bar" role="status" data-testid="paused-login">
      <span>{t('syncCenter.pausedLogin')}</span>
      {online ? (
        <button type="button" className="btn btn-primary" onClick={() => lockSession('asked')}>
          {t('syncCenter.pausedLoginAction')}
        </button>
      ) : null}
    </div>
  );
}
