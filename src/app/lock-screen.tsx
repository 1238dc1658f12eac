/**
 * The lock screen (docs/sync-protocol.md#the-lock-screen-and-offline-unlock): the server session
 * ended but the phone keeps the user's replica and queue. Online it is the normal login with the
 * user name fixed; offline the password is checked against the verifier saved at the last online
 * login, with a bounded number of tries. "Another user?" leaves this user's data on the phone.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { z } from 'zod';
import { builtOnce } from '#domain/built-once';
import { msg } from '#domain/messages';
import { isApiError, isNetworkError } from '#api/errors';
import { sessionStore } from '#api/session-store';
import { Form } from '#ui/form.tsx';
import { PasswordField } from '#ui/form-field.tsx';
import { Button } from '#ui/button.tsx';
import { showError } from '#ui/error-store.ts';
import { useOnline } from '#ui/use-online.ts';
import { switchUser, unlockWithDevice, unlockWithServer } from '#app/session.ts';
import { useOutboxCounts } from '#app/use-outbox-counts.ts';

// Built when the lock screen first shows: an unlocked start never needs it.
const unlockSchema = builtOnce(() =>
  z.object({ password: z.string().min(1, msg('validation.required')) }),
);
type UnlockValues = z.infer<ReturnType<typeof unlockSchema>>;

/** The lock screen's message after a try, as an i18n key. */
type Failure =
  'auth.wrongCredentials' | 'lock.wrong' | 'lock.lockedUntilOnline' | 'lock.unknownUser';

export function LockScreen() {
  const { t } = useTranslation();
  const online = useOnline();
  const navigate = useNavigate();
  const user = useStore(sessionStore, (s) => s.user);
  const counts = useOutboxCounts();
  const unsent = counts.pending + counts.attention;
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<UnlockValues>({
    resolver: zodResolver(unlockSchema()),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });

  async function tryDevice(password: string) {
    const result = await unlockWithDevice(password);
    if (result === 'wrong') setFailure('lock.wrong');
    else if (result === 'locked-until-online') setFailure('lock.lockedUntilOnline');
    else if (result === 'unknown-user') setFailure('lock.unknownUser');
  }

  async function submit({ password }: UnlockValues) {
    setFailure(null);
    if (!online) {
      await tryDevice(password);
      return;
    }
    try {
      await unlockWithServer(password);
    } catch (error) {
      if (isApiError(error) && (error.status === 400 || error.status === 401))
        setFailure('auth.wrongCredentials');
      // The phone thinks it is online but nothing answers: the device check still works.
      else if (isNetworkError(error)) await tryDevice(password);
      else showError(error);
    }
  }

  function otherUser() {
    // Move first, synchronously: while locked no route renders, so nothing redirects; once the
    // session is gone the shell shows the login at /acceso instead of bouncing to /.
    void navigate('/acceso', { replace: true, flushSync: true });
    switchUser();
  }

  return (
    <section className="screen login-screen lock-screen" data-testid="lock-screen">
      <div className="card login-card">
        <h1 className="screen-title">{t('lock.title')}</h1>
        <p className="screen-lead">{t('lock.intro')}</p>
        <p className="lock-user" data-testid="lock-user">
          {t('lock.user', { username: user?.username ?? '' })}
        </p>
        {unsent > 0 ? <p className="lock-pending">{t('lock.pending', { count: unsent })}</p> : null}
        <p className="lock-hint" data-testid="lock-mode" data-online={online}>
          {online ? t('lock.onlineHint') : t('lock.offlineHint')}
        </p>
        <Form form={form} onSubmit={submit} confirm={false} className="form login-form">
          <input
            type="hidden"
            name="username"
            autoComplete="username"
            value={user?.username ?? ''}
            readOnly
          />
          <PasswordField
            name="password"
            label={t('lock.password')}
            autoComplete="current-password"
            required
          />
          {failure ? (
            <p className="login-failure" role="alert" data-testid="lock-failure">
              {t(failure)}
            </p>
          ) : null}
          <Button
            type="submit"
            variant="primary"
            className="login-submit"
            busy={form.formState.isSubmitting}
            data-testid="lock-submit"
          >
            {form.formState.isSubmitting ? t('lock.unlocking') : t('lock.unlock')}
          </Button>
          <button
            type="button"
            className="btn btn-ghost login-help"
            onClick={otherUser}
            data-testid="lock-other-user"
          >
            {t('lock.otherUser')}
          </button>
        </Form>
      </div>
    </section>
  );
}
