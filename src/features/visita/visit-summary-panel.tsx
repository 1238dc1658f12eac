/**
 * The visit's summary on the sheet: collected per kind (count and amount), how many of those
 * captures are still on the phone, and the day's marks — who did not come, who promised to
 * pay and when, how many were visited.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Currency } from '#ui/money.tsx';
import { DateText } from '#ui/date-text.tsx';
import { SUMMARY_KINDS, type VisitSummary } from './visit-summary.ts';

export function VisitSummaryPanel({ summary }: { summary: VisitSummary }) {
  const { t } = useTranslation();
  return (
    <details className="visit-summary card" data-testid="visit-summary">
      <summary>{t('visita.summary.title')}</summary>
      <table className="visit-summary-table">
        <caption className="sr-only">{t('visita.summary.caption')}</caption>
        <tbody>
          {SUMMARY_KINDS.map((kind) => (
            <tr key={kind} data-testid={`visit-summary-${kind}`}>
              <th scope="row">{t(`visita.summary.kinds.${kind}`)}</th>
              <td className="num">{summary.collected[kind].count}</td>
              <td>
                <Currency cents={summary.collected[kind].cents} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {summary.pending > 0 ? (
        <p className="visit-line">{t('visita.summary.pending', { count: summary.pending })}</p>
      ) : null}
      <p className="visit-line" data-testid="visit-summary-absent">
        <span className="visit-label">
          {t('visita.summary.absent', { count: summary.absent.length })}
        </span>{' '}
        {summary.absent.map((m) => m.nombre).join(', ')}
      </p>
      <p className="visit-line" data-testid="visit-summary-promises">
        <span className="visit-label">
          {t('visita.summary.promises', { count: summary.promises.length })}
        </span>{' '}
        {summary.promises.map((m, i) => (
          <span key={m.clave}>
            {i > 0 ? ', ' : ''}
            {m.nombre} (<DateText iso={m.fecha} />)
          </span>
        ))}
      </p>
      <p className="visit-line">{t('visita.summary.visited', { count: summary.visited })}</p>
      {/* The trip's closing counts this cash and lists these marks. */}
      <p className="visit-line">
        <Link to="/viaje" data-testid="visit-to-trip">
          {t('visita.summary.toTrip')}
        </Link>
      </p>
    </details>
  );
}
