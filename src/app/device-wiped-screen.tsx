/**
 * A lost device (docs/security.md#a-lost-device): while it sends its last writes, a screen
 * that asks to keep the app open; once wiped, why (the office marked the phone lost, or
 * deactivated the user), how many unsent records went to the office first, then the login.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { Button } from '#ui/button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { dismissWipeNotice, wipeStore } from '#app/wipe-store.ts';

export function DeviceWipedScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useStore(wipeStore);
  if (state.phase === 'idle') return null;
  if (state.phase === 'sending')
    return (
      <section className="screen login-screen" data-testid="device-wiping" aria-busy="true">
        <div className="card login-card">
          <h1 className="screen-title">{t('lostDevice.titleSending')}</h1>
          <p className="screen-lead">{t(`lostDevice.${state.reason}`)}</p>
          <p>{t('lostDevice.sendingBody')}</p>
          <Spinner />
        </div>
      </section>
    );
  return (
    <section className="screen login-screen" data-testid="device-wiped">
      <div className="card login-card">
        <h1 className="screen-title">{t('lostDevice.titleWiped')}</h1>
        <p className="screen-lead" role="alert">
          {t(`lostDevice.${state.reason}`)}
        </p>
        <p data-testid="device-wiped-sent">
          {state.sent > 0
            ? t('lostDevice.sent', { count: state.accepted })
            : t('lostDevice.nothingToSend')}
        </p>
        <p>{t('lostDevice.help')}</p>
        <div className="form-actions">
          <Button
            onClick={() => {
              // Navigate first: dismissing unmounts this screen, and its navigate with it.
              void Promise.resolve(navigate('/acceso')).then(dismissWipeNotice);
            }}
            data-testid="device-wiped-login"
          >
            {t('lostDevice.toLogin')}
          </Button>
        </div>
      </div>
    </section>
  );
}
