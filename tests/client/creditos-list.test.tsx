import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { useSpanish } from '#tests/helpers/i18n-test';
import { useErrorStore } from '#ui/error-store.ts';
import { json } from './api-fake-fetch';
import {
  CONTRACTS,
  PAYMENTS,
  contract,
  fixToday,
  forgetSelection,
  openCredits,
  pullWith,
} from './creditos-fixtures';
import { freshDevice, setOnline } from './sync-fixtures';

beforeEach(async () => {
  fixToday();
  await useSpanish();
  await freshDevice();
  forgetSelection();
});

afterEach(async () => {
  await freshDevice();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const table = (name = 'Créditos') => screen.getByRole('table', { name });

function dataRows(name?: string) {
  return within(table(name))
    .getAllByRole('row')
    .slice(1)
    .filter((r) => !r.querySelector('.dt-empty'));
}

async function rowsShown(n: number, name?: string) {
  await vi.waitFor(() => expect(dataRows(name)).toHaveLength(n), { timeout: 5000 });
  return dataRows(name);
}

/** Every one of the 20 columns, through the table's chooser (the default set is narrower). */
async function showAllColumns(name?: string) {
  const ui = userEvent.setup();
  await ui.click(screen.getByTestId('dt-columns'));
  await ui.click(screen.getByRole('button', { name: 'Mostrar todas' }));
  await ui.keyboard('{Escape}');
  expect(within(table(name)).getAllByRole('columnheader')).toHaveLength(20);
}

/** The cells of the row of contract `id`, by column header. */
function cellsOf(id: number, name?: string): Record<string, string> {
  const headers = within(table(name))
    .getAllByRole('columnheader')
    .map((h) => h.textContent!.replace(/[▲▼↕]/g, '').trim());
  const row = dataRows(name).find(
    (r) => within(r).getAllByRole('cell')[1]!.textContent === String(id),
  );
  if (!row) throw new Error(`no row for ${id}`);
  const cells = within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent!.trim());
  return Object.fromEntries(headers.map((h, i) => [h, cells[i]!]));
}

const ids = (name?: string) =>
  dataRows(name).map((r) => within(r).getAllByRole('cell')[1]!.textContent);

describe('credits list with the debt of today, computed on the phone', { timeout: 20_000 }, () => {
  it('opens on the running contracts that owe, newest start first; not started, paid and shared funds left out', async () => {
    await openCredits('CO');
    await rowsShown(5);
    // Same start date: the higher number first.
    expect(ids()).toEqual(['105', '106', '107', '101', '102']);
    // The column that stays while the figures scroll names the member.
    expect(within(dataRows()[0]!).getAllByRole('cell')[0]!.textContent).toBe('Juana Gómez Cruz');
    expect(within(table()).getAllByRole('columnheader')[0]!.textContent).toContain('Nombre');
  });

  it('not started and cancelled contracts each in a part of their own, never among the active', async () => {
    const cancelled = contract(108, {
      fecha_inicio: null,
      estatus_ejecucion: 'CA',
      estatus_contrato: 'DP',
    });
    await openCredits('CO', '/creditos', {
      'GET /api/sync/pull/': pullWith([...CONTRACTS, cancelled]),
    });
    await rowsShown(5);
    expect(ids()).not.toContain('108');
    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByTestId('creditos-view'), 'notStarted');
    await rowsShown(1);
    expect(ids()).toEqual(['104']);
    await ui.selectOptions(screen.getByTestId('creditos-view'), 'cancelled');
    await rowsShown(1);
    expect(ids()).toEqual(['108']);
    await ui.selectOptions(screen.getByTestId('creditos-view'), 'active');
    await rowsShown(5);
  });

  it('shows the hand-computed figures of a current fixed-rate contract with a payment', async () => {
    await openCredits('CO');
    await rowsShown(5);
    await showAllColumns();
    expect(cellsOf(101)).toMatchObject({
      'Clave socio': '5',
      Nombre: 'Juana Gómez Cruz',
      Región: 'Región 1',
      'Fecha de inicio': '1 dic 2025',
      'Fecha de vencimiento': '1 jun 2026',
      Plazo: '6',
      Tasa: '2.00%',
      'Tasa moratoria': '3.00%',
      Estatus: 'Vigente',
      'Estatus de ejecución': 'Cobrado',
      Monto: '$10,000.00',
      Pagado: '$1,200.00',
      'Capital por pagar': '$9,000.00',
      'Interés ordinario': '$400.00',
      'Interés moratorio': '$0.00',
      'Deuda total': '$9,400.00',
      'Vida del crédito (días)': '104',
      'Días en cartera vigente': '104',
      'Días vencido': '0',
    });
  });

  it('an overdue contract adds late interest and overdue days (the pulled status was stale)', async () => {
    await openCredits('CO');
    await rowsShown(5);
    await showAllColumns();
    expect(cellsOf(102)).toMatchObject({
      Estatus: 'Vencido',
      'Capital por pagar': '$5,000.00',
      'Interés ordinario': '$375.00',
      'Interés moratorio': '$400.00',
      'Deuda total': '$5,775.00',
      'Vida del crédito (días)': '151',
      'Días en cartera vigente': '92',
      'Días vencido': '59',
    });
  });

  it('variable rate, extension and a contract not started yet', async () => {
    await openCredits('CO');
    await rowsShown(5);
    await showAllColumns();
    expect(cellsOf(105)).toMatchObject({
      'Interés ordinario': '$720.00',
      'Deuda total': '$10,720.00',
    });
    expect(cellsOf(106)).toMatchObject({
      Plazo: '4+2',
      'Fecha de vencimiento': '15 jun 2026',
      'Deuda total': '$1,060.00',
    });
    await userEvent.setup().selectOptions(screen.getByTestId('creditos-view'), 'notStarted');
    await rowsShown(1);
    expect(cellsOf(104)).toMatchObject({
      Estatus: '-',
      'Estatus de ejecución': 'Por cobrar',
      'Deuda total': '—',
      'Vida del crédito (días)': '—',
    });
  });

  it('the toggle adds the paid contracts; the search finds by status label', async () => {
    await openCredits('GE');
    await rowsShown(5);
    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByTestId('creditos-view'), 'all');
    await rowsShown(7);
    await showAllColumns();
    expect(cellsOf(103)).toMatchObject({
      Estatus: 'Pagado',
      Pagado: '$2,120.00',
      'Deuda total': '—',
      'Vida del crédito (días)': '92',
    });
    await ui.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'vencido');
    await vi.waitFor(() => expect(ids()).toEqual(['102']));
  });

  it('at first the columns that fit a desk screen; the choice stays for the next visit', async () => {
    await openCredits('CO');
    await rowsShown(5);
    const headers = () =>
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent!.replace(/[▲▼↕]/g, '').trim());
    expect(headers()).toEqual([
      'Nombre',
      'Crédito',
      'Región',
      'Estatus',
      'Monto',
      'Deuda total',
      'Días vencido',
    ]);
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('dt-columns'));
    await ui.click(screen.getByRole('checkbox', { name: 'Tasa' }));
    expect(headers()).toContain('Tasa');
    cleanup();
    await openCredits('CO');
    await rowsShown(5);
    expect(headers()).toContain('Tasa');
    expect(headers()).toHaveLength(8);
  });

  it('a promoter sees the list without the toggle and without the export', async () => {
    await openCredits('PR');
    await rowsShown(5);
    // The parts of the list, but not every contract.
    const options = within(screen.getByTestId('creditos-view')).getAllByRole('option');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual([
      'active',
      'notStarted',
      'cancelled',
    ]);
    expect(screen.queryByTestId('creditos-export')).toBeNull();
  });

  it('the shared funds screen lists only the shared-fund contracts', async () => {
    await openCredits('CO', '/fondos-comunes', {}, 'Fondos comunes');
    await rowsShown(1, 'Fondos comunes');
    await showAllColumns('Fondos comunes');
    expect(cellsOf(201, 'Fondos comunes')).toMatchObject({
      Nombre: 'Rosa Álvarez Cruz',
      'Interés ordinario': '$30.00',
      'Deuda total': '$3,030.00',
    });
  });
});

