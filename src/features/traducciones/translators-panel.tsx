/**
 * The manager's control of who translates: the users with their translator
 * flag, granted or withdrawn with a checkbox. The app has no other users screen for managers,
 * so it lives here, beside the work it allows, and so does the lost-device mark: each row says
 * whether the user's device is marked lost (and whether the phone has been told since) and
 * offers the mark, after a dialog naming the user and saying what will happen
 * (docs/security.md#a-lost-device). Online only (the list is the server's).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import { formatDateTime } from '#domain/format';
import { fetchUsers, markDeviceLost, setTranslator, type UserRow } from '#api/traducciones';
import { Button } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { useLang } from '#ui/use-lang.ts';
import { useOnline } from '#ui/use-online.ts';

const nameOf = (user: UserRow) => `${user.first_name} ${user.last_name}`.trim() || user.username;

/** The user's lost-device state in words, or null when there is none. */
function LostState({ user }: { user: UserRow }) {
  const { t } = useTranslation();
  const lang = useLang();
  const parts: string[] = [];
  if (!user.activo) parts.push(t('traducciones.translators.inactive'));
  if (user.dispositivo_perdido)
    parts.push(
      `${t('traducciones.translators.lostSince', { date: formatDateTime(user.dispositivo_perdido, lang) })}: ${
        user.aviso_entregado
          ? t('traducciones.translators.lostTold', {
              date: formatDateTime(user.aviso_entregado, lang),
            })
          : t('traducciones.translators.lostWaiting')
      }`,
    );
  if (parts.length === 0) return null;
  return (
    <span className="user-lost-state" data-testid={`user-lost-${user.id}`}>
      {parts.join(' · ')}
    </span>
  );
}

export function TranslatorsPanel() {
  const { t } = useTranslation();
  const online = useOnline();
  const [users, setUsers] = useState<UserRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<number | null>(null);
  const [losing, setLosing] = useState<UserRow | null>(null);

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

  async function markLost(user: UserRow) {
    setSaving(user.id);
    setFailed(false);
    try {
      const saved = await markDeviceLost(user);
      setUsers((rows) => rows?.map((row) => (row.id === saved.id ? saved : row)) ?? null);
      setLosing(null);
    } catch {
      setFailed(true);
      setLosing(null);
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
            <li key={user.id} data-testid={`user-row-${user.id}`}>
              <label>
                <input
                  type="checkbox"
                  checked={user.traductor}
                  disabled={saving === user.id}
                  onChange={() => void toggle(user)}
                />{' '}
                {nameOf(user)} ({user.username}, {t(codeLabelKey('roles', user.role))})
              </label>{' '}
              <LostState user={user} />{' '}
              <Button
                variant="ghost"
                disabled={saving === user.id}
                onClick={() => setLosing(user)}
                aria-label={`${t('traducciones.translators.markLost')}: ${nameOf(user)}`}
              >
                {t('traducciones.translators.markLost')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={losing !== null}
        title={losing ? t('traducciones.translators.markLostTitle', { name: nameOf(losing) }) : ''}
        message={losing ? t('traducciones.translators.markLostBody', { name: nameOf(losing) }) : ''}
        confirmLabel={t('traducciones.translators.markLostConfirm')}
        cancelLabel={t('traducciones.translators.markLostCancel')}
        busy={losing !== null && saving === losing.id}
        onCancel={() => setLosing(null)}
        onConfirm={() => losing && void markLost(losing)}
      />
    </details>
  );
}
