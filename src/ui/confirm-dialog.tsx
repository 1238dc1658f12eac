import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';
import { Modal } from '#ui/modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  /** Already translated; defaults to "¿Los datos son correctos?". */
  message?: string;
  /** Already translated; defaults to "Confirmar". */
  title?: string;
  /** Already translated: what the main button does; defaults to "Sí, enviar". */
  confirmLabel?: string;
  /** Already translated: the way back; defaults to "Revisar" (a form's data). */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The save is running: both buttons wait and the dialog cannot be dismissed. */
  busy?: boolean;
  /** What will be saved, shown above the question so it can be checked. */
  children?: ReactNode;
}

/** Asks whether the data are correct before a form is sent. */
export function ConfirmDialog({
  open,
  message,
  title,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title ?? t('ui.confirm.title')}
      onClose={onCancel}
      size="sm"
      role="alertdialog"
      dismissible={!busy}
      initialFocusRef={confirmRef}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('ui.confirm.cancel')}
          </Button>
          <Button variant="primary" onClick={onConfirm} busy={busy} ref={confirmRef}>
            {confirmLabel ?? t('ui.confirm.accept')}
          </Button>
        </>
      }
    >
      {children}
      <p className="confirm-message">{message ?? t('ui.confirm.message')}</p>
    </Modal>
  );
}
