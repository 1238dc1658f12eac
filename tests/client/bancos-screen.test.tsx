/**
 * /bancos and /subcuentas: the balances table with its five figures,
 * footer totals and 'ERR' where a value is not a number; the records table and the detail of
 * one record; the date-range search sent as the query; the spreadsheet download; the pending
 * badge (three counts summed); and the plain offline message.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json } from './api-fake-fetch';
import { bankHandlers, openBankScreen } from './bancos-fixtures';
import { freshDevice, setOnline } from './sync-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

const originalUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

afterEach(async () => {
  URL.createObjectURL = originalUrl.create;
  URL.revokeObjectURL = originalUrl.revoke;
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const RECORD = {
  id: 77,
  fecha: '2026-01-09',
  referencia: 'Crédito #512 - Socio 12',
  referencia_banco: 'PAGO1',
  referencia_alf: 'Depósito de pagos',
  fecha_captura: '2026-01-09T16:30:00.000Z',
  usuario: 'Luis Pérez',
  movimiento_banco: 4,
  subcuenta_id: 3,
  subcuenta_id_cont: '1103-01',
  subcuenta_nombre: 'Abono a capital vigente productores',
  banco_cuenta: 'Microcrédito',
  banco_nombre: 'BBVA',
  relacion_sistema: 'CAPITAL',
  cantidad: '300.00',
  ingr_egr: true,
  aport_retiro: null,
  pago: 21,
  ej_credito: null,
};

const BALANCES = [
  {
    id: 1,
    nombre_banco: 'Banorte',
    nombre_cuenta: 'Ahorro',
    numero_cuenta: '1',
    tot_ingresos_prev: 1000,
    tot_egresos_prev: 250.5,
    tot_ingresos: 300.25,
    tot_egresos: 0,
  },
  {
    id: 2,
    nombre_banco: 'BBVA',
    nombre_cuenta: 'Microcrédito',
    numero_cuenta: '2',
    tot_ingresos_prev: 0,
    tot_egresos_prev: 0,
    tot_ingresos: null,
    tot_egresos: 'abc',
  },
];

function screenHandlers(balances: unknown[] = BALANCES) {
  return bankHandlers({
    'GET /api/banco/saldos/': () => json(balances),
    'GET /api/registros-contables.json/': () => json({ results: [RECORD], next: null }),
    'GET /api/registros-contables/77.json': () => json(RECORD),
  });
}

/** The cells of the balances row whose account cell contains `name`. */
function cellsOf(name: string): string[] {
  const table = screen.getByRole('table', { name: 'Saldos por cuenta bancaria' });
  const row = within(table).getByText(name, { exact: false }).closest('tr')!;
  return [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '');
}

