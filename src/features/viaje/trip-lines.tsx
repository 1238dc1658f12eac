/** Every capture behind the totals, oldest first: when, what, whose, how much, its state. */
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime } from '#domain/format';
import type { CurrentTrip } from '#commands/viajes';
import { useLang } from '#ui/use-lang.ts';
import { lineSubject } from './trip-figures.ts';

export function TripLines({ trip }: { trip: CurrentTrip }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { acopios, bankPayments, bankMovements } = trip.other;
  return (
    <section className="trip-lines" aria-labelledby="trip-lines-title">
      <h2 id="trip-lines-title" className="trip-subtitle">
        {t('viaje.linesTitle', { count: trip.lines.length })}
      </h2>
      {trip.lines.length === 0 ? (
        <p className="trip-empty">{t('viaje.noLines')}</p>
      ) : (
        <ol className="trip-line-list" data-testid="trip-lines">
          {trip.lines.map((line) => (
            <li key={line.clave} className={`trip-line trip-line-${line.estado}`}>
              <span className="trip-line-what">
                <strong>{t(`viaje.kind.${line.tipo}`)}</strong> · {lineSubject(line, t)}
              </span>
              <span className="trip-line-amount">{formatCurrency(line.monto)}</span>
              <span className="trip-line-meta">
                {formatDateTime(line.capturedAt, lang)} ·{' '}
                <span className={`trip-badge trip-badge-${line.estado}`}>
                  {t(`viaje.state.${line.estado}`)}
                </span>
                {line.serverId !== null ? ` · #${line.serverId}` : null} ·{' '}
                <code title={line.clave}>{line.clave.slice(-8)}</code>
              </span>
            </li>
          ))}
        </ol>
      )}
      {acopios.count + bankPayments.count + bankMovements.count > 0 ? (
        <ul className="trip-other" data-testid="trip-other">
          {acopios.count > 0 ? (
            <li>
              {t('viaje.other.acopios', {
                count: acopios.count,
                monto: formatCurrency(acopios.cents),
              })}
            </li>
          ) : null}
          {bankPayments.count > 0 ? (
            <li>
              {t('viaje.other.bankPayments', {
                count: bankPayments.count,
                monto: formatCurrency(bankPayments.cents),
              })}
            </li>
          ) : null}
          {bankMovements.count > 0 ? (
            <li>
              {t('viaje.other.bankMovements', {
                count: bankMovements.count,
                monto: formatCurrency(bankMovements.cents),
              })}
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
