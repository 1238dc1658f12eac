/**
 * The approved Tseltal texts of the replica laid over the interface live: a row the
 * pull brings changes a label already on screen, with no reload; its removal brings the
 * Spanish back; a draft changes nothing; texts that arrived before Tseltal was chosen show once
 * it is. The test values are plainly not Tseltal (never invent Tseltal, locales/README.md).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { TranslationRow } from '#domain/translations';
import { ensureFullDictionary, i18n } from '#i18n/setup';
import { getDb } from '#db/database';
import { applyPullPage } from '#sync/pull';
import { appRoutes } from '#app/router.tsx';
import { installFakeFetch } from './api-fake-fetch';
import { freshDevice, loggedInWithReplica, pulledBefore } from './sync-fixtures';

function row(clave: string, texto: string | null, borrador: string | null = null): TranslationRow {
  return {
    id: `tz:${clave}`,
    clave,
    idioma: 'tz',
    texto,
    revisor: texto === null ? null : 'gerente',
    fecha_aprobacion: texto === null ? null : '2026-11-20T10:00:00.000Z',
    borrador,
    autor_borrador: borrador === null ? null : 'promotor',
    fecha_borrador: borrador === null ? null : '2026-11-20T09:00:00.000Z',
    nota: null,
    fecha_modificacion: '2026-11-20T10:00:00.000Z',
  };
}

async function pullPage(changes: TranslationRow[], removed: string[] = []) {
  await applyPullPage(getDb(), {
    cursor: 'c2',
    hasMore: false,
    reset: false,
    changes: { traducciones: changes },
    removed: removed.length > 0 ? { traducciones: removed } : {},
  });
}

async function openSyncCenter() {
  await loggedInWithReplica('PR');
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/sincronizacion'] });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return screen.getByTestId('menu-sincronizacion');
}

beforeEach(async () => {
  await ensureFullDictionary();
  await freshDevice();
  pulledBefore();
  installFakeFetch({});
});

afterEach(async () => {
  await i18n.changeLanguage('es');
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('approved translations over the bundled Tseltal', { timeout: 30_000 }, () => {
  it('an approved row arriving changes a visible label at once; its removal brings Spanish back', async () => {
    await i18n.changeLanguage('tz');
    const link = await openSyncCenter();
    // Pending in the bundled Tseltal: the Spanish reference shows.
    expect(link.textContent).toBe('Sincronización');

    await act(() => pullPage([row('menu.sincronizacion', 'TZ-APROBADO sync')]));
    await waitFor(() => expect(link.textContent).toBe('TZ-APROBADO sync'));
    // The same element, updated in place: no reload, no new screen.
    expect(screen.getByTestId('menu-sincronizacion')).toBe(link);

    await act(() => pullPage([], ['tz:menu.sincronizacion']));
    await waitFor(() => expect(link.textContent).toBe('Sincronización'));
    expect(document.body.textContent).not.toContain('~');
  });

  it('a draft waiting for review changes nothing on screen; its approval does', async () => {
    await i18n.changeLanguage('tz');
    const link = await openSyncCenter();
    const members = screen.getByTestId('menu-socios');
    // The same page approves another label on screen: once that one shows, the page was laid.
    await act(() =>
      pullPage([
        row('menu.sincronizacion', null, 'TZ-BORRADOR'),
        row('menu.socios', 'TZ-APROBADO socios'),
      ]),
    );
    await waitFor(() => expect(members.textContent).toBe('TZ-APROBADO socios'));
    expect(link.textContent).toBe('Sincronización');
    await act(() => pullPage([row('menu.sincronizacion', 'TZ-BORRADOR')]));
    await waitFor(() => expect(link.textContent).toBe('TZ-BORRADOR'));
  });

  it('texts pulled while Spanish was on show once Tseltal is chosen, and Spanish stays Spanish', async () => {
    await i18n.changeLanguage('es');
    const link = await openSyncCenter();
    await act(() => pullPage([row('menu.sincronizacion', 'TZ-APROBADO sync')]));
    // Laid over the Tseltal dictionary at once, while the screen stays in Spanish.
    await waitFor(() =>
      expect(i18n.t('menu.sincronizacion', { lng: 'tz' })).toBe('TZ-APROBADO sync'),
    );
    expect(i18n.t('menu.sincronizacion')).toBe('Sincronización');
    expect(link.textContent).toBe('Sincronización');
    await act(() => i18n.changeLanguage('tz'));
    await waitFor(() => expect(link.textContent).toBe('TZ-APROBADO sync'));
  });

  it('a removed text that the release had translated goes back to the bundled Tseltal', async () => {
    await i18n.changeLanguage('tz');
    await openSyncCenter();
    const bundled = i18n.t('language.tz');
    expect(bundled).toBe("Bats'il k'op");
    await act(() => pullPage([row('language.tz', 'TZ-OTRO')]));
    await waitFor(() => expect(i18n.t('language.tz')).toBe('TZ-OTRO'));
    await act(() => pullPage([], ['tz:language.tz']));
    await waitFor(() => expect(i18n.t('language.tz')).toBe(bundled));
  });
});