describe('/bancos', () => {
  it('balances: previous, income, expenses, period and final; ERR where a value is not a number', async () => {
    await openBankScreen('/bancos', screenHandlers());
    await screen.findByRole('table', { name: 'Saldos por cuenta bancaria' });
    expect(cellsOf('Ahorro')).toEqual([
      'Ahorro (Banorte)',
      '$749.50',
      '$300.25',
      '$0.00',
      '$300.25',
      '$1,049.75',
    ]);
    expect(cellsOf('Microcrédito')).toEqual([
      'Microcrédito (BBVA)',
      '$0.00',
      'ERR',
      'ERR',
      'ERR',
      'ERR',
    ]);
    // Footer: the previous balances add up; a column with an ERR cell totals ERR.
    const table = screen.getByRole('table', { name: 'Saldos por cuenta bancaria' });
    const footer = table.querySelector('tfoot tr')!;
    expect([...footer.querySelectorAll('th, td')].map((td) => td.textContent)).toEqual([
      'Totales',
      '$749.50',
      'ERR',
      'ERR',
      'ERR',
      'ERR',
    ]);
  });

  it('totals every row when all values are numbers', async () => {
    await openBankScreen(
      '/bancos',
      screenHandlers([BALANCES[0], { ...BALANCES[1], tot_ingresos: 99.99, tot_egresos: 10 }]),
    );
    const table = await screen.findByRole('table', { name: 'Saldos por cuenta bancaria' });
    await waitFor(() => expect(table.querySelector('tfoot tr')).not.toBeNull());
    const footer = [...table.querySelector('tfoot tr')!.querySelectorAll('th, td')].map(
      (td) => td.textContent,
    );
    expect(footer).toEqual(['Totales', '$749.50', '$400.24', '$10.00', '$390.24', '$1,139.74']);
    expect(screen.queryAllByTestId('balance-err')).toHaveLength(0);
  });

  it('the badge counts the pending reconciliations of the three lists', async () => {
    await openBankScreen('/bancos', screenHandlers());
    // 3 movements + 2 payments + 1 contract (shared funds are not in the three).
    const badge = await screen.findByTestId('bank-pending');
    expect(badge.textContent).toBe('6');
    expect(badge.getAttribute('aria-label')).toBe('Conciliaciones pendientes: 6');
  });

  it('the records table opens the detail of one record', async () => {
    const ui = userEvent.setup();
    const { api } = await openBankScreen('/bancos', screenHandlers());
    await ui.click(await screen.findByText('Crédito #512 - Socio 12'));
    const detail = await screen.findByTestId('record-detail');
    expect(api.calls('GET', '/api/registros-contables/77.json')).toHaveLength(1);
    expect(detail.textContent).toContain('1103-01 Abono a capital vigente productores');
    expect(detail.textContent).toContain('Pago: abono a capital');
    expect(detail.textContent).toContain('PAGO1');
    expect(detail.textContent).toContain('Luis Pérez');
    expect(detail.textContent).toContain('BBVA');
  });

  it('searches a date range: both dates travel as the query of balances and records', async () => {
    const ui = userEvent.setup();
    const { api } = await openBankScreen('/bancos', screenHandlers());
    await screen.findByRole('table', { name: 'Saldos por cuenta bancaria' });
    fireEvent.change(screen.getByLabelText('Fecha inicial'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Fecha final'), { target: { value: '2026-01-31' } });
    await ui.click(screen.getByTestId('bank-search'));
    const query = '?initialDate=2026-01-01&finalDate=2026-01-31';
    await waitFor(() =>
      expect(api.seen.map((r) => r.path)).toEqual(
        expect.arrayContaining([
          `/api/banco/saldos/${query}`,
          `/api/registros-contables.json/${query}&limit=200`,
        ]),
      ),
    );
  });

  it('shows the newest records from the first page, then the whole range once the rest is in', async () => {
    const ui = userEvent.setup();
    const older = (id: number) => ({
      ...RECORD,
      id,
      fecha: '2025-12-01',
      referencia: `Aportación - Socio ${id}`,
    });
    let releaseRest: () => void = () => undefined;
    const restArrived = new Promise<void>((resolve) => {
      releaseRest = resolve;
    });
    const { api } = await openBankScreen(
      '/bancos',
      bankHandlers({
        'GET /api/banco/saldos/': () => json(BALANCES),
        'GET /api/registros-contables.json/': async (request) => {
          const after = new URL(request.path, 'http://x').searchParams.get('after');
          if (after === null) return json({ results: [RECORD], next: 'CUR1' });
          await restArrived;
          if (after === 'CUR1') return json({ results: [older(76)], next: 'CUR2' });
          return json({ results: [older(75)], next: null });
        },
      }),
    );
    expect(await screen.findByText('Crédito #512 - Socio 12')).toBeTruthy();
    expect((await screen.findByTestId('bank-records-partial')).textContent).toBe(
      'Se muestran los 1 registros más recientes; cargando los demás…',
    );
    expect(screen.queryByText('Aportación - Socio 76')).toBeNull();
    releaseRest();
    await waitFor(() => expect(screen.queryByTestId('bank-records-partial')).toBeNull());
    expect(screen.getByText('Aportación - Socio 76')).toBeTruthy();
    expect(screen.getByText('Aportación - Socio 75')).toBeTruthy();
    expect(api.seen.map((r) => r.path).filter((p) => p.includes('registros-contables'))).toEqual([
      '/api/registros-contables.json/?limit=200',
      '/api/registros-contables.json/?limit=5000&after=CUR1',
      '/api/registros-contables.json/?limit=5000&after=CUR2',
    ]);
    // The search runs over the whole range.
    await ui.type(screen.getByRole('searchbox'), 'Socio 75');
    await waitFor(() => expect(screen.queryByText('Crédito #512 - Socio 12')).toBeNull());
    expect(screen.getByText('Aportación - Socio 75')).toBeTruthy();
  });

  it('a final date before the initial one is refused on the final date', async () => {
    const ui = userEvent.setup();
    const { api } = await openBankScreen('/bancos', screenHandlers());
    await screen.findByRole('table', { name: 'Saldos por cuenta bancaria' });
    const before = api.seen.length;
    fireEvent.change(screen.getByLabelText('Fecha inicial'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('Fecha final'), { target: { value: '2026-01-01' } });
    await ui.click(screen.getByTestId('bank-search'));
    expect(
      await screen.findByText('La fecha final debe ser igual o posterior a la fecha inicial'),
    ).toBeTruthy();
    expect(api.seen.length).toBe(before);
  });

  it('downloads the spreadsheet of the range from the server', async () => {
    const ui = userEvent.setup();
    const created: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(this.download);
    });
    const { api } = await openBankScreen(
      '/bancos',
      bankHandlers({
        'GET /api/banco/saldos/': () => json(BALANCES),
        'GET /api/registros-contables.json/': () => json({ results: [RECORD], next: null }),
        'GET /api/registros-contables-xlsx/': () =>
          new Response(new Uint8Array([80, 75, 3, 4]), {
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            },
          }),
      }),
    );
    await ui.click(await screen.findByTestId('bank-records-xlsx'));
    await waitFor(() => expect(created).toEqual(['registros-contables.xlsx']));
    const request = api.calls('GET', '/api/registros-contables-xlsx/')[0]!;
    expect(request.headers.get('Authorization')).toBe('Bearer access');
    click.mockRestore();
  });

  it('while the server prepares the file, says so, with no time limit; then the bytes', async () => {
    const created: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(this.download);
    });
    let answer: (response: Response) => void = () => undefined;
    await openBankScreen(
      '/bancos',
      bankHandlers({
        'GET /api/banco/saldos/': () => json(BALANCES),
        'GET /api/registros-contables.json/': () => json({ results: [RECORD], next: null }),
        'GET /api/registros-contables-xlsx/': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      }),
    );
    const button = await screen.findByTestId('bank-records-xlsx');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(button);
      expect(screen.getByTestId('download-status').textContent).toBe('Preparando el archivo…');
      expect(button.getAttribute('aria-busy')).toBe('true');
      // Well past the API's 20 s limit, the download still waits for the server.
      await vi.advanceTimersByTimeAsync(120_000);
      expect(screen.getByTestId('download-status').textContent).toBe('Preparando el archivo…');
    } finally {
      vi.useRealTimers();
    }
    answer(
      new Response(new Uint8Array(3 * 1024).fill(80), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      }),
    );
    await waitFor(() => expect(created).toEqual(['registros-contables.xlsx']));
    await waitFor(() => expect(screen.queryByTestId('download-status')).toBeNull());
    expect(screen.getByTestId('bank-records-xlsx').getAttribute('aria-busy')).toBeNull();
    click.mockRestore();
  });

  it('offline: says the screen needs a connection and asks the server nothing', async () => {
    setOnline(false);
    const { api } = await openBankScreen('/bancos', screenHandlers());
    expect(screen.getByTestId('bank-offline').textContent).toContain(
      'Esta pantalla necesita conexión.',
    );
    expect(api.seen).toHaveLength(0);
  });
});

