/**
 * /inicio per role, on a phone whose replica holds a small portfolio (four regions: only
 * current loans, current and overdue, only overdue, none — plus a shared fund and a paid loan
 * that are not in the portfolio). The office sees today's totals with the overdue bands and the
 * region colours of docs/business-rules.md#portfolios, computed on the phone; the weather card
 * shows the configured forecast grouped into days and hides when the service fails or the phone is
 * offline; the calendar shows only online; a member gets a button to its record and no figures.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CONFIG_STORAGE_KEY } from '#api/config';
import type { Role } from '#domain/roles';
import { addDays, addMonths, todayIn } from '#domain/dates';
import { getDb } from '#db/database';
import { HomeScreen } from '#features/inicio/home-screen.tsx';
import { forgetForecast } from '#features/inicio/weather-request.ts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch, json, type Handler } from './api-fake-fetch';
import { freshDevice, loggedInWithReplica, pulledBefore, setOnline } from './sync-fixtures';

const forecast: unknown = JSON.parse(readFileSync('tests/fixtures/weather-forecast.json', 'utf8'));

const WEATHER_URL = 'https://weather.example.org/data/2.5/forecast';
const CALENDAR_URL = 'https://calendar.example.org/embed?src=cooperativa';

const square = (lng: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, 17],
      [lng + 0.05, 17],
      [lng + 0.05, 17.05],
      [lng, 17.05],
      [lng, 17],
    ],
  ],
});
const region = (id: number) => ({
  id,
  nombre_de_region: `Región ${id}`,
  poly: square(-92.2 + id / 10),
});

/** A contract row as the pull sends it; `monthsAgo` and `daysLate` place its dates around today. */
function contract(id: number, regionId: number, monto: string, dueDaysAgo: number, extra = {}) {
  const today = todayIn();
  // Six months of term, due `dueDaysAgo` days ago (negative: due in the future).
  const due = addDays(today, -dueDaysAgo);
  return {
    id,
    region: regionId,
    fondo_comun: false,
    monto,
    tasa: '2',
    tasa_moratoria: '3',
    tipo_tasa: 'FI',
    plazo: 6,
    prorroga: 0,
    fecha_inicio: addMonths(due, -6),
    fecha_final: null,
    estatus_contrato: 'DP',
    estatus_ejecucion: 'CO',
    ...extra,
  };
}

const CONTRACTS = [
  contract(1, 1, '1000.00', -60), // current
  contract(2, 2, '1000.00', -30), // current
  contract(3, 2, '500.00', 10), // 10 days late
  contract(4, 3, '2000.00', 100), // 100 days late
  contract(5, 3, '9000.00', -30, { fondo_comun: true }), // a shared fund: not in the portfolio
  contract(6, 1, '7000.00', -30, { estatus_contrato: 'PA', fecha_final: addDays(todayIn(), -5) }),
];
const PAYMENTS = [
  {
    id: 1,
    credito: 1,
    fecha_pago: addDays(todayIn(), -3),
    cantidad: '230.00',
    abono_capital: '200.00',
    interes_ord: '30.00',
    interes_mor: '0.00',
    deuda_prev_int_ord: '30.00',
    deuda_prev_int_mor: '0.00',
  },
];

async function fillReplica(): Promise<void> {
  const db = getDb();
  await db.wire('regiones').bulkPut([region(1), region(2), region(3), region(4)]);
  await db.wire('contratos').bulkPut(CONTRACTS);
  await db.wire('pagos').bulkPut(PAYMENTS);
}

function configAnswer(config: Record<string, unknown>): Handler {
  return () => json(config);
}

async function openHome(role: Role, handlers: Record<string, Handler> = {}) {
  const api = installFakeFetch(handlers);
  await loggedInWithReplica(role);
  await fillReplica();
  render(
    <MemoryRouter initialEntries={['/inicio']}>
      <HomeScreen />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1 });
  return api;
}

type FakeApi = ReturnType<typeof installFakeFetch>;

/** Resolves once the fake server has answered the first request whose path starts `prefix`. */
async function answered(api: FakeApi, prefix: string): Promise<void> {
  await waitFor(() => {
    const index = api.seen.findIndex((r) => r.path.startsWith(prefix));
    expect(index).toBeGreaterThanOrEqual(0);
    expect(api.fetchMock.mock.settledResults[index]?.type).toBe('fulfilled');
  });
}

/**
 * A read of the portfolio's tables queued after the screen's own (IndexedDB runs them in
 * order): once it answers, any replica read the screen started has answered and been drawn.
 */
