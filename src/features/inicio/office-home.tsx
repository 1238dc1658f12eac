/**
 * The office's home (CO, GE and VI): the regional portfolio map, today's portfolio totals, the
 * weather forecast, the calendar embed and the Tseltal translator. The portfolio is computed
 * from the replica, so it shows offline too. A chunk of its own, loaded by the home screen for
 * the office only: a promoter's or a member's start never loads the portfolio nor the map view
 * (whose map library is fetched on demand).
 */
import { Spinner } from '#ui/spinner.tsx';
import { CalendarEmbed } from './calendar-embed.tsx';
import { PortfolioMap } from './portfolio-map.tsx';
import { PortfolioTotals } from './portfolio-totals.tsx';
import { TseltalTranslator } from './tseltal-translator.tsx';
import { useHomePortfolio } from './use-home-portfolio.ts';
import { usePublicConfig } from './use-public-config.ts';
import { WeatherCard } from './weather-card.tsx';

export function OfficeHome() {
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
