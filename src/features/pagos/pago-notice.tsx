/**
 * The alert /pagos shows after a payment write: 'Se creó el pago {id} con
 * éxito' (plus '¡El crédito {id} ya quedó totalmente pagado! :D' when the answer's
 * estatus_nuevo is PA), 'Se editó el pago {id} con éxito', or — saved on the phone and not
 * answered yet — that it will be sent. The payment form hands its notice over in the
 * navigation state.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';

export type PagoNotice =
  | { kind: 'created'; id: string | number; credito: number; paid: boolean }
  | { kind: 'edited'; id: string | number }
  | { kind: 'queued' };

/** The notice carried by a navigation to /pagos, if any. */
export function noticeOf(state: unknown): PagoNotice | null {
  if (!state || typeof state !== 'object' || !('pagoNotice' in state)) return null;
  const notice = (state as { pagoNotice: unknown }).pagoNotice;
  if (!notice || typeof notice !== 'object' || !('kind' in notice)) return null;
  return notice as PagoNotice;
}

export function PagoNoticeAlert({ notice, onClose }: { notice: PagoNotice; onClose: () => void }) {
  const { t } = useTranslation();
  const lines =
    notice.kind === 'queued'
      ? [t('pagos.queued')]
      : notice.kind === 'edited'
        ? [t('pagos.edited', { id: notice.id })]
        : [
            t('pagos.created', { id: notice.id }),
            ...(notice.paid ? [t('pagos.paidOff', { id: notice.credito })] : []),
          ];
  const tone = notice.kind === 'queued' ? 'is-queued' : 'is-sent';
  return (
    <div
      className={`pagos-alert ${tone}`}
      role="status"
      data-testid="pagos-alert"
      data-kind={notice.kind}
    >
      <div className="pagos-alert-lines">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
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
