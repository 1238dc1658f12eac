/**
 * The maps and the home dashboard in a real browser against the demo cooperative, with NO tile
 * server configured: every map must draw its overlays (regions, zones, circles, markers) on the
 * plain background and ask nothing of the network beyond the app's own server — online, and
 * offline after a reload. Figures are checked against the server's own answers
 * (/contratos/carteras/, /contratos/carteras-per-region/, /comunidades/num-socios/). The public
 * home (animated mark, parallax that stops for reduced motion) and about-us pages are looked at
 * too. Screenshots at phone (360×740) and desktop sizes go to test-results/e2e/.
 * Last, a second server WITH a (local, fake) tile server: the tiles a promoter saw online are
 * answered by the service worker once the phone is offline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatCurrency } from '#domain/format';
import { regionColour } from '#domain/portfolio';
import { DESKTOP, PHONE, launchBrowser, newContext, screenshot, settleForPicture } from './browser';
import { api, freePort, login, waitForHealth, serverURL } from './helpers';

const SIZES = [
  { name: 'phone', viewport: PHONE },
  { name: 'desktop', viewport: DESKTOP },
] as const;

/** Every request the page makes to another origin (there is no tile server: none allowed). */
function foreignRequests(page: Page, baseURL: string): string[] {
  const seen: string[] = [];
  const own = new URL(baseURL).origin;
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== own) {
      seen.push(url);
    }
  });
  return seen;
}

/** The map drew on its canvas, on the plain background (no tiles configured). */
async function mapReady(page: Page): Promise<void> {
  const map = page.locator('[data-testid="map-view"]').first();
  await map.waitFor();
  await page.locator('[data-testid="map-view"][data-status="ready"]').first().waitFor();
  expect(await map.getAttribute('data-layer')).toBe('plain');
  await page.locator('canvas.maplibregl-canvas').first().waitFor();
  // Give MapLibre a moment to paint the GeoJSON before a picture.
  await settleForPicture(page, 800);
}

interface Totals {
  vigentes_total: number;
  vigentes_count: number;
  vencidos_total: number;
  vencidos_count: number;
}
interface RegionTotals extends Totals {
  region: number;
  nombre_region: string;
}
interface CommunityCounts {
  id: number;
  ubicacion: [number, number] | null;
  num_socios_cf: number;
  num_socios_mi: number;
  num_socios_ja: number;
  num_socios_sl: number;
}
interface CommunityRow {
  id: number;
  ermita: number | null;
  inegiLocalidad: string | null;
  ubicacion: [number, number] | null;
}

/** API money (a number of pesos) as the screen shows it. */
const pesos = (amount: number) => formatCurrency(Math.round(amount * 100));

