/**
 * The office at full width in Debian's Chromium: at 1366 px a coordinator opens each
 * of the five reports — chart, table with rows, and its spreadsheet downloaded as a real XLSX —
 * and on /creditos shows a hidden column through the column chooser, which the browser keeps
 * after a reload. Shots in test-results/e2e/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './browser';
import { openAs } from './helpers';

const OFFICE = { width: 1366, height: 850 };

/** Each report's tab label and a column its table must show (Spanish, the reference). */
const REPORTS = [
  ['cartera-riesgo', 'Cartera en riesgo', 'PAR 30'],
  ['colocacion', 'Colocación y recuperación', 'Mes'],
  ['acopios', 'Acopios', 'Mes'],
  ['ahorro', 'Aportaciones y retiros', 'Mes'],
  ['embudo', 'Embudo de solicitudes', 'Paso'],
] as const;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('office at 1366 px', () => {
  it('each of the five reports shows its chart, its table and downloads its spreadsheet', async () => {
    const { context, page } = await openAs(browser, 'coordinador', { viewport: OFFICE });
    await page.goto('/reportes');
    await page.getByRole('heading', { level: 1, name: 'Reportes' }).waitFor();
    for (const [name, label, column] of REPORTS) {
      const tab = page.getByRole('tab', { name: label, exact: true });
      await tab.click();
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      const panel = page.getByRole('tabpanel');
      // The chart is drawn (ECharts' SVG) and the table has rows of data.
      await panel.locator('.chart-canvas svg').first().waitFor({ timeout: 30_000 });
      await panel.locator('.dt-table tbody tr td + td').first().waitFor({ timeout: 30_000 });
      await expect
        .poll(() => panel.getByRole('columnheader').allTextContents())
        .toEqual(expect.arrayContaining([expect.stringContaining(column)]));
      await screenshot(page, `reportes-${name}-1366`);

      const download = page.waitForEvent('download');
      await panel.getByTestId('report-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
      const bytes = await readFile((await file.path()) ?? '');
      // An XLSX is a zip: "PK" and a real size.
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      expect(bytes.length).toBeGreaterThan(2_000);
    }
    await context.close();
  });

  it('the column chooser shows a hidden credits column, and the browser keeps it', async () => {
    const { context, page } = await openAs(browser, 'coordinador', { viewport: OFFICE });
    await page.goto('/creditos');
    const table = page.locator('.dt-table').first();
    await table.locator('tbody tr td + td').first().waitFor({ timeout: 30_000 });
    const headers = () => table.getByRole('columnheader').allTextContents();
    const before = await headers();
    await page.getByTestId('dt-columns').first().click();
    const chooser = page.locator('details', { has: page.getByTestId('dt-columns') }).first();
    // A column off by default: tick it on.
    const hidden = chooser.locator('label', {
      has: page.getByRole('checkbox', { checked: false }),
    });
    const name = ((await hidden.first().textContent()) ?? '').trim();
    expect(name).not.toBe('');
    expect(before.some((h) => h.includes(name))).toBe(false);
    await hidden.first().getByRole('checkbox').check();
    await page.keyboard.press('Escape');
    await expect.poll(headers).toHaveLength(before.length + 1);
    expect((await headers()).some((h) => h.includes(name))).toBe(true);
    await screenshot(page, 'creditos-columns-1366');

    await page.reload();
    await table.locator('tbody tr td + td').first().waitFor({ timeout: 30_000 });
    await expect.poll(headers).toHaveLength(before.length + 1);
    await context.close();
  });
});
