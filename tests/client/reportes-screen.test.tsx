/**
 * /reportes: the screen asks the server for the selected report with the
 * filters, shows its rows in a table with money formatted, offers the spreadsheet, and moves to
 * another report or filter with a new request. The API is faked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ReportsScreen } from '#features/reportes/reports-screen.tsx';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch, json } from './api-fake-fetch';
import { setOnline } from './sync-fixtures';

const FILTERS = {
  regiones: [
    { id: 1, nombre: 'Yajalón' },
    { id: 2, nombre: 'Chilón Norte' },
  ],
  promotores: [{ id: 3, nombre: 'Antonia Deara' }],
};

const PAR = {
  desde: '2025-01',
  hasta: '2025-02',
  filas: [
    {
      mes: '2025-01',
      fecha: '2025-01-31',
      contratos: 4,
      cartera: 1234567,
      contratos_30: 1,
      vencida_30: 250000,
      contratos_90: 0,
      vencida_90: 0,
      par30: 20.25,
      par90: 0,
    },
    {
      mes: '2025-02',
      fecha: '2025-02-28',
      contratos: 0,
      cartera: 0,
      contratos_30: 0,
      vencida_30: 0,
      contratos_90: 0,
      vencida_90: 0,
      par30: null,
      par90: null,
    },
  ],
};

const FUNNEL = {
  desde: '2025-01',
  hasta: '2025-02',
  filas: [
    { paso: 'recibidas', solicitudes: 10, porcentaje: 100, mediana_dias: null },
    { paso: 'aprobadas', solicitudes: 4, porcentaje: 40, mediana_dias: 6.5 },
    { paso: 'contrato', solicitudes: 2, porcentaje: 20, mediana_dias: 12 },
    { paso: 'pagadas', solicitudes: 0, porcentaje: 0, mediana_dias: null },
  ],
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

function fakeApi() {
  return installFakeFetch({
    'GET /api/reportes/filtros/': () => json(FILTERS),
    'GET /api/reportes/cartera-riesgo/': () => json(PAR),
    'GET /api/reportes/embudo/': () => json(FUNNEL),
  });
}

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('reports screen', () => {
  it('shows the portfolio at risk in a table, money and percentages formatted', async () => {
    const api = fakeApi();
    render(<ReportsScreen titleKey="routes.reportes" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reportes');
    const table = await screen.findByRole('table', { name: 'Cartera en riesgo' });
    expect(bodyRows(table)).toEqual([
      ['ene 2025', '4', '$12,345.67', '$2,500.00', '20.25%', '$0.00', '0%'],
      ['feb 2025', '0', '$0.00', '$0.00', '—', '$0.00', '—'],
    ]);
    expect(screen.getByTestId('report-export').textContent).toBe('Exportar a Excel');
    // The default period: the 24 months ending with this one.
    const [request] = api.seen.filter((r) => r.path.startsWith('/api/reportes/cartera-riesgo/'));
    const params = new URL(request!.path, 'http://x').searchParams;
    expect(params.get('hasta')).toBe(
      (screen.getByTestId('report-hasta') as HTMLInputElement).value,
    );
    expect(params.get('desde')).toMatch(/^\d{4}-\d{2}$/);
    expect(params.has('region')).toBe(false);
    // The months are named in the interface language, whatever the browser's.
    const hasta = screen.getByTestId('report-hasta') as HTMLSelectElement;
    expect(hasta.selectedOptions[0]!.textContent).toMatch(
      /^(ene|feb|mar|abr|may|jun|jul|ago|sep|oct|nov|dic) \d{4}$/,
    );
  });

  it('another report and a region filter make new requests', async () => {
    const api = fakeApi();
    render(<ReportsScreen titleKey="routes.reportes" />);
    await screen.findByRole('table', { name: 'Cartera en riesgo' });
    fireEvent.click(screen.getByTestId('report-tab-embudo'));
    const table = await screen.findByRole('table', { name: 'Embudo de solicitudes' });
    expect(bodyRows(table)).toEqual([
      ['Recibidas', '10', '100%', '—'],
      ['Aprobadas por la gerencia', '4', '40%', '6.5'],
      ['Crédito ejercido', '2', '20%', '12'],
      ['Pagadas', '0', '0%', '—'],
    ]);
    await waitFor(() =>
      expect(within(screen.getByTestId('report-region')).getAllByRole('option')).toHaveLength(3),
    );
    fireEvent.change(screen.getByTestId('report-region'), { target: { value: '2' } });
    await waitFor(() =>
      expect(
        api.seen.some(
          (r) => r.path.startsWith('/api/reportes/embudo/') && r.path.includes('region=2'),
        ),
      ).toBe(true),
    );
    await screen.findByRole('table', { name: 'Embudo de solicitudes' });
  });

  it("the server's refusal of a period is shown", async () => {
    installFakeFetch({
      'GET /api/reportes/filtros/': () => json(FILTERS),
      'GET /api/reportes/cartera-riesgo/': () =>
        json({ hasta: ['El mes final debe ser igual o posterior al inicial.'] }, 400),
    });
    render(<ReportsScreen titleKey="routes.reportes" />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El mes final debe ser igual o posterior al inicial.',
    );
  });

  it('offline, it says the reports need the server', () => {
    setOnline(false);
    installFakeFetch({});
    render(<ReportsScreen titleKey="routes.reportes" />);
    expect(screen.getByText('Sin conexión: los reportes se calculan en el servidor.')).toBeTruthy();
  });
});
