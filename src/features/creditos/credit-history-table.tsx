/**
 * The credit history table: START, each payment, and TODAY while unpaid, with
 * what each event lent, paid or owes and the debt after it. A contract not started yet has no
 * history and says so (a missing contract is the page's 'Error al buscar información del
 * crédito', see contract-page.tsx).
 */
import { useTranslation } from 'react-i18next';
import { Badge } from '#ui/badge.tsx';
import { DateText } from '#ui/date-text.tsx';
import { Currency } from '#ui/money.tsx';
import { ScrollRegion } from '#ui/scroll-region.tsx';
import type { HistoryEvent } from './credit-history.ts';

const AMOUNT_COLUMNS = [
  'cantidad',
  'capital',
  'interes_ordinario',
  'interes_moratorio',
  'deuda',
] as const;

export function CreditHistoryTable({ events }: { events: readonly HistoryEvent[] | null }) {
  const { t } = useTranslation();
  if (!events) {
    return (
      <p className="field-hint" data-testid="credit-history-not-started">
        {t('creditos.history.notStarted')}
      </p>
    );
  }
  return (
    <ScrollRegion className="dt-scroll credit-history" label={t('creditos.history.title')}>
      <table className="dt-table" data-testid="credit-history">
        <caption className="sr-only">{t('creditos.history.title')}</caption>
        <thead>
          <tr>
            <th scope="col" className="dt-th">
              {t('creditos.history.columns.evento')}
            </th>
            <th scope="col" className="dt-th">
              {t('creditos.history.columns.fecha')}
            </th>
            {AMOUNT_COLUMNS.map((key) => (
              <th key={key} scope="col" className="dt-th is-end">
                {t(`creditos.history.columns.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.key} data-kind={event.kind}>
              <td>
                <span className="credito-id">
                  <span>
                    {event.kind === 'PAYMENT'
                      ? event.pago === null
                        ? t('creditos.history.paymentLocal')
                        : t('creditos.history.payment', { id: event.pago })
                      : t(`creditos.history.kinds.${event.kind}`)}
                  </span>
                  {event.pending ? (
                    <Badge tone="warning">{t('creditos.pendingBadge')}</Badge>
                  ) : null}
                </span>
              </td>
              <td>
                <DateText iso={event.fecha} />
              </td>
              {AMOUNT_COLUMNS.map((key) => (
                <td key={key} className="is-end">
                  {event[key] === null ? '—' : <Currency cents={event[key]} />}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
