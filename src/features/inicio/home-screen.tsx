/**
 * Home (/inicio, spec part 2 §2): the greeting, then what the role needs.
 * - Office (CO, GE and VI, who reads what they read): the regional portfolio map, today's
 *   portfolio totals, the weather forecast, the calendar embed and the Tseltal translator.
 *   The portfolio is computed from the replica, so it shows offline too.
 * - Promoter: the weather forecast and the Tseltal translator (no portfolio figures).
 * - Member (SO): a button to its member record; no portfolio figures are read at all.
 * Optional services (weather, calendar) hide quietly when not configured or offline.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import { OFFICE_READERS, type Role } from '#domain/roles';
import { Spinner } from '#ui/spinner.tsx';
import { CalendarEmbed } from './calendar-embed.tsx';
import { PortfolioMap } from './portfolio-map.tsx';
import { PortfolioTotals } from './portfolio-totals.tsx';
import { TseltalTranslator } from './tseltal-translator.tsx';
import { useHomePortfolio } from './use-home-portfolio.ts';
import { usePublicConfig } from './use-public-config.ts';
import { WeatherCard } from './weather-card.tsx';
import './home.css';

function MemberHome() {
  const { t } = useTranslation();
  return (
    <div className="home-member">
      <p className="screen-lead">{t('inicio.member.lead')}</p>
      <Link className="btn btn-primary" to="/socios" data-testid="home-member-record">
        {t('inicio.member.button')}
      </Link>
    </div>
  );
}

function OfficeHome() {
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

function PromoterHome() {
  const config = usePublicConfig();
  return (
    <div className="home-grid is-even">
      <WeatherCard config={config} />
      <TseltalTranslator />
    </div>
  );
}

function RoleHome({ role }: { role: Role | null }) {
  if (role === 'SO') return <MemberHome />;
  if (role && OFFICE_READERS.includes(role)) return <OfficeHome />;
  if (role === 'PR') return <PromoterHome />;
  return null;
}

export function HomeScreen() {
  const { t } = useTranslation();
  const firstName = useStore(sessionStore, (s) => s.user?.first_name.trim() ?? '');
  const role = useStore(sessionStore, (s) => s.role);
  return (
    <section className="screen home-screen">
      <h1 className="screen-title">
        {firstName ? t('app.greeting', { name: firstName }) : t('app.greetingNoName')}
      </h1>
      <RoleHome role={role} />
    </section>
  );
}
