/**
 * /formatos: the four external links come from the run-time configuration;
 * one that is not configured shows as unavailable; offline the screen says the documents need
 * a connection. (/reportes: tests/client/reportes-screen.test.tsx.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { CONFIG_STORAGE_KEY } from '#api/config';
import { FormatosScreen } from '#features/formatos/formatos-screen.tsx';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch, json } from './api-fake-fetch';
import { setOnline } from './sync-fixtures';

const CONFIG = {
  formsCurrentUrl: 'https://docs.example.org/formatos',
  formsManualsUrl: 'https://docs.example.org/manuales',
  formsTrainingUrl: null,
  formsInfographicsUrl: 'https://docs.example.org/infografias',
};

beforeEach(async () => {
  await useSpanish();
  localStorage.clear();
  setOnline(true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('forms links', () => {
  it('shows the four links from the configuration; a missing one is unavailable', async () => {
    installFakeFetch({ 'GET /api/config/': () => json(CONFIG) });
    render(<FormatosScreen titleKey="routes.formatos" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Formatos y manuales');
    await waitFor(() => expect(screen.queryAllByRole('link')).toHaveLength(3));
    const current = screen.getByTestId('formatos-current');
    expect(current.textContent).toBe('Abrir (se abre en una pestaña nueva)');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Formatos vigentes',
      'Manuales de operación',
      'Material de capacitación',
      'Infografías',
    ]);
    expect(current.getAttribute('href')).toBe(CONFIG.formsCurrentUrl);
    expect(current.getAttribute('target')).toBe('_blank');
    expect(current.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByTestId('formatos-manuals').getAttribute('href')).toBe(
      CONFIG.formsManualsUrl,
    );
    expect(screen.getByTestId('formatos-infographics').getAttribute('href')).toBe(
      CONFIG.formsInfographicsUrl,
    );
    const training = screen.getByTestId('formatos-training');
    expect(training.tagName).toBe('P');
    expect(training.textContent).toBe('No disponible por ahora.');
  });

  it('offline, the links kept from the last configuration still show, with a note', async () => {
    localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify(CONFIG));
    setOnline(false);
    installFakeFetch({});
    render(<FormatosScreen titleKey="routes.formatos" />);
    expect(screen.getByTestId('formatos-current').getAttribute('href')).toBe(
      CONFIG.formsCurrentUrl,
    );
    expect(
      screen.getByText('Sin conexión: los documentos se abrirán cuando vuelva la señal.'),
    ).toBeTruthy();
  });

  it('with nothing configured, all four are unavailable', async () => {
    const nothing = {
      formsCurrentUrl: null,
      formsManualsUrl: null,
      formsTrainingUrl: null,
      formsInfographicsUrl: null,
    };
    installFakeFetch({ 'GET /api/config/': () => json(nothing) });
    render(<FormatosScreen titleKey="routes.formatos" />);
    // The server's answer arrived (it is kept on the phone) before the links are counted.
    await waitFor(() => expect(localStorage.getItem(CONFIG_STORAGE_KEY)).not.toBeNull());
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getAllByText('No disponible por ahora.')).toHaveLength(4);
  });
});