describe('/subcuentas', () => {
  it('shows the same balances per sub-account, named by accounting id and name', async () => {
    await openBankScreen(
      '/subcuentas',
      bankHandlers({
        'GET /api/subcuentas/saldos/': () =>
          json([
            {
              id: 41,
              id_contable: '4201-01',
              nombre: 'Intereses bancarios',
              tipo: 'IN',
              sistema: false,
              banco: 2,
              nombre_cuenta: 'Microcrédito',
              tot_ingresos_prev: 1000,
              tot_egresos_prev: 0,
              tot_ingresos: 300.25,
              tot_egresos: 0,
            },
          ]),
      }),
    );
    const table = await screen.findByRole('table', { name: 'Saldos por subcuenta' });
    const row = within(table).getByText('4201-01 Intereses bancarios').closest('tr')!;
    expect([...row.querySelectorAll('th, td')].map((c) => c.textContent)).toEqual([
      '4201-01 Intereses bancarios',
      '$1,000.00',
      '$300.25',
      '$0.00',
      '$300.25',
      '$1,300.25',
    ]);
  });

  it('offline: the same plain message', async () => {
    setOnline(false);
    await openBankScreen('/subcuentas', bankHandlers());
    expect(screen.getByTestId('bank-offline')).toBeTruthy();
  });
});
