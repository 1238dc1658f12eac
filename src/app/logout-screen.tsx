/**
 * `/logout`: an explicit logout wipes this user's replica, tokens and verifier. When the
 * outbox still holds unsent items, it warns first with their count; confirmed, those items
 * stay in the user's database and are sent after the same user logs in again.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { attentionCount, pendingCount } from '#sync/queries';
import { Button } from '#ui/button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { logout } from '#app/session.ts';
import { replicaStore } from '#app/user-replica.ts';

/** Unsent rows, or undefined until the replica is open and counted. */
function useUnsent(): number | undefined {
  const { userId, ready } = useStore(replicaStore);
  return useLiveQuery(
    async () => (ready ? (await pendingCount()) + (await attentionCount()) : undefined),
    [ready, userId],
  );
}

export function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unsent = useUnsent();
  const [confirmed, setConfirmed] = useState(false);
  const go = confirmed || unsent === 0;

  useEffect(() => {
    if (go) void logout();
  }, [go]);

  if (go || unsent === undefined) return <Spinner />;
  return (
    <section className="screen logout-screen" data-testid="logout-warning">
      <h1 className="screen-title">{t('session.logoutTitle')}</h1>
      <p className="screen-lead" role="alert">
        {t('session.logoutUnsent', { count: unsent })}
      </p>
      <div className="form-actions">
        <Button variant="ghost" onClick={() => void navigate(-1)} data-testid="logout-cancel">
          {t('session.logoutCancel')}
        </Button>
        <Button variant="danger" onClick={() => setConfirmed(true)} data-testid="logout-confirm">
          {t('session.logoutConfirm')}
        </Button>
      </div>
    </section>
  );
}
