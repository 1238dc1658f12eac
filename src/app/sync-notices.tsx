/**
 * Small toasts when a queued item reaches the server: "Enviado: Cambio de perfil (1234)". Each
 * disappears after a few seconds or on tap; the engine keeps the list (status store).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { dismissNotice, syncStatus, type SyncNotice } from '#sync/status-store';

export const NOTICE_MS = 6000;
const SHOWN = 3;

function Notice({ notice }: { notice: SyncNotice }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dismissNotice(notice.mutationId), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice.mutationId]);
  const item = notice.description
    ? t(notice.description.key, notice.description.params)
    : t('syncCenter.unknownKind', { kind: notice.kind });
  const text =
    notice.serverId !== null
      ? t('syncCenter.noticeSentId', { item, id: String(notice.serverId) })
      : t('syncCenter.noticeSent', { item });
  return (
    <li className="sync-notice" data-testid="sync-notice">
      <span>{text}</span>
      <button
        type="button"
        className="btn btn-ghost sync-notice-close"
        aria-label={t('syncCenter.dismiss')}
        onClick={() => dismissNotice(notice.mutationId)}
      >
        ×
      </button>
    </li>
  );
}

export function SyncNotices() {
  const notices = useStore(syncStatus, (s) => s.notices);
  if (notices.length === 0) return null;
  return (
    <ul className="sync-notices" aria-live="polite">
      {notices.slice(0, SHOWN).map((notice) => (
        <Notice key={notice.mutationId} notice={notice} />
      ))}
    </ul>
  );
}
