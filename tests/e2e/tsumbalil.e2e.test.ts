/**
 * /tsumbalil in Debian's Chromium against the real server: a coordinator edits a community and
 * reads 'Comunidad N editada correctamente'; a hermitage's detail with its map on a phone and
 * on a desk (screenshots in test-results/e2e/), also with WebGL taken away, where the data and
 * a clear map message must still show and nothing may throw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newContext, screenshot, settleForPicture } from './browser';
import { api, login, openAs, serverURL } from './helpers';

interface Hermitage {
  ermita_id: number;
  nombre: string;
  municipio: string;
  ubicacion: [number, number] | null;
}
interface Community {
  id: number;
  nombre_de_comunidad: string;
}

async function openTsumbalil(page: Page): Promise<void> {
  await page.goto('/tsumbalil');
  await page.getByRole('heading', { level: 1, name: 'Tsumbalil' }).waitFor();
  await page.getByRole('table', { name: 'Ermitas' }).locator('tbody tr').first().waitFor();
}

/** Search one of the two tables and click the row holding `text`. */
async function openRow(page: Page, tableName: string, text: string): Promise<void> {
  const section = page.locator('section.dt', { has: page.getByRole('table', { name: tableName }) });
  await section.locator('input[type="search"]').first().fill(text);
  await section.getByRole('cell', { name: text, exact: true }).first().click();
}

/** The map drew (canvas) or said clearly why not; never a blank box. */
async function mapSettled(page: Page): Promise<'ready' | 'fallback'> {
  const dialog = page.getByRole('dialog');
  await dialog
    .locator('[data-testid="map-view"][data-status="ready"], [data-testid="map-fallback"]')
    .first()
    .waitFor({ timeout: 60_000 });
  if ((await dialog.getByTestId('map-fallback').count()) > 0) return 'fallback';
  await dialog.locator('canvas.maplibregl-canvas').waitFor();
  return 'ready';
}

let browser: Browser;
let baseURL: string;
let located: Hermitage;
let unlocated: Hermitage | undefined;

beforeAll(async () => {
  baseURL = serverURL();
  browser = await launchBrowser();
  const hermitages = await api<Hermitage[]>(baseURL, 'coordinador', 'ermitas.json');
  located = hermitages.find((h) => h.ubicacion !== null)!;
  unlocated = hermitages.find((h) => h.ubicacion === null);
  expect(located).toBeTruthy();
});

afterAll(async () => {
  await browser?.close();
});

describe('tsumbalil', () => {
  it('a coordinator edits a community and sees "Comunidad N editada correctamente"', async () => {
    const [target] = await api<Community[]>(baseURL, 'coordinador', 'comunidades.json');
    const { context, page } = await openAs(browser, 'coordinador');
    await openTsumbalil(page);
    await openRow(page, 'Comunidades', target!.nombre_de_comunidad);

    const dialog = page.getByRole('dialog', { name: `Editar comunidad ${target!.id}` });
    const renamed = `${target!.nombre_de_comunidad} E2E`;
    await dialog.getByLabel(/Nombre de la comunidad/).fill(renamed);
    await page.getByTestId('community-save').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, enviar' }).click();

    await page
      .getByTestId('community-banner')
      .filter({ hasText: `Comunidad ${target!.id} editada correctamente` })
      .waitFor({ timeout: 30_000 });
    await page
      .getByRole('table', { name: 'Comunidades' })
      .getByRole('cell', { name: renamed })
      .waitFor();
    const after = await api<Community[]>(baseURL, 'coordinador', 'comunidades.json');
    expect(after.find((c) => c.id === target!.id)?.nombre_de_comunidad).toBe(renamed);
    await screenshot(page, 'tsumbalil-community-edited-1280');
    await context.close();
  });

  for (const [size, viewport] of [
    ['360', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`a hermitage's detail with its map at ${size}px`, async () => {
      const errors: string[] = [];
      const { context, page } = await openAs(browser, 'promotor', { viewport, pageErrors: errors });
      await openTsumbalil(page);
      await openRow(page, 'Ermitas', located.nombre);

      const dialog = page.getByRole('dialog', { name: located.nombre });
      await dialog.waitFor();
      const [lat, lng] = located.ubicacion!;
      expect(await dialog.getByTestId('hermitage-location').textContent()).toBe(
        `${lat.toFixed(5)}, ${lng.toFixed(5)}`,
      );
      const map = await mapSettled(page);
      if (map === 'ready') {
        // No tile URL configured in this run: the plain background says so.
        await dialog.getByText(/fondo liso/).waitFor();
        await dialog.locator('.maplibregl-marker').first().waitFor();
      }
      await settleForPicture(page, 500);
      await screenshot(page, `tsumbalil-hermitage-${size}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('without WebGL the hermitage data and a clear map message still show', async () => {
    const context = await newContext(browser, baseURL, PHONE);
    await context.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (
        this: HTMLCanvasElement,
        kind: string,
        ...rest: unknown[]
      ) {
        if (kind.startsWith('webgl')) return null;
        return (original as (...args: unknown[]) => RenderingContext | null).call(
          this,
          kind,
          ...rest,
        );
      } as typeof original;
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await login(page, 'visitante');
    await openTsumbalil(page);
    const target = unlocated ?? located;
    await openRow(page, 'Ermitas', target.nombre);
    const dialog = page.getByRole('dialog', { name: target.nombre });
    await dialog.getByText(target.municipio, { exact: true }).first().waitFor();
    expect(await mapSettled(page)).toBe('fallback');
    expect(await dialog.getByTestId('map-fallback').textContent()).toContain(
      'Este dispositivo no puede dibujar el mapa',
    );
    if (!unlocated)
      expect(await dialog.getByTestId('map-fallback').textContent()).toContain(located.nombre);
    else
      expect(await dialog.getByTestId('hermitage-location').textContent()).toBe(
        'Sin ubicación registrada',
      );
    await screenshot(page, 'tsumbalil-hermitage-no-webgl-360');
    expect(errors).toEqual([]);
    await context.close();
  });
});
