/**
 * The manager's control of who translates: the users with their translator
 * flag, granted or withdrawn with a checkbox. The app has no other users screen for managers,
 * so it lives here, beside the work it allows. Online only (the list is the server's).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import { fetchUsers, setTranslator, type UserRow } from '#api/traducciones';
import { useOnline } from '#ui/use-online.ts';

export function TranslatorsPanel() {
  const { t } = useTranslation();
  const online = useOnline();
  const [users, setUsers] = useState<UserRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<number | null>(null);

  useEffect(() => {
    if (!online) return;
    let live = true;
    fetchUsers().then(
      (rows) => live && setUsers(rows),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [online]);

  async function toggle(user: UserRow) {
    setSaving(user.id);
    setFailed(false);
    try {
      const saved = await setTranslator(user.id, !user.traductor);
      setUsers((rows) => rows?.map((row) => (row.id === saved.id ? saved : row)) ?? null);
    } catch {
      setFailed(true);
    } finally {
      setSaving(null);
    }
  }

  return (
    <details className="translators-panel" data-testid="translators-panel">
      <summary>{t('traducciones.translators.title')}</summary>
      {!online ? <p role="status">{t('traducciones.translators.offline')}</p> : null}
      {failed ? <p role="alert">{t('traducciones.translators.failed')}</p> : null}
      {online && users ? (
        <ul className="translators-list">
          {users.map((user) => (
            <li key={user.id}>
              <label>
                <input
                  type="checkbox"
                  checked={user.traductor}
                  disabled={saving === user.id}
                  onChange={() => void toggle(user)}
                />{' '}
                {`${user.first_name} ${user.last_name}`.trim() || user.username} ({user.username},{' '}
                {t(codeLabelKey('roles', user.role))})
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
