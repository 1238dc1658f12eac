/** Today's portfolio totals on the home screen: current and overdue amounts with their counts. */
import { useTranslation } from 'react-i18next';
import type { PortfolioTotals as Totals } from '#domain/portfolio';
import { Currency } from '#ui/money.tsx';
import { DateText } from '#ui/date-text.tsx';

export function PortfolioTotals({ totals, date }: { totals: Totals; date: string }) {
  const { t } = useTranslation();
  const rows = [
    { key: 'current', total: totals.vigentes_total, count: totals.vigentes_count },
    { key: 'overdue', total: totals.vencidos_total, count: totals.vencidos_count },
  ] as const;
  return (
    <section className="card home-card totals-card" aria-labelledby="home-totals-title">
      <h2 id="home-totals-title" className="home-card-title">
        {t('inicio.portfolio.totalsTitle')}
      </h2>
      <p className="home-card-note">
        {t('inicio.portfolio.asOf')} <DateText iso={date} />
      </p>
      <dl className="home-totals" data-testid="portfolio-totals">
        {rows.map((row) => (
          <div
            key={row.key}
            className={`home-total is-${row.key}`}
            data-testid={`total-${row.key}`}
          >
            <dt>{t(`inicio.portfolio.${row.key}`)}</dt>
            <dd>
              <strong className="home-total-amount">
                <Currency cents={row.total} />
              </strong>
              <span className="home-total-count">
                {t('inicio.portfolio.credits', { count: row.count })}
              </span>
            </dd>
          </div>
        ))}
        <div className="home-total is-all" data-testid="total-all">
          <dt>{t('inicio.portfolio.total')}</dt>
          <dd>
            <strong className="home-total-amount">
              <Currency cents={totals.vigentes_total + totals.vencidos_total} />
            </strong>
            <span className="home-total-count">
              {t('inicio.portfolio.credits', {
                count: totals.vigentes_count + totals.vencidos_count,
              })}
            </span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
