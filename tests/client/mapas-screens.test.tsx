/**
 * /mapa-procesos and /mapa-mision on a phone whose replica holds three communities and a few
 * members. The process map counts members AC per community and process (like
 * /comunidades/num-socios/), draws one circle per community and shown process, and lets each
 * process be switched off; a promoter online gets the whole cooperative's counts from the
 * server, offline its own region's with a warning. The mission map lists the communities
 * without a hermitage and without an INEGI locality and marks each located community.
 * (jsdom has no WebGL: the map says so and lists its points; the browser test draws them.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Role } from '#domain/roles';
import { getDb } from '#db/database';
import { MapaMisionScreen } from '#features/mapas/mapa-mision-screen.tsx';
import { MapaProcesosScreen } from '#features/mapas/mapa-procesos-screen.tsx';
import { communityMemberCounts } from '#features/mapas/member-counts.ts';
import { processCircles } from '#features/mapas/process-circles.ts';
import type { Community } from '#domain/entities';
import { useSpanish } from '#tests/helpers/i18n-test';
import { member } from './socios-fixtures';
import { installFakeFetch, json, type Handler } from './api-fake-fetch';
import { freshDevice, loggedInWithReplica, setOnline } from './sync-fixtures';

const COMMUNITIES = [
  {
    id: 7,
    nombre_de_comunidad: 'Bachajón',
    region: 1,
    nombre_region: 'Región 1',
    ermita: 4,
    ermita_name: 'San Jerónimo',
    inegiLocalidad: '070310001',
    ubicacion: [17.12, -92.1],
  },
  {
    id: 8,
    nombre_de_comunidad: 'Guaquitepec',
    region: 2,
    nombre_region: 'Región 2',
    ermita: null,
    ermita_name: null,
    inegiLocalidad: '070770002',
    ubicacion: [17.05, -92.0],
  },
  {
    id: 9,
    nombre_de_comunidad: 'Pamalhá',
    region: 12,
    nombre_region: 'Región 12',
    ermita: null,
    ermita_name: null,
    inegiLocalidad: null,
    ubicacion: null,
  },
];
const MEMBERS = [
  member(1, { comunidad: 7, estatus_cafe: 'AC', estatus_miel: 'AC', estatus_yip: 'NP' }),
  member(2, { comunidad: 7, estatus_cafe: 'AC', estatus_miel: 'BA', estatus_trabajador: 'AC' }),
  member(3, { comunidad: 8, estatus_cafe: 'NP', estatus_miel: 'NP', estatus_yip: 'AC' }),
  member(4, { comunidad: 9, estatus_cafe: 'AC', estatus_miel: 'NP', estatus_trabajador: 'NP' }),
];
const REGIONS = [
  { id: 1, nombre_de_region: 'Región 1', poly: null },
  { id: 2, nombre_de_region: 'Región 2', poly: null },
];

async function open(
  role: Role,
  Screen: typeof MapaProcesosScreen,
  handlers: Record<string, Handler> = {},
) {
  const api = installFakeFetch(handlers);
  await loggedInWithReplica(role);
  const db = getDb();
  await db.wire('comunidades').bulkPut(COMMUNITIES);
  await db.wire('socios').bulkPut(MEMBERS);
  await db.regiones.bulkPut(REGIONS);
  render(
    <MemoryRouter>
      <Screen titleKey="routes.mapaProcesos" />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1 });
  return api;
}

const total = (process: string) => screen.getByTestId(`total-${process}`).textContent;

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
  setOnline(true);
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('process map', () => {
  it('counts the members AC per community and process from the replica', async () => {
    await open('GE', MapaProcesosScreen);
    await waitFor(() => expect(total('CF')).toBe('3'));
    expect([total('MI'), total('JA'), total('SL')]).toEqual(['1', '1', '1']);

    const table = screen.getByRole('table', { name: 'Socios activos por comunidad' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Bachajón', 'Región 1', '2', '1', '0', '1'],
      ['Guaquitepec', 'Región 2', '0', '0', '1', '0'],
      ['Pamalhá', 'Región 12', '1', '0', '0', '0'],
      ['Total', '', '3', '1', '1', '1'],
    ]);
    expect(
      screen.getByText(/1 comunidad sin ubicación no aparece en el mapa/).textContent,
    ).toContain('Radio del círculo: 80 m por cada socio activo.');
    expect(screen.queryByText(/este teléfono solo tiene los socios de tu región/)).toBeNull();
  });

  it('each process can be switched off and on', async () => {
    const ui = userEvent.setup();
    await open('CO', MapaProcesosScreen);
    const coffee = await screen.findByTestId('toggle-CF');
    expect((coffee as HTMLInputElement).checked).toBe(true);
    await ui.click(coffee);
    expect((coffee as HTMLInputElement).checked).toBe(false);
    expect(coffee.closest('label')?.className).not.toContain('is-on');
    await ui.click(coffee);
    expect((coffee as HTMLInputElement).checked).toBe(true);
  });

  it("a promoter online gets the whole cooperative's counts from the server", async () => {
    const serverRows = COMMUNITIES.map((c, i) => ({
      ...c,
      num_socios_cf: 10 + i,
      num_socios_mi: 1,
      num_socios_ja: 0,
      num_socios_sl: 2,
    }));
    const api = await open('PR', MapaProcesosScreen, {
      'GET /api/comunidades/num-socios/': () => json(serverRows),
    });
    await waitFor(() => expect(total('CF')).toBe('33'));
    expect(total('SL')).toBe('6');
    expect(api.calls('GET', '/api/comunidades/num-socios/')).toHaveLength(1);
    expect(screen.queryByText(/este teléfono solo tiene los socios de tu región/)).toBeNull();
  });

  it("a promoter offline sees its phone's counts and is told the other regions are missing", async () => {
    setOnline(false);
    const api = await open('PR', MapaProcesosScreen);
    await waitFor(() => expect(total('CF')).toBe('3'));
    expect(
      screen.getByText(
        'Sin conexión: este teléfono solo tiene los socios de tu región, así que las otras regiones aparecen en cero.',
      ),
    ).toBeTruthy();
    expect(api.seen).toEqual([]);
  });
});

describe('process map circles', () => {
  const rows = communityMemberCounts(COMMUNITIES as Community[], MEMBERS);
  /** Half the north–south span of a circle, in metres on the ground. */
  const radiusOf = (ring: [number, number][]) => {
    const lats = ring.map(([, lat]) => lat);
    return (((Math.max(...lats) - Math.min(...lats)) / 2) * Math.PI * 6_371_008.8) / 180;
  };

  it('one circle per located community and shown process with members, 80 m per member', () => {
    const circles = processCircles(rows, new Set(['CF', 'MI', 'JA', 'SL'] as const));
    // Pamalhá has no location; zero counts draw nothing.
    expect(circles.map((c) => c.id)).toEqual(['CF-7', 'MI-7', 'SL-7', 'JA-8']);
    expect(radiusOf(circles[0]!.polygon.coordinates[0]!)).toBeCloseTo(160, 0);
    expect(radiusOf(circles[1]!.polygon.coordinates[0]!)).toBeCloseTo(80, 0);
    // Centred on the community ([lat, lng] 17.12, −92.1).
    const ring = circles[0]!.polygon.coordinates[0]!;
    const lngs = ring.map(([lng]) => lng);
    expect((Math.max(...lngs) + Math.min(...lngs)) / 2).toBeCloseTo(-92.1, 6);
  });

  it('a process switched off draws no circle', () => {
    const circles = processCircles(rows, new Set(['MI', 'JA'] as const));
    expect(circles.map((c) => c.id)).toEqual(['MI-7', 'JA-8']);
  });
});

describe('mission map', () => {
  it('lists the communities without a hermitage and without an INEGI locality', async () => {
    await open('VI', MapaMisionScreen);
    const noHermitage = await screen.findByTestId('list-sin-ermita');
    expect(within(noHermitage).getByTestId('count-sin-ermita').textContent).toBe('2');
    expect(
      within(noHermitage)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.mission-list-name')?.textContent),
    ).toEqual(['Guaquitepec', 'Pamalhá']);
    const noLocality = screen.getByTestId('list-sin-localidad');
    expect(within(noLocality).getByTestId('count-sin-localidad').textContent).toBe('1');
    expect(within(noLocality).getByText('Pamalhá')).toBeTruthy();
  });

  it('marks each located community (named with its region) and shows each region icon', async () => {
    await open('PR', MapaMisionScreen);
    const fallback = await screen.findByTestId('map-fallback');
    await waitFor(() => expect(within(fallback).getAllByRole('listitem')).toHaveLength(2));
    expect(fallback.textContent).toContain('Bachajón (Región 1)');
    expect(fallback.textContent).toContain('Guaquitepec (Región 2)');
    const legend = screen.getByRole('list', { name: 'Iconos por región' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Región 1', '2Región 2', 'Límite de zona']);
  });
});