describe('maps and home dashboard without a tile server', () => {
  let browser: Browser;
  const baseURL = serverURL();
  let manager: BrowserContext;
  let page: Page;
  let foreign: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    manager = await newContext(browser, baseURL, DESKTOP);
    page = await manager.newPage();
    foreign = foreignRequests(page, baseURL);
    await login(page, 'gerente');
  });
  afterAll(async () => {
    await manager?.close();
    await browser?.close();
  });

  it("/inicio (manager): the portfolio map coloured per region and today's totals, as the server computes them", async () => {
    const [totals, perRegion] = await Promise.all([
      api<Totals>(baseURL, 'gerente', 'contratos/carteras/'),
      api<RegionTotals[]>(baseURL, 'gerente', 'contratos/carteras-per-region/'),
    ]);
    for (const size of SIZES) {
      await page.setViewportSize(size.viewport);
      await page.goto('/inicio');
      await page.getByTestId('portfolio-totals').waitFor();
      await mapReady(page);

      // The first sync may still be filling the phone's copy right after login: wait for it.
      await expect
        .poll(() => page.getByTestId('total-current').innerText(), { timeout: 60_000 })
        .toContain(pesos(totals.vigentes_total));
      const current = await page.getByTestId('total-current').innerText();
      expect(current).toContain(`${totals.vigentes_count} créditos`);
      const overdue = await page.getByTestId('total-overdue').innerText();
      expect(overdue).toContain(pesos(totals.vencidos_total));
      expect(overdue).toContain(`${totals.vencidos_count} créditos`);

      const rows = page.getByTestId('portfolio-regions').locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(perRegion.length);
      const colours = await rows.evaluateAll((trs) =>
        trs.map((tr) => tr.getAttribute('data-colour')),
      );
      expect(colours).toEqual(perRegion.map((r) => regionColour(r)));
      // One point per region (its figures in the popup), drawn over the coloured polygons.
      await expect.poll(() => page.locator('.maplibregl-marker').count()).toBe(perRegion.length);
      expect(await page.getByTestId('portfolio-legend').innerText()).toContain('Hasta 30 días');
      // No weather, no calendar: nothing is configured, so the cards stay hidden.
      expect(await page.getByTestId('weather-days').count()).toBe(0);
      expect(await page.getByTestId('calendar-embed').count()).toBe(0);
      await screenshot(page, `inicio-gerente-${size.name}`);
      await page.locator('main').evaluate((main) => main.scrollIntoView({ block: 'end' }));
      await screenshot(page, `inicio-gerente-${size.name}-bottom`);
    }
    expect(foreign).toEqual([]);
  });

  it('/inicio: the Tseltal translator writes out a number', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/inicio');
    const field = page.getByRole('textbox', { name: /^Número/ });
    await field.fill('400');
    await expect(page.getByTestId('tseltal-words').innerText()).resolves.toBe("jbahc'");
    await field.fill('60800001');
    await page.getByRole('button', { name: 'Traducir' }).click();
    await page.getByText('el número debe ser menor a 60800000').waitFor();
    await field.scrollIntoViewIfNeeded();
    await screenshot(page, 'inicio-tseltal-phone');
  });

  it('/mapa-procesos: a circle per community and process, counts equal to /comunidades/num-socios/', async () => {
    const counts = await api<CommunityCounts[]>(baseURL, 'gerente', 'comunidades/num-socios/');
    const sum = (field: keyof CommunityCounts) =>
      counts.reduce((total, row) => total + (row[field] as number), 0);
    for (const size of SIZES) {
      await page.setViewportSize(size.viewport);
      await page.goto('/mapa-procesos');
      await mapReady(page);
      expect(await page.getByTestId('total-CF').innerText()).toBe(String(sum('num_socios_cf')));
      expect(await page.getByTestId('total-MI').innerText()).toBe(String(sum('num_socios_mi')));
      expect(await page.getByTestId('total-JA').innerText()).toBe(String(sum('num_socios_ja')));
      expect(await page.getByTestId('total-SL').innerText()).toBe(String(sum('num_socios_sl')));
      await screenshot(page, `mapa-procesos-${size.name}`);
    }
    // Toggling a process off takes its circles away (the count stays beside the toggle): one
    // circle per located community with coffee members.
    const coffeeCircles = counts.filter((row) => row.ubicacion && row.num_socios_cf > 0).length;
    expect(coffeeCircles).toBeGreaterThan(0);
    const shapes = async () =>
      Number(await page.getByTestId('map-view').getAttribute('data-shapes'));
    const before = await shapes();
    await page.getByTestId('toggle-CF').uncheck();
    await expect.poll(shapes).toBe(before - coffeeCircles);
    expect(await page.getByTestId('total-CF').innerText()).toBe(String(sum('num_socios_cf')));
    await settleForPicture(page, 500);
    await screenshot(page, 'mapa-procesos-desktop-sin-cafe');
    expect(foreign).toEqual([]);
  });

  it('/mapa-mision: regions, zones, a marker per located community, and the two lists', async () => {
    const communities = await api<CommunityRow[]>(baseURL, 'gerente', 'comunidades.json');
    const located = communities.filter((c) => c.ubicacion !== null).length;
    const noHermitage = communities.filter((c) => c.ermita === null).length;
    const noLocality = communities.filter((c) => !c.inegiLocalidad).length;
    for (const size of SIZES) {
      await page.setViewportSize(size.viewport);
      await page.goto('/mapa-mision');
      await mapReady(page);
      await page.locator('.maplibregl-marker').first().waitFor();
      await expect.poll(() => page.locator('.maplibregl-marker').count()).toBe(located);
      expect(await page.getByTestId('count-sin-ermita').innerText()).toBe(String(noHermitage));
      expect(await page.getByTestId('count-sin-localidad').innerText()).toBe(String(noLocality));
      await screenshot(page, `mapa-mision-${size.name}`);
      await page.getByTestId('list-sin-ermita').scrollIntoViewIfNeeded();
      await screenshot(page, `mapa-mision-${size.name}-lists`);
    }
    expect(foreign).toEqual([]);
  });

  it('offline, after a reload, the maps still draw from the replica', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/mapa-mision');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await manager.setOffline(true);
    try {
      await page.reload();
      await mapReady(page);
      await page.locator('.maplibregl-marker').first().waitFor();
      await page.getByText('Sin conexión: los puntos se muestran sobre un fondo liso.').waitFor();
      await screenshot(page, 'mapa-mision-offline-phone');

      await page.goto('/inicio');
      await page.getByTestId('portfolio-totals').waitFor();
      await mapReady(page);
      await screenshot(page, 'inicio-gerente-offline-phone');
    } finally {
      await manager.setOffline(false);
    }
  });
});

