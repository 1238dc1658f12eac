/** The trip's totals: cash received, paid out and to hand in, then each kind × state. */
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '#domain/format';
import {
  TRIP_CAPTURE_KINDS,
  TRIP_CAPTURE_STATES,
  handInOf,
  type TripTotals,
} from '#domain/trip-shapes';
import { AmountInWords } from '#components/amount-in-words.tsx';
import { handInLabel } from './trip-figures.ts';

export function TripHeadline({ totals }: { totals: TripTotals }) {
  const { t } = useTranslation();
  const handIn = handInOf(totals.net);
  return (
    <div className="trip-headline">
      <dl className="trip-figures">
        <div>
          <dt>{t('viaje.cashIn')}</dt>
          <dd data-testid="trip-cash-in">{formatCurrency(totals.cashIn)}</dd>
        </div>
        <div>
          <dt>{t('viaje.cashOut')}</dt>
          <dd data-testid="trip-cash-out">{formatCurrency(totals.cashOut)}</dd>
        </div>
        <div className={`trip-net trip-net-${handIn.to}`}>
          <dt data-testid="trip-net-label">{t(handInLabel(handIn))}</dt>
          <dd data-testid="trip-net">{formatCurrency(handIn.cents)}</dd>
        </div>
      </dl>
      <AmountInWords cents={handIn.cents} testId="trip-net-words" />
      <p className="trip-note">{t('viaje.countedNote')}</p>
    </div>
  );
}

export function TripTotalsTable({ totals }: { totals: TripTotals }) {
  const { t } = useTranslation();
  return (
    <div className="trip-table-wrap">
      {/* Explicit roles: the phone's layout (viaje.css) changes the table's display. */}
      <table className="trip-table" data-testid="trip-totals" role="table">
        <caption>{t('viaje.byKind')}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {t('viaje.kindHeader')}
            </th>
            {TRIP_CAPTURE_STATES.map((state) => (
              <th scope="col" role="columnheader" key={state} className={`trip-state-${state}`}>
                {t(`viaje.stateShort.${state}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {TRIP_CAPTURE_KINDS.map((kind) => (
            <tr key={kind} role="row" data-testid={`trip-row-${kind}`}>
              <th scope="row" role="rowheader">
                {t(`viaje.kind.${kind}`)}
              </th>
              {TRIP_CAPTURE_STATES.map((state) => {
                const cell = totals.cells[kind][state];
                return (
                  <td key={state} role="cell" data-testid={`trip-${kind}-${state}`}>
                    <span className="trip-amount">{formatCurrency(cell.cents)}</span>
                    <span className="trip-count">
                      {t('viaje.countShort', { count: cell.count })}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
