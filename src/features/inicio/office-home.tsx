/**
 * The office's home (CO, GE and VI): the regional portfolio map, today's portfolio totals, the
 * weather forecast, the calendar embed and the Tseltal translator. The portfolio is computed
 * from the replica, so it shows offline too. A chunk of its own, loaded by the home screen for
 * the office only: a promoter's or a member's start never loads the portfolio nor the map view
 * (whose map library is fetched on demand).
 */
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { syncStatus } from '#sync/status-store';
import { tablesHeld, tablesMissing } from '#sync/tables-held';
import { Spinner } from '#ui/spinner.tsx';
import { CalendarEmbed } from './calendar-embed.tsx';
import { PortfolioMap } from './portfolio-map.tsx';
import { PortfolioTotals } from './portfolio-totals.tsx';
import { TseltalTranslator } from './tseltal-translator.tsx';
import { useHomePortfolio } from './use-home-portfolio.ts';
import { usePublicConfig } from './use-public-config.ts';
import { WeatherCard } from './weather-card.tsx';
import { HOME_PORTFOLIO_TABLES } from './portfolio-tables.ts';

/** Whether the first download has brought every table the portfolio reads. */
function usePortfolioHeld(): boolean {
  return useStore(
    syncStatus,
    (s) => tablesMissing(tablesHeld(s), HOME_PORTFOLIO_TABLES).length === 0,
  );
}

export function OfficeHome() {
  const held = usePortfolioHeld();
  return held ? <OfficeHomeHeld /> : <OfficeHomeWaiting />;
}

/**
 * During the first download, before the portfolio's tables are complete: what works already
 * (weather, translator) and why the portfolio is not there, instead of a spinner or totals of
 * zero that read as an empty portfolio.
 */
function OfficeHomeWaiting() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  return (
    <div className="home-grid is-even">
      <section className="card home-card" data-testid="home-portfolio-waiting" role="status">
        <p className="home-card-note">{t('inicio.portfolio.waiting')}</p>
      </section>
      <WeatherCard config={config} />
      <TseltalTranslator />
    </div>
  );
}

function OfficeHomeHeld() {
  const config = usePublicConfig();
  const portfolio = useHomePortfolio();
  return (
    <>
      <div className="home-grid">
        <div className="home-main">
          {portfolio ? (
            <PortfolioMap regions={portfolio.regions} totals={portfolio.totals} />
          ) : (
            <Spinner />
          )}
        </div>
        <div className="home-side">
          {portfolio ? <PortfolioTotals totals={portfolio.totals} date={portfolio.date} /> : null}
          <WeatherCard config={config} />
          <TseltalTranslator />
        </div>
      </div>
      <CalendarEmbed url={config.calendarUrl} />
    </>
  );
}
