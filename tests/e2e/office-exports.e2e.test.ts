/**
 * The office's device-built exports in Debian's Chromium at 1366 px: /carteras,
 * /fondos-comunes and /solicitudes each download a real spreadsheet, written in a Web Worker
 * (the page's thread stays free; the demo has no trip closings, whose file
 * tests/client/office-exports.test.tsx reads back); the portfolio-at-risk table fits the screen
 * with PAR 90 in view; a promoter's /solicitudes on a phone has no export; on paper a
 * contract's amortisation table is kept on one page. Shots in test-results/e2e/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { readSheet } from '#tests/helpers/xlsx-cells';
import { launchBrowser, screenshot } from './browser';
import { api, openAs, serverURL } from './helpers';

const OFFICE = { width: 1366, height: 850 };
const PHONE = { width: 360, height: 740 };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Press the export; the file it downloads read back, and the workers started meanwhile. */
async function exportFrom(page: Page, testId: string) {
  const workers: string[] = [];
  const onWorker = (worker: { url(): string }) => workers.push(worker.url());
  page.on('worker', onWorker);
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId(testId).click();
  const file = await download;
  page.off('worker', onWorker);
  const bytes = await readFile((await file.path()) ?? '');
  return { name: file.suggestedFilename(), sheet: readSheet(bytes), workers };
}

describe('office exports at 1366 px', () => {
  it('each screen downloads its spreadsheet, built in a worker', async () => {
    const { context, page } = await openAs(browser, 'coordinador', { viewport: OFFICE });
    const screens = [
      ['/carteras', 'Carteras', 'carteras-export', /^cartera-\d{4}-\d{2}-\d{2}\.xlsx$/, 'capital'],
      [
        '/fondos-comunes',
        'Fondos comunes',
        'fondos-export',
        /^fondos-comunes\.xlsx$/,
        'total_deuda',
      ],
      [
        '/solicitudes',
        'Solicitudes de crédito',
        'solicitudes-export',
        /^solicitudes\.xlsx$/,
        'estatus_solicitud_etiqueta',
      ],
    ] as const;
    for (const [path, heading, testId, name, column] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByTestId(testId).waitFor({ timeout: 30_000 });
      await screenshot(page, `office-export${path.replace('/', '-')}-1366`);
      const file = await exportFrom(page, testId);
      expect(file.name).toMatch(name);
      expect(file.sheet.header).toContain(column);
      expect(
        file.workers.some((url) => url.includes('xlsx-worker')),
        path,
      ).toBe(true);
    }
    await context.close();
  });

  it('the portfolio-at-risk table fits the screen, PAR 90 in view', async () => {
    const { context, page } = await openAs(browser, 'coordinador', { viewport: OFFICE });
    await page.goto('/reportes');
    await page.getByRole('heading', { level: 1, name: 'Reportes' }).waitFor();
    const panel = page.getByRole('tabpanel');
    await panel.locator('.dt-table tbody tr td + td').first().waitFor({ timeout: 30_000 });
    const par90 = panel.getByRole('columnheader', { name: /PAR 90/ });
    await par90.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await par90.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(OFFICE.width);
    // Nothing of the table hides sideways.
    const hidden = await panel
      .locator('.dt-scroll, .dt-table')
      .first()
      .evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(hidden).toBeLessThanOrEqual(1);
    await panel.locator('.dt-table').scrollIntoViewIfNeeded();
    await screenshot(page, 'office-export-reportes-par-1366');
    await context.close();
  });

  it('a promoter’s requests on a phone: no export, the list as before', async () => {
    const { context, page } = await openAs(browser, 'promotor', { viewport: PHONE });
    await page.goto('/solicitudes');
    await page.getByRole('heading', { level: 1, name: 'Solicitudes de crédito' }).waitFor();
    await page.getByTestId('solicitudes-view-todas').waitFor();
    expect(await page.getByTestId('solicitud-new').isVisible()).toBe(true);
    expect(await page.getByTestId('solicitudes-export').count()).toBe(0);
    await screenshot(page, 'office-export-solicitudes-promotor-360');
    await context.close();
  });

  it('on paper, a contract’s amortisation table keeps to one page when it fits one', async () => {
    const rows = await api<{ id: number; fecha_inicio: string | null; plazo: number }[]>(
      serverURL(),
      'gerente',
      'contratos.json',
    );
    const target = rows.find((r) => r.fecha_inicio !== null && r.plazo <= 12);
    expect(target).toBeDefined();
    const { context, page } = await openAs(browser, 'gerente', { viewport: OFFICE });
    await page.goto(`/credito-imprimir/${target!.id}`);
    await page.getByTestId('contract-document').waitFor();
    await page.emulateMedia({ media: 'print' });
    // An A4 sheet inside the page's margins (14 mm a side, 14 + 16 mm top and bottom).
    const mm = 96 / 25.4;
    await page.setViewportSize({ width: Math.round(182 * mm), height: Math.round(267 * mm) });
    const tables = page.locator('.contrato-amortization');
    // The Spanish and the Tseltal version, each with its table (the second draws a moment later).
    await expect.poll(() => tables.count()).toBe(2);
    for (const table of await tables.all()) {
      const { height, breakInside } = await table.evaluate((e) => ({
        height: e.getBoundingClientRect().height,
        breakInside: getComputedStyle(e).breakInside,
      }));
      // It fits one sheet, and the printer is told not to split it.
      expect(height).toBeGreaterThan(100);
      expect(height).toBeLessThan(267 * mm);
      expect(breakInside).toBe('avoid');
    }
    await tables.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'office-export-contrato-amortizacion-print');
    await context.close();
  });
});
