/**
 * Layout for logged-out visitors: a top bar and a side drawer with the public
 * routes, and the language selector always in the top bar.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { LanguageSelector } from '#ui/language-selector.tsx';
import { Brand } from '#app/brand.tsx';
import { DrawerButton, DrawerScrim, useDrawer } from '#app/drawer.tsx';

const PUBLIC_LINKS = [
  { path: '/', labelKey: 'menu.home' },
  { path: '/conocenos', labelKey: 'menu.conocenos' },
  { path: '/mapa', labelKey: 'menu.mapa' },
  { path: '/contacto', labelKey: 'menu.contacto' },
  { path: '/acceso', labelKey: 'menu.acceso' },
] as const;

export function LayoutPublic({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const drawer = useDrawer();
  return (
    <div className="app-layout is-public">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <DrawerButton open={drawer.open} controls="public-drawer" onClick={drawer.toggle} />
        <Brand to="/" />
        <LanguageSelector className="topbar-language" />
      </header>
      <nav
        id="public-drawer"
        className={`drawer public-drawer${drawer.open ? ' is-open' : ''}`}
        aria-label={t('menu.publicNav')}
      >
        <ul className="menu-list">
          {PUBLIC_LINKS.map((link) => (
            <li key={link.path}>
              <NavLink
                to={link.path}
                end
                className="menu-link"
                data-testid={`public-${link.path === '/' ? 'home' : link.path.slice(1)}`}
                onClick={drawer.close}
              >
                {t(link.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <DrawerScrim open={drawer.open} onClose={drawer.close} />
      <main id="main" className="main">
        {children}
      </main>
    </div>
  );
}
