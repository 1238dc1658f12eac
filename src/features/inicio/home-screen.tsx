/**
 * Home (/inicio): the greeting, then what the role needs.
 * - Office (CO, GE and VI, who reads what they read): the regional portfolio map, today's
 *   portfolio totals, the weather forecast, the calendar embed and the Tseltal translator
 *   (office-home.tsx, loaded for the office only).
 * - Promoter: the weather forecast and the Tseltal translator (no portfolio figures).
 * - Member (SO): a button to its member record; no portfolio figures are read at all.
 * Optional services (weather, calendar) hide quietly when not configured or offline.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import { OFFICE_READERS, type Role } from '#domain/roles';
import { Spinner } from '#ui/spinner.tsx';
import { TseltalTranslator } from './tseltal-translator.tsx';
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

// The office's part is a chunk of its own (office-home.tsx): the other roles never load it.
const OfficeHome = lazy(() => import('./office-home.tsx').then((m) => ({ default: m.OfficeHome })));

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
  if (role && OFFICE_READERS.includes(role))
    return (
      <Suspense fallback={<Spinner />}>
        <OfficeHome />
      </Suspense>
    );
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
