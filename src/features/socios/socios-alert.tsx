/** The members screen's notice of how the last save ended (sent, or saved to be sent). */
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';
import type { SocioSaveResult } from './socio-form-modal.tsx';

export function SaveAlert({ result, onClose }: { result: SocioSaveResult; onClose: () => void }) {
  const { t } = useTranslation();
  const text =
    result.outcome === 'queued'
      ? t('socios.queued')
      : t(result.kind === 'create' ? 'socios.created' : 'socios.updated', { id: result.id });
  return (
    <div
      className={`socios-alert is-${result.outcome}`}
      role="status"
      data-testid="socios-alert"
      data-outcome={result.outcome}
    >
      <span>{text}</span>
      <Button
        variant="ghost"
        className="btn-icon"
        aria-label={t('ui.modal.close')}
        onClick={onClose}
      >
        ×
      </Button>
    </div>
  );
}
