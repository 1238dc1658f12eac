/**
 * The public site's pages in the three languages: the home with its way in, about us with its
 * eight sections (and an index linking to each), the public map that says the detailed data
 * need a login, and contact. Tseltal texts still pending show the Spanish reference.
 */
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setLanguage } from '#i18n/setup';
import { ConocenosScreen } from '#features/publico/conocenos-screen.tsx';
import { ContactoScreen } from '#features/publico/contacto-screen.tsx';
import { PublicHome } from '#features/publico/public-home.tsx';
import { PublicMapScreen } from '#features/publico/public-map-screen.tsx';

const SECTIONS_ES = [
  'Territorio',
  'La cooperativa',
  'Café',
  'Jabón',
  'Microfinanzas',
  'Miel',
  'Colaboración',
  'La plataforma',
];

function renderIn(ui: ReactNode) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

beforeEach(async () => {
  await setLanguage('es');
});
afterEach(async () => {
  await setLanguage('es');
});

describe('public site', () => {
  it('home: name, presentation and the ways on (about us, login)', () => {
    renderIn(<PublicHome />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Comon Sit');
    expect(
      screen.getByText('Microcréditos y economía social en la selva norte de Chiapas.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Conócenos' }).getAttribute('href')).toBe('/conocenos');
    expect(screen.getByRole('link', { name: 'Entrar al sistema' }).getAttribute('href')).toBe(
      '/acceso',
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Microcréditos',
      'Economía social',
      'También sin señal',
    ]);
  });

  it('about us: the eight sections, each reachable from the index', () => {
    renderIn(<ConocenosScreen titleKey="routes.conocenos" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Conócenos');
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(SECTIONS_ES);
    const index = screen.getByRole('navigation', { name: 'Secciones de esta página' });
    const links = within(index).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(SECTIONS_ES);
    for (const [i, link] of links.entries()) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target?.getAttribute('aria-labelledby')).toBe(headings[i]!.id);
    }
  });

  it('about us in English, and in Tseltal with the pending texts in Spanish', async () => {
    await setLanguage('en');
    const { unmount } = renderIn(<ConocenosScreen titleKey="routes.conocenos" />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Territory',
      'The cooperative',
      'Coffee',
      'Soap',
      'Microfinance',
      'Honey',
      'Collaboration',
      'The platform',
    ]);
    unmount();
    await setLanguage('tz');
    renderIn(<ConocenosScreen titleKey="routes.conocenos" />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      SECTIONS_ES,
    );
    expect(screen.queryByText(/^~/)).toBeNull();
  });

  it('the public map shows where the cooperative works and says the details need a login', () => {
    renderIn(<PublicMapScreen titleKey="routes.mapa" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mapa');
    // jsdom draws no map: the point is listed instead.
    expect(screen.getByTestId('map-fallback').textContent).toContain('Selva norte de Chiapas');
    expect(screen.getByTestId('public-map-note').textContent).toBe(
      'Las regiones, zonas y comunidades se muestran a socios y personal de la cooperativa al entrar al sistema.',
    );
  });

  it('contact: the ways to reach the cooperative, the forgotten password included', () => {
    renderIn(<ContactoScreen titleKey="routes.contacto" />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'En tu comunidad',
      'En la oficina',
      '¿Olvidaste tu contraseña?',
    ]);
  });
});
