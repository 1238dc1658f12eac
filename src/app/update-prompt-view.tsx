/** The "new version" bar itself, without the service-worker wiring (see update-prompt.tsx). */
import { useTranslation } from 'react-i18next';

export interface UpdatePromptViewProps {
  visible: boolean;
  onUpdate: () => void;
  onLater: () => void;
}

export function UpdatePromptView({ visible, onUpdate, onLater }: UpdatePromptViewProps) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <div className="update-prompt" role="status">
      <span className="update-prompt-text">{t('pwa.updateAvailable')}</span>
      <button type="button" className="btn btn-primary" onClick={onUpdate}>
        {t('pwa.update')}
      </button>
      <button type="button" className="btn btn-ghost" onClick={onLater}>
        {t('pwa.later')}
      </button>
    </div>
  );
}
