/** The "new version" bar itself, without the service-worker wiring (see update-prompt.tsx). */
import { useTranslation } from 'react-i18next';

export interface UpdatePromptViewProps {
  visible: boolean;
  onUpdate: () => void;
  onLater: () => void;
  /** Items still in the outbox: they stay saved through the update. */
  pending?: number;
  /** Update pressed: the bar waits for the new version to take over. */
  updating?: boolean;
  /** Update pressed while an item is on its way to the server. */
  waitingForSend?: boolean;
}

export function UpdatePromptView({
  visible,
  onUpdate,
  onLater,
  pending = 0,
  updating = false,
  waitingForSend = false,
}: UpdatePromptViewProps) {
  const { t } = useTranslation();
  if (!visible) return null;
  let note: string | null = null;
  if (waitingForSend) note = t('faults.update.waitingForSend');
  else if (pending > 0) note = t('faults.update.pendingKept', { count: pending });
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span className="update-prompt-text">{t('pwa.updateAvailable')}</span>
      <button
        type="button"
        className="btn btn-primary"
        onClick={onUpdate}
        disabled={updating}
        aria-busy={updating || undefined}
      >
        {t('pwa.update')}
      </button>
      {updating ? null : (
        <button type="button" className="btn btn-ghost" onClick={onLater}>
          {t('pwa.later')}
        </button>
      )}
      {note ? (
        <p className="update-prompt-note" data-testid="update-prompt-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}
