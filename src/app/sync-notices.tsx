/**
 * Small toasts when a queued item reaches the server: "Enviado: Cambio de perfil (1234)". Each
 * disappears after a few seconds or on tap; the engine keeps the list (status store). A queue
 * drained at once (a week of captures reaching a signal) gives one line with the count instead
 * of a stack of toasts over the screen.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { dismissAllNotices, dismissNotice, syncStatus, type SyncNotice } from '#sync/status-store';

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

/** "Enviados: 12 registros": stays a few seconds after the last item arrived, or until tapped. */
function ManySent({ count, newest }: { count: number; newest: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(dismissAllNotices, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [newest]);
  return (
    <li className="sync-notice" data-testid="sync-notice">
      <span>{t('syncCenter.noticeSentMany', { count })}</span>
      <button
        type="button"
        className="btn btn-ghost sync-notice-close"
        aria-label={t('syncCenter.dismiss')}
        onClick={dismissAllNotices}
      >
        ×
      </button>
    </li>
  );
}

export function SyncNotices() {
  const notices = useStore(syncStatus, (s) => s.notices);
  const count = useStore(syncStatus, (s) => s.noticeCount);
  const [newest] = notices;
  if (newest === undefined) return null;
  if (count > SHOWN) {
    return (
      <ul className="sync-notices" aria-live="polite">
        <ManySent count={count} newest={newest.mutationId} />
      </ul>
    );
  }
  return (
    <ul className="sync-notices" aria-live="polite">
      {notices.slice(0, SHOWN).map((notice) => (
        <Notice key={notice.mutationId} notice={notice} />
      ))}
    </ul>
  );
}
