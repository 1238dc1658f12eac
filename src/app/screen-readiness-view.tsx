/**
 * What the first download lets the user open (screen-readiness.ts): on the home, the role's
 * screens marked ready or still downloading; in the menu, a mark on the ones not ready; and, on a
 * screen not ready, what it waits for instead of a list that looks empty.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import type { ReplicaTableName } from '#db/replica-rows';
import type { Role } from '#domain/roles';
import type { TablesHeld } from '#sync/tables-held';
import { menuFor, menuTestId } from '#app/menu.ts';
import { missingTables, routeOf, useTablesHeld } from '#app/screen-readiness.ts';

export function ScreenWaiting({ missing }: { missing: readonly ReplicaTableName[] }) {
  const { t } = useTranslation();
  const tables = missing.map((table) => t(`readiness.tables.${table}`)).join(', ');
  return (
    <section className="screen screen-waiting" data-testid="screen-waiting" role="status">
      <h1 className="screen-title">{t('readiness.waitingTitle')}</h1>
      <p className="screen-lead">{t('readiness.waitingFor', { tables })}</p>
      <p>{t('readiness.waitingLead')}</p>
    </section>
  );
}

/** The mark a menu item carries while its screen waits for tables. */
export function MenuWaitingMark() {
  const { t } = useTranslation();
  return <span className="menu-waiting">{t('readiness.menuMark')}</span>;
}

/** The home's list of the role's screens during the first download. */
export function FirstDownloadScreens({
  role,
  traductor,
  held,
}: {
  role: Role;
  traductor: boolean;
  held: TablesHeld;
}) {
  const { t } = useTranslation();
  const items = menuFor(role, traductor)
    .flatMap((group) => group.items)
    .filter((item) => item.path !== '/inicio');
  return (
    <section
      className="card first-download-screens"
      aria-labelledby="first-download-screens-title"
      data-testid="first-download-screens"
    >
      <h2 id="first-download-screens-title" className="first-download-title">
        {t('readiness.homeTitle')}
      </h2>
      <p className="first-download-lead">{t('readiness.homeLead')}</p>
      <ul className="first-download-list">
        {items.map((item) => {
          const ready = missingTables(item.path, role, held).length === 0;
          return (
            <li
              key={item.path}
              className={ready ? 'is-ready' : 'is-waiting'}
              data-testid={`ready-${menuTestId(item.path)}`}
              data-ready={ready}
            >
              {ready ? (
                <Link to={item.path}>{t(item.labelKey)}</Link>
              ) : (
                <span>{t(item.labelKey)}</span>
              )}
              <span className="first-download-state">
                {ready ? t('readiness.ready') : t('readiness.downloading')}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The screen, or what it waits for while the first download has not brought its tables; on the
 * home, during that download, the list of the role's screens ready or not.
 */
export function ReadyScreen({ role, children }: { role: Role; children: ReactNode }) {
  const { pathname } = useLocation();
  const held = useTablesHeld();
  const traductor = useStore(sessionStore, (s) => s.user?.traductor === true);
  if (routeOf(pathname) === '/inicio')
    return (
      <>
        {children}
        {held === 'all' ? null : (
          <FirstDownloadScreens role={role} traductor={traductor} held={held} />
        )}
      </>
    );
  const missing = missingTables(pathname, role, held);
  return missing.length > 0 ? <ScreenWaiting missing={missing} /> : children;
}