describe('public site', () => {
  let browser: Browser;
  const baseURL = serverURL();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const size of SIZES) {
    it(`/ and /conocenos at ${size.name} size`, async () => {
      const context = await newContext(browser, baseURL, size.viewport);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Comon Sit' }).waitFor();
      await page.locator('.animated-logo').waitFor();
      await screenshot(page, `publico-inicio-${size.name}`);
      await page.evaluate(() => window.scrollTo(0, 400));
      await settleForPicture(page, 300);
      await screenshot(page, `publico-inicio-${size.name}-scrolled`);

      await page.goto('/conocenos');
      await page.getByRole('heading', { level: 1, name: 'Conócenos' }).waitFor();
      expect(await page.locator('main h2').allInnerTexts()).toEqual([
        'Territorio',
        'La cooperativa',
        'Café',
        'Jabón',
        'Microfinanzas',
        'Miel',
        'Colaboración',
        'La plataforma',
      ]);
      await screenshot(page, `publico-conocenos-${size.name}`);

      await page.goto('/mapa');
      await mapReady(page);
      await page.locator('.maplibregl-marker').waitFor();
      await screenshot(page, `publico-mapa-${size.name}`);

      await page.goto('/contacto');
      await page.getByRole('heading', { level: 1, name: 'Contacto' }).waitFor();
      await screenshot(page, `publico-contacto-${size.name}`);
      await context.close();
    });
  }

  it('the parallax follows the scroll, and stays still for reduced motion', async () => {
    const context = await newContext(browser, baseURL, PHONE);
    const page = await context.newPage();
    // Journey contexts ask for reduced motion (browser.ts); this visitor has no such setting.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const parallax = () =>
      page.getByTestId('public-hero').evaluate((hero) => hero.style.getPropertyValue('--parallax'));

    await page.goto('/');
    await page.getByTestId('public-hero').waitFor();
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(
      () =>
        document
          .querySelector<HTMLElement>('[data-testid="public-hero"]')
          ?.style.getPropertyValue('--parallax') === '200',
    );

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.reload();
    await page.getByTestId('public-hero').waitFor();
    await page.evaluate(() => window.scrollTo(0, 200));
    // The page scrolled and two frames were drawn since: the parallax writes in the first
    // frame after a scroll, so by now it would have.
    await page.waitForFunction(() => window.scrollY === 200);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );
    expect(await parallax()).toBe('');
    const animation = await page
      .locator('.animated-logo-bean')
      .evaluate((bean) => getComputedStyle(bean).animationName);
    expect(animation).toBe('none');
    await context.close();
  });
});

