/**
 * "Cerrar viaje": the confirmation says what it closes — the period, the cash received, paid
 * out and to hand in, how many captures (and how many refused stay open for the next trip) —
 * before the closing is queued like any capture.
 */
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime } from '#domain/format';
import { handInOf, type TripTotals } from '#domain/trip-shapes';
import type { CurrentTrip } from '#commands/viajes';
import { AmountInWords } from '#components/amount-in-words.tsx';
import { Button } from '#ui/button.tsx';
import { Modal } from '#ui/modal.tsx';
import { useLang } from '#ui/use-lang.ts';
import { handInLabel } from './trip-figures.ts';

export interface CloseTripDialogProps {
  open: boolean;
  trip: CurrentTrip;
  totals: TripTotals;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function CloseTripDialog({
  open,
  trip,
  totals,
  busy,
  onConfirm,
  onCancel,
}: CloseTripDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const refused = trip.lines.filter((l) => l.estado === 'rechazado').length;
  const counted = trip.lines.length - refused;
  const handIn = handInOf(totals.net);
  return (
    <Modal
      open={open}
      title={t('viaje.close.title')}
      onClose={onCancel}
      dismissible={!busy}
      role="alertdialog"
      size="sm"
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {t('viaje.close.cancel')}
          </Button>
          <Button
            variant="primary"
            onClick={onConfirm}
            busy={busy}
            data-testid="trip-close-confirm"
          >
            {t('viaje.close.confirm')}
          </Button>
        </>
      }
    >
      <div className="trip-confirm" data-testid="trip-close-dialog">
        <p>
          {trip.since
            ? t('viaje.close.period', {
                from: formatDateTime(trip.since, lang),
                to: formatDateTime(new Date().toISOString(), lang),
              })
            : t('viaje.period.empty')}
        </p>
        <dl className="trip-confirm-figures">
          <div>
            <dt>{t('viaje.cashIn')}</dt>
            <dd>{formatCurrency(totals.cashIn)}</dd>
          </div>
          <div>
            <dt>{t('viaje.cashOut')}</dt>
            <dd>{formatCurrency(totals.cashOut)}</dd>
          </div>
          <div className="trip-net">
            <dt>{t(handInLabel(handIn))}</dt>
            <dd data-testid="trip-close-net">{formatCurrency(handIn.cents)}</dd>
          </div>
        </dl>
        <AmountInWords cents={handIn.cents} />
        <p>{t('viaje.close.covers', { count: counted })}</p>
        {refused > 0 ? (
          <p className="trip-warning">{t('viaje.close.refusedStay', { count: refused })}</p>
        ) : null}
        <p className="trip-note">{t('viaje.close.queued')}</p>
      </div>
    </Modal>
  );
}