describe('Excel export by region', { timeout: 20_000 }, () => {
  it('downloads the server file of the chosen region, following the toggle', async () => {
    const { api } = await openCredits('CO', '/creditos', {
      'GET /api/contratosXLSX/': () =>
        new Response(new TextEncoder().encode('PK-xlsx'), {
          status: 200,
          headers: { 'Content-Type': 'application/octet-stream' },
        }),
    });
    await rowsShown(5);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
    );
    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByTestId('creditos-export-region'), '3');
    await ui.selectOptions(screen.getByTestId('creditos-view'), 'all');
    await ui.click(screen.getByTestId('creditos-export'));
    await vi.waitFor(() => expect(clicks).toEqual(['contratos-3.xlsx']));
    const [call] = api.seen.filter((r) => r.path.startsWith('/api/contratosXLSX/'));
    expect(call!.path).toBe('/api/contratosXLSX/?region=3&all=true');
    expect(call!.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('names the regions as the tables do; all regions first, then 1 to 10', async () => {
    await openCredits('CO', '/creditos', {
      'GET /api/sync/pull/': () =>
        json({
          cursor: 'c1',
          hasMore: false,
          reset: false,
          changes: {
            regiones: [
              { id: 1, nombre_de_region: 'Chilón Sur', poly: null },
              { id: 3, nombre_de_region: 'Tenejapa', poly: null },
            ],
            contratos: CONTRACTS,
            pagos: PAYMENTS,
          },
        }),
    });
    await rowsShown(5);
    const select = screen.getByTestId<HTMLSelectElement>('creditos-export-region');
    await vi.waitFor(() => expect(select.options[1]!.textContent).toBe('Chilón Sur'));
    const options = Array.from(select.options).map((o) => [o.value, o.textContent]);
    expect(options).toHaveLength(11);
    expect(options.slice(0, 4)).toEqual([
      ['ALL', 'Todas las regiones'],
      ['1', 'Chilón Sur'],
      ['2', 'Región 2'],
      ['3', 'Tenejapa'],
    ]);
  });

  it('offline the export waits for a connection', async () => {
    await openCredits('CO');
    await rowsShown(5);
    setOnline(false);
    await vi.waitFor(() =>
      expect((screen.getByTestId('creditos-export') as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('a refusal of the server is shown, not swallowed', async () => {
    await openCredits('CO', '/creditos', {
      'GET /api/contratosXLSX/': () => json({ detail: 'No tienes permiso.' }, 403),
    });
    await rowsShown(5);
    await userEvent.setup().click(screen.getByTestId('creditos-export'));
    await vi.waitFor(() =>
      expect(useErrorStore.getState().current?.lines).toEqual(['No tienes permiso.']),
    );
  });
});