// ------------------------------------------------------------------ tiles kept for offline

/** A 256×256 PNG tile: a checkerboard by tile parity with a darker edge, so tiles show. */
function tilePng(x: number, y: number): Buffer {
  const size = 256;
  const [r, g, b] = (x + y) % 2 === 0 ? [214, 226, 200] : [196, 212, 180];
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let px = 0; px < size; px++) {
      const edge = px < 2 || py < 2;
      row[1 + px * 3] = edge ? 120 : r;
      row[2 + px * 3] = edge ? 140 : g;
      row[3 + px * 3] = edge ? 110 : b;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('map tiles seen online are there offline (service worker tile cache)', () => {
  const root = new URL('../../', import.meta.url).pathname;
  let tiles: Server;
  let tileRequests = 0;
  let app: ChildProcess;
  let appURL: string;
  let dataDir: string;
  let browser: Browser;

  beforeAll(async () => {
    tiles = createServer((request, response) => {
      const match = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
      if (!match) {
        response.writeHead(404).end();
        return;
      }
      tileRequests += 1;
      response.writeHead(200, {
        'Content-Type': 'image/png',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-store',
      });
      response.end(tilePng(Number(match[2]), Number(match[3])));
    });
    const tilePort = await listen(tiles);
    const port = await freePort();
    appURL = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'comonsit-e2e-tiles-'));
    app = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: process.env.E2E_DIST_DIR ?? join(root, 'dist'),
        DATABASE_URL: '',
        VITE_TILE_URL: `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png`,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(appURL, app);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    app?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (app && app.exitCode === null) app.kill('SIGKILL');
    await new Promise((resolve) => tiles?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a promoter opens the mission map online, then offline the kept tiles are served', async () => {
    const context = await newContext(browser, appURL, PHONE);
    const page = await context.newPage();
    await login(page, 'promotor');
    // The service worker must control the page for it to keep what the page fetches.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await page.goto('/mapa-mision');
    await page.locator('[data-testid="map-view"][data-status="ready"]').waitFor();
    expect(await page.getByTestId('map-view').getAttribute('data-layer')).toBe('general');
    const kept = () =>
      page.evaluate(async () => (await (await caches.open('map-tiles')).keys()).length);
    await expect.poll(kept, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(tileRequests).toBeGreaterThan(0);
    await page.waitForTimeout(1500); // the last tiles of the view land in the cache
    await page.getByTestId('map-view').evaluate((map) => map.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'mapa-mision-tiles-online-phone');

    await context.setOffline(true);
    try {
      const served: { status: number; fromWorker: boolean }[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/tiles/')) {
          served.push({ status: response.status(), fromWorker: response.fromServiceWorker() });
        }
      });
      const before = tileRequests;
      await page.reload();
      await page.locator('[data-testid="map-view"][data-status="ready"]').waitFor();
      // The kept configuration is read beside the map's own start: the map takes its tiles
      // when it arrives, which on a loaded machine can be just after the map is ready.
      await expect
        .poll(() => page.getByTestId('map-view').getAttribute('data-layer'), { timeout: 10_000 })
        .toBe('general');
      await page.getByText(/Sin conexión: se ven las partes del mapa guardadas/).waitFor();
      // Tiles were served by the worker before counting what reached the tile server.
      await expect
        .poll(() => served.filter((s) => s.status === 200 && s.fromWorker).length, {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
      expect(tileRequests).toBe(before);
      await page.getByTestId('map-view').evaluate((map) => map.scrollIntoView({ block: 'start' }));
      await settleForPicture(page, 2000);
      await screenshot(page, 'mapa-mision-tiles-offline-phone');
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});