async function afterScreenReplicaReads(): Promise<void> {
  await act(async () => {
    const db = getDb();
    await db.transaction('rw', [db.contratos, db.pagos, db.regiones], () => db.contratos.count());
  });
}

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
  pulledBefore();
  forgetForecast();
  setOnline(true);
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('home screen (office)', () => {
  it("shows today's portfolio from the replica: totals, overdue bands and region colours", async () => {
    await openHome('GE');
    const totals = await screen.findByTestId('portfolio-totals');
    // Current: 1,000 − 200 paid + 1,000. Overdue: 500 + 2,000. The shared fund and the paid
    // contract are not in the portfolio.
    expect(within(totals).getByTestId('total-current').textContent).toContain('$1,800.00');
    expect(within(totals).getByTestId('total-current').textContent).toContain('2 créditos');
    expect(within(totals).getByTestId('total-overdue').textContent).toContain('$2,500.00');
    expect(within(totals).getByTestId('total-all').textContent).toContain('$4,300.00');

    expect(screen.getByTestId('band-vencidosLT30').textContent).toContain('$500.00');
    expect(screen.getByTestId('band-vencidosLT30').textContent).toContain('1 crédito');
    expect(screen.getByTestId('band-vencidos30to6M').textContent).toContain('$2,000.00');
    expect(screen.getByTestId('band-vencidosGT6M').textContent).toContain('$0.00');

    const rows = within(screen.getByTestId('portfolio-regions')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [r.querySelector('th')?.textContent, r.dataset.colour])).toEqual([
      ['Región 1 Solo cartera vigente', 'green'],
      ['Región 2 Con vencidos, no más que lo vigente', 'yellow'],
      ['Región 3 Vencido mayor que vigente', 'red'],
      ['Región 4 Sin créditos', 'grey'],
    ]);
    // Without WebGL (jsdom) the map says so and still lists each region's point and figures.
    // Nothing configured (the config call answers 404): no weather, no calendar.
    expect(screen.queryByTestId('weather-days')).toBeNull();
    expect(screen.queryByTestId('calendar-embed')).toBeNull();
    const fallback = screen.getByTestId('map-fallback');
    expect(fallback.textContent).toContain('Región 2: vigente $1,000.00 (1), vencida $500.00 (1)');
  });

  it('a payment arriving in the replica updates the figures at once', async () => {
    await openHome('CO');
    await screen.findByTestId('portfolio-totals');
    await getDb()
      .wire('pagos')
      .put({ ...PAYMENTS[0]!, id: 2, abono_capital: '300.00' });
    await waitFor(() =>
      expect(screen.getByTestId('total-current').textContent).toContain('$1,500.00'),
    );
  });

  it('the weather card shows the configured forecast grouped into days, asked at the fixed location in metric units', async () => {
    const api = await openHome('GE', {
      'GET /api/config/': configAnswer({ weatherUrl: WEATHER_URL, weatherKey: 'clave-demo' }),
      'GET /data/2.5/forecast': () => json(forecast),
    });
    const days = await screen.findByTestId('weather-days');
    const items = within(days).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items.map((li) => li.querySelector('.weather-condition')?.textContent)).toEqual([
      'Nublado',
      'Despejado',
      'Tormenta',
    ]);
    expect(items[1]!.querySelector('.weather-temps')?.textContent).toBe('30° / 18°');
    const [request] = api.seen.filter((r) => r.path.startsWith('/data/2.5/forecast'));
    const query = new URL(`https://x${request!.path}`).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      lat: '17.1',
      lon: '-92.05',
      units: 'metric',
      appid: 'clave-demo',
    });
  });

  it('a failing weather service hides the card; the rest of the home stays', async () => {
    const api = await openHome('GE', {
      'GET /api/config/': configAnswer({ weatherUrl: WEATHER_URL, weatherKey: 'k' }),
      'GET /data/2.5/forecast': () => json({ cod: 401, message: 'Invalid API key' }, 401),
    });
    await screen.findByTestId('portfolio-totals');
    await answered(api, '/data/');
    expect(screen.queryByTestId('weather-days')).toBeNull();
    expect(screen.queryByText('Pronóstico del tiempo')).toBeNull();
  });

  it('offline: no weather request, no calendar; the portfolio still shows', async () => {
    setOnline(false);
    const config = { weatherUrl: WEATHER_URL, calendarUrl: CALENDAR_URL };
    // The phone kept the configuration from its last answer: the screen knows both services
    // from its first render, so by the time the portfolio shows, the weather was decided.
    localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify(config));
    const api = await openHome('GE', {
      'GET /api/config/': configAnswer(config),
      'GET /data/2.5/forecast': () => json(forecast),
    });
    await screen.findByTestId('portfolio-totals');
    await afterScreenReplicaReads();
    // With no network at all the phone asks nothing: the kept configuration serves.
    expect(api.seen.filter((r) => r.path === '/api/config/')).toEqual([]);
    expect(api.seen.filter((r) => r.path.startsWith('/data/'))).toEqual([]);
    expect(screen.queryByTestId('weather-days')).toBeNull();
    expect(screen.queryByTestId('calendar-embed')).toBeNull();
  });

  it('online with a calendar configured, the calendar is embedded', async () => {
    await openHome('VI', { 'GET /api/config/': configAnswer({ calendarUrl: CALENDAR_URL }) });
    const frame = await screen.findByTestId('calendar-embed');
    expect(frame.getAttribute('src')).toBe(CALENDAR_URL);
    expect(frame.getAttribute('title')).toBe('Calendario de la cooperativa');
  });
});

describe('home screen (other roles)', () => {
  it('a member gets a button to its record and no portfolio figures', async () => {
    await openHome('SO');
    const button = screen.getByTestId('home-member-record');
    expect(button.textContent).toBe('Ver mi registro de socio');
    expect(button.getAttribute('href')).toBe('/socios');
    await afterScreenReplicaReads();
    expect(screen.queryByTestId('portfolio-totals')).toBeNull();
    expect(screen.queryByText('Cartera por región')).toBeNull();
    expect(screen.queryByText('Números en tseltal')).toBeNull();
  });

  it('a promoter gets the translator and no portfolio figures', async () => {
    const api = await openHome('PR');
    expect(screen.getByText('Números en tseltal')).toBeTruthy();
    await answered(api, '/api/config/');
    await afterScreenReplicaReads();
    expect(screen.queryByTestId('portfolio-totals')).toBeNull();
  });
});
