/**
 * /creditos as the office opens it: the running contracts that owe, with the member's name in
 * the column that stays while the figures scroll sideways, on a phone and on an office screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { PHONE, launchBrowser, screenshot } from './browser';
import { openAs } from './helpers';

const WIDE = { width: 1366, height: 850 };

describe('/creditos for the office', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('opens on the active contracts; the name stays on screen while the figures scroll', async () => {
    const { context, page } = await openAs(browser, 'gerente', {
      viewport: PHONE,
      path: '/creditos',
    });
    contexts.push(context);
    await page.getByRole('heading', { level: 1, name: 'Créditos' }).waitFor();
    const rows = page.locator('table tbody tr.is-clickable');
    await rows.first().waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('creditos-view').inputValue()).resolves.toBe('active');
    await expect(page.locator('table thead th').first().innerText()).resolves.toContain('Nombre');

    const firstCell = rows.first().locator('td').first();
    const name = await firstCell.innerText();
    expect(name).toMatch(/\p{L}/u);
    const before = await firstCell.boundingBox();
    await page
      .locator('.dt-scroll, .dt-table')
      .first()
      .evaluate((el) => {
        const scroller = el.closest('.dt-scroll') ?? el.parentElement;
        scroller?.scrollBy({ left: 400 });
      });
    await screenshot(page, 'creditos-active-phone-scrolled');
    const after = await firstCell.boundingBox();
    expect(after?.x).toBe(before?.x);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page
      .locator('.dt-scroll, .dt-table')
      .first()
      .evaluate((el) => {
        const scroller = el.closest('.dt-scroll') ?? el.parentElement;
        scroller?.scrollTo({ left: 0 });
      });
    await screenshot(page, 'creditos-active-phone');
    await page.setViewportSize(WIDE);
    await screenshot(page, 'creditos-active-desktop');
    await page.getByTestId('creditos-view').selectOption('notStarted');
    await screenshot(page, 'creditos-not-started-desktop');
  });
});
