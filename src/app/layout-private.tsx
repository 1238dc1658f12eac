/**
 * Layout for logged-in users: a side menu — a drawer on
 * phones, always open from 1024 px — with the user's name (to the profile), a role badge, the
 * menu groups of the role and a logout link; a top bar with a loading spinner, the sync badge
 * (staff) and the language selector, which stay visible on every screen size; under it the
 * first sync's progress and, after an offline unlock, the "log in to send" bar.
 */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { useStore } from 'zustand';
import type { Role } from '#domain/roles';
import { codeLabelKey } from '#domain/codes';
import { canReachRoute } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { LanguageSelector } from '#ui/language-selector.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { Badge } from '#ui/badge.tsx';
import { Brand } from '#app/brand.tsx';
import { DrawerButton, DrawerScrim, useDrawer } from '#app/drawer.tsx';
import { menuFor, menuTestId } from '#app/menu.ts';
import { FirstSyncProgress } from '#app/first-sync-progress.tsx';
import { PausedLoginBar } from '#app/paused-login-bar.tsx';
import { SyncBadge } from '#app/sync-badge.tsx';
import { useInboxCount } from '#app/use-inbox-count.ts';
import { SyncNotices } from '#app/sync-notices.tsx';
import { ReceiptHost } from '#app/receipt-host.tsx';
import { missingTables, useTablesHeld } from '#app/screen-readiness.ts';
import { MenuWaitingMark, ReadyScreen } from '#app/screen-readiness-view.tsx';

/** The forms a capture opens (reached from buttons, not from the menu). */
const CAPTURE_FORMS = [
  '/pago-formato',
  '/acopio-formato',
  '/solicitud-formato',
  '/movimiento-formato',
  '/perfil',
];

/**
 * Fetches the given routes' screens ahead of their first visit (`preloadScreens` of
 * screens.tsx), handed down by the app shell: the route table imports this chunk's loader, so
 * importing the table here would close an import circle.
 */
export type PreloadScreens = (paths: readonly string[]) => () => void;

/** Fetch, while idle, the screens this role can open: each first visit then shows at once. */
function usePreloadedScreens(role: Role, preloadScreens: PreloadScreens): void {
  useEffect(() => {
    const paths = [
      ...menuFor(role).flatMap((group) => group.items.map((item) => item.path)),
      ...CAPTURE_FORMS,
    ];
    return preloadScreens([...new Set(paths)].filter((path) => canReachRoute(role, path)));
  }, [role, preloadScreens]);
}
import { contextTranslationStore } from '#i18n/context-capture';
import { setContextTranslation } from '#i18n/context-mode';

/** "Translate this screen": its own chunk, fetched when a translator turns it on. */
const ContextTranslator = lazy(() =>
  import('#features/traducciones/context-translator.tsx').then((m) => ({
    default: m.ContextTranslator,
  })),
);

function ContextTranslation() {
  const on = useStore(contextTranslationStore, (s) => s.on);
  return on ? (
    <Suspense fallback={null}>
      <ContextTranslator />
    </Suspense>
  ) : null;
}

function UserCard({ role, onNavigate }: { role: Role; onNavigate: () => void }) {
  const { t } = useTranslation();
  const user = useStore(sessionStore, (s) => s.user);
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.username : '';
  return (
    <div className="user-card">
      {canReachRoute(role, '/perfil') ? (
        <Link
          to="/perfil"
          className="user-name"
          aria-label={t('menu.profileLink', { name })}
          onClick={onNavigate}
        >
          {name}
        </Link>
      ) : (
        <span className="user-name">{name}</span>
      )}
      <span data-testid="role-badge" data-role={role} className="role-badge">
        <Badge tone="accent">{t(codeLabelKey('roles', role))}</Badge>
      </span>
    </div>
  );
}

function SideMenu({ role, onNavigate }: { role: Role; onNavigate: () => void }) {
  const { t } = useTranslation();
  const unreviewed = useInboxCount(role);
  const traductor = useStore(sessionStore, (s) => s.user?.traductor === true);
  const held = useTablesHeld();
  return (
    <>
      {menuFor(role, traductor).map((group) => (
        <nav key={group.id} className="menu-group" aria-label={t(group.labelKey)}>
          {group.id === 'home' ? null : <h2 className="menu-heading">{t(group.labelKey)}</h2>}
          <ul className="menu-list">
            {group.items.map((item) => (
              <li key={item.path}>
                <NavLink
                  to={item.path}
                  className="menu-link"
                  data-testid={menuTestId(item.path)}
                  onClick={onNavigate}
                >
                  {t(item.labelKey)}
                  {item.path !== '/inicio' && missingTables(item.path, role, held).length > 0 ? (
                    <MenuWaitingMark />
                  ) : null}
                  {item.path === '/bandeja' && unreviewed ? (
                    <span
                      className="menu-count"
                      data-testid="menu-bandeja-count"
                      aria-label={t('menu.bandejaCount', { count: unreviewed })}
                    >
                      {unreviewed}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      {traductor ? (
        <button
          type="button"
          className="menu-link"
          data-testid="menu-context-translate"
          onClick={() => {
            setContextTranslation(true);
            onNavigate();
          }}
        >
          {t('menu.translateScreen')}
        </button>
      ) : null}
    </>
  );
}

export function LayoutPrivate({
  role,
  preloadScreens,
  children,
}: {
  role: Role;
  preloadScreens: PreloadScreens;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const drawer = useDrawer();
  const loading = useStore(sessionStore, (s) => s.loading);
  usePreloadedScreens(role, preloadScreens);
  return (
    <div className="app-layout is-private">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <DrawerButton open={drawer.open} controls="side-menu" onClick={drawer.toggle} />
        <Brand to={role === 'SO' ? '/socios' : '/inicio'} />
        {loading ? <Spinner inline /> : null}
        {canReachRoute(role, '/sincronizacion') ? <SyncBadge /> : null}
        <LanguageSelector className="topbar-language" />
      </header>
      <FirstSyncProgress />
      <PausedLoginBar />
      <aside id="side-menu" className={`drawer side-menu${drawer.open ? ' is-open' : ''}`}>
        <UserCard role={role} onNavigate={drawer.close} />
        <SideMenu role={role} onNavigate={drawer.close} />
        <Link
          to="/logout"
          className="menu-link logout-link"
          data-testid="logout"
          onClick={drawer.close}
        >
          {t('menu.logout')}
        </Link>
      </aside>
      <DrawerScrim open={drawer.open} onClose={drawer.close} />
      <main id="main" className="main">
        <ReadyScreen role={role}>{children}</ReadyScreen>
      </main>
      <SyncNotices />
      <ReceiptHost />
      <ContextTranslation />
    </div>
  );
}
