/**
 * /reportes, visit coverage: the tab asks the server for the coverage of the chosen period and
 * promoter and shows each promoter's month in the table — money formatted, the collected share
 * as a percentage (a dash when nothing fell due), promises kept and broken. The API is faked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ReportsScreen } from '#features/reportes/reports-screen.tsx';
import { i18n, useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch, json } from './api-fake-fetch';
import { setOnline } from './sync-fixtures';

const FILTERS = {
  regiones: [{ id: 1, nombre: 'Yajalón' }],
  promotores: [
    { id: 3, nombre: 'Antonia Deara' },
    { id: 4, nombre: 'Pedro Gómez' },
  ],
};

const row = (over: Record<string, unknown>) => ({
  mes: '2025-03',
  promotor: 3,
  nombre_promotor: 'Antonia Deara',
  comunidades: 2,
  visitas: 3,
  socios_vistos: 17,
  ausentes: 4,
  cobrado: 560000,
  por_cobrar: 2180000,
  cobertura: 25.69,
  promesas: 5,
  cumplidas: 3,
  incumplidas: 1,
  pendientes: 1,
  ...over,
});

const COVERAGE = {
  desde: '2025-03',
  hasta: '2025-04',
  filas: [
    row({}),
    row({
      mes: '2025-04',
      promotor: 4,
      nombre_promotor: 'Pedro Gómez',
      comunidades: 1,
      visitas: 1,
      socios_vistos: 3,
      ausentes: 0,
      cobrado: 0,
      por_cobrar: 0,
      cobertura: null,
      promesas: 0,
      cumplidas: 0,
      incumplidas: 0,
      pendientes: 0,
    }),
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function fakeApi() {
  return installFakeFetch({
    'GET /api/reportes/filtros/': () => json(FILTERS),
    'GET /api/reportes/cartera-riesgo/': () =>
      json({ desde: '2025-03', hasta: '2025-04', filas: [] }),
    'GET /api/reportes/cobertura/': () => json(COVERAGE),
  });
}

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('visit coverage report', () => {
  beforeEach(() => {
    localStorage.clear();
    setOnline(true);
  });

  it('shows each promoter’s month: visits, members, collected against due, promises', async () => {
    await useSpanish();
    const api = fakeApi();
    render(<ReportsScreen titleKey="routes.reportes" />);
    await screen.findByRole('table', { name: 'Cartera en riesgo' });
    fireEvent.click(screen.getByTestId('report-tab-cobertura'));
    const table = await screen.findByRole('table', { name: 'Cobertura de visitas' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[↕↑↓]/g, '')),
    ).toEqual(expect.arrayContaining(['Promotor', 'Cobrado', 'Vencía en el mes', 'Cumplidas']));
    expect(bodyRows(table)).toEqual([
      [
        'mar 2025',
        'Antonia Deara',
        '2',
        '3',
        '17',
        '4',
        '$5,600.00',
        '$21,800.00',
        '25.69%',
        '5',
        '3',
        '1',
        '1',
      ],
      ['abr 2025', 'Pedro Gómez', '1', '1', '3', '0', '$0.00', '$0.00', '—', '0', '0', '0', '0'],
    ]);
    // A promoter chosen asks again for that promoter only.
    await waitFor(() =>
      expect(within(screen.getByTestId('report-promotor')).getAllByRole('option')).toHaveLength(3),
    );
    fireEvent.change(screen.getByTestId('report-promotor'), { target: { value: '4' } });
    await waitFor(() =>
      expect(
        api.seen.some(
          (r) => r.path.startsWith('/api/reportes/cobertura/') && r.path.includes('promotor=4'),
        ),
      ).toBe(true),
    );
    await screen.findByRole('table', { name: 'Cobertura de visitas' });
  });

  it('in English', async () => {
    await useSpanish();
    await i18n.changeLanguage('en');
    fakeApi();
    render(<ReportsScreen titleKey="routes.reportes" />);
    fireEvent.click(await screen.findByTestId('report-tab-cobertura'));
    const table = await screen.findByRole('table', { name: 'Visit coverage' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[↕↑↓]/g, '')),
    ).toEqual(
      expect.arrayContaining(['Promoter', 'Collected', 'Due in the month', 'Kept', 'Broken']),
    );
  });
});
