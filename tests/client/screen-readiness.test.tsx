/**
 * The first download's honesty on screen (docs/sync-protocol.md#the-first-download): which
 * screens are ready while the tables arrive, what a screen not ready says, the home's list, and
 * the progress line from the first page on.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import '#i18n/setup';
import type { ReplicaTableName } from '#db/replica-rows';
import { patchSyncStatus, resetSyncStatus } from '#sync/status-store';
import { tablesHeld } from '#sync/tables-held';
import type { PullProgress } from '#sync/types';
import { missingTables, SCREEN_TABLES } from '#app/screen-readiness.ts';
import { ReadyScreen } from '#app/screen-readiness-view.tsx';
import { FirstSyncProgress } from '#app/first-sync-progress.tsx';
import { menuFor } from '#app/menu.ts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { logIn } from './sync-fixtures';

/** A full pull under way whose pages have said these tables are complete. */
function pulling(ready: ReplicaTableName[], patch: Partial<PullProgress> = {}): PullProgress {
  return { rows: 900, bytes: 120_000, pages: 3, done: false, initial: true, ready, ...patch };
}

const PLACES: ReplicaTableName[] = ['regiones', 'zonas', 'comunidades', 'ermitas', 'cargos'];

beforeEach(async () => {
  await useSpanish();
  resetSyncStatus();
});
afterEach(() => {
  resetSyncStatus();
});

describe('which screens are ready', () => {
  it('a screen is ready once every table it reads is complete, not before', () => {
    const held = tablesHeld({
      pull: pulling([...PLACES, 'contratos', 'pagos']),
      lastPullAt: null,
    });
    expect(missingTables('/pagos', 'GE', held)).toEqual([]);
    expect(missingTables('/carteras', 'GE', held)).toEqual([]);
    expect(missingTables('/inicio', 'GE', held)).toEqual([]);
    expect(missingTables('/socios', 'GE', held)).toEqual(['cargosCoop', 'puestos', 'socios']);
    expect(missingTables('/solicitudes', 'CO', held)).toEqual(['socios', 'solicitudes']);
    // An address with a record reads what its screen reads.
    expect(missingTables('/socios/17', 'GE', held)).toContain('socios');
    // A screen that reads no replica table (it asks the server) never waits.
    expect(missingTables('/reportes', 'GE', held)).toEqual([]);
    // The portfolio is the office's home: a promoter's home reads no table.
    const nothing = tablesHeld({ pull: pulling([]), lastPullAt: null });
    expect(missingTables('/inicio', 'PR', nothing)).toEqual([]);
    expect(missingTables('/inicio', 'CO', nothing)).toEqual(['regiones', 'contratos', 'pagos']);
  });

  it('before any pull nothing is ready; once a pull has ended, everything is', () => {
    const before = tablesHeld({ pull: null, lastPullAt: null });
    const after = tablesHeld({ pull: null, lastPullAt: '2026-11-29T04:00:00.000Z' });
    const ended = tablesHeld({ pull: pulling([], { done: true }), lastPullAt: null });
    // An older server says no table complete: nothing is ready until the end.
    const unsaid = tablesHeld({ pull: pulling([], { ready: undefined }), lastPullAt: null });
    for (const route of Object.keys(SCREEN_TABLES)) {
      expect(missingTables(route, 'GE', before).length, route).toBeGreaterThan(0);
      expect(missingTables(route, 'GE', unsaid).length, route).toBeGreaterThan(0);
      expect(missingTables(route, 'GE', after), route).toEqual([]);
      expect(missingTables(route, 'GE', ended), route).toEqual([]);
    }
  });

  it('every screen in the map is a screen some role can open from the menu or a capture', () => {
    const menuPaths = new Set(
      (['SO', 'PR', 'CO', 'GE', 'VI'] as const).flatMap((role) =>
        menuFor(role, true).flatMap((group) => group.items.map((item) => item.path)),
      ),
    );
    const captures = [
      '/pago-formato',
      '/acopio-formato',
      '/movimiento-formato',
      '/solicitud-formato',
    ];
    for (const route of Object.keys(SCREEN_TABLES))
      expect(menuPaths.has(route) || captures.includes(route), route).toBe(true);
  });
});

describe('what the user sees during the first download', () => {
  function renderAt(path: string) {
    return render(
      <MemoryRouter initialEntries={[path]}>
        <ReadyScreen role="GE">
          <p data-testid="the-screen">the screen</p>
        </ReadyScreen>
      </MemoryRouter>,
    );
  }

  it('a screen not ready says what it waits for instead of showing an empty list', () => {
    logIn('GE');
    patchSyncStatus({ pull: pulling([...PLACES, 'contratos', 'pagos']) });
    renderAt('/socios');
    expect(screen.queryByTestId('the-screen')).toBeNull();
    const waiting = screen.getByTestId('screen-waiting');
    expect(waiting.textContent).toContain('socios');
    expect(waiting.textContent).not.toContain('créditos');
  });

  it('a ready screen shows itself; the home lists the role’s screens ready or downloading', () => {
    logIn('GE');
    patchSyncStatus({ pull: pulling([...PLACES, 'contratos', 'pagos']) });
    renderAt('/pagos');
    expect(screen.getByTestId('the-screen')).toBeTruthy();
    renderAt('/inicio');
    const list = screen.getByTestId('first-download-screens');
    const pagos = within(list).getByTestId('ready-menu-pagos');
    expect(pagos.dataset.ready).toBe('true');
    expect(pagos.textContent).toContain('Lista');
    expect(within(pagos).getByRole('link').getAttribute('href')).toBe('/pagos');
    const socios = within(list).getByTestId('ready-menu-socios');
    expect(socios.dataset.ready).toBe('false');
    expect(socios.textContent).toContain('Descargando');
    expect(within(socios).queryByRole('link')).toBeNull();
  });

  it('the home’s list goes once the download is over', () => {
    logIn('GE');
    patchSyncStatus({ pull: pulling(PLACES, { done: true }) });
    renderAt('/inicio');
    expect(screen.getByTestId('the-screen')).toBeTruthy();
    expect(screen.queryByTestId('first-download-screens')).toBeNull();
  });
});

describe('the progress line', () => {
  it('says it waits for the first page, then counts records and KB from that page on', () => {
    patchSyncStatus({ pull: { rows: 0, bytes: 0, pages: 0, done: false, initial: true } });
    const { rerender } = render(<FirstSyncProgress />);
    const line = () => screen.getByTestId('first-sync-progress').textContent ?? '';
    expect(line()).toContain('esperando la primera página');
    expect(line()).not.toMatch(/\b0 registros/);
    patchSyncStatus({
      pull: { rows: 300, bytes: 63 * 1024, pages: 1, done: false, initial: true, total: 1200 },
    });
    rerender(<FirstSyncProgress />);
    expect(line()).toContain('25 %');
    expect(line()).toContain('300 de 1,200 registros');
    expect(line()).toContain('63 KB');
  });
});
