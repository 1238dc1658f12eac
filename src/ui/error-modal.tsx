import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';
import type { ErrorDescription } from '#ui/error-description.ts';
import { dismissError, useErrorStore } from '#ui/error-store.ts';
import { useMessageText } from '#ui/message-text.ts';
import { Modal } from '#ui/modal.tsx';

export interface ErrorModalProps {
  error: ErrorDescription | null;
  onClose: () => void;
}

/** The generic error modal: title by status, the server's texts, the raw answer folded away. */
export function ErrorModal({ error, onClose }: ErrorModalProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  if (!error) return null;
  return (
    <Modal
      open
      role="alertdialog"
      size="sm"
      title={t(error.title)}
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('ui.errorModal.ok')}
        </Button>
      }
    >
      {error.status === 0 ? (
        <p className="error-note">{t('ui.errorModal.checkConnection')}</p>
      ) : null}
      {error.status !== 0 && (error.status >= 500 || error.lines.length === 0) ? (
        <p className="error-note">{t('ui.errorModal.notSaved')}</p>
      ) : null}
      {error.lines.length > 0 ? (
        <ul className="error-lines">
          {error.lines.map((line, index) => (
            <li key={index}>{messageText(line)}</li>
          ))}
        </ul>
      ) : null}
      {error.raw ? (
        <details className="error-raw">
          <summary>{t('ui.errorModal.details')}</summary>
          <pre>{error.raw}</pre>
        </details>
      ) : null}
    </Modal>
  );
}

/** Mounted once by the app: shows whatever `showError` stored. */
export function ErrorModalHost() {
  const current = useErrorStore((state) => state.current);
  return <ErrorModal error={current} onClose={dismissError} />;
}
