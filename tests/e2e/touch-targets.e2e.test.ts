/**
 * Targets a thumb can hit, on a 360×740 phone in Chromium against the real server: every
 * visible link and button of the screens a promoter and a coordinator use is at least
 * 44 × 44 px, and /pagos shows each payment's member and amount without scrolling sideways.
 *
 * Screenshots: test-results/e2e/touch-*.png (npm run shots).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, launchBrowser, screenshot } from './browser';
import { openAs } from './helpers';

const TOUCH = 44;

/** Every visible link or button in the page's content that is smaller than a thumb. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'main a[href], main button, main summary, .receipt-sheet a[href], .receipt-sheet button',
    )) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // Half a pixel of rounding is the engine's, not the design's.
      if (box.width + 0.5 < min || box.height + 0.5 < min)
        out.push(
          `${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)} ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
    }
    return out;
  }, TOUCH);
}

describe('touch targets and the payments list at 360 px', () => {
  let browser: Browser;
  let phone: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context: phone, page } = await openAs(browser, 'coordinador', { viewport: PHONE }));
  });
  afterAll(async () => {
    await phone?.close();
    await browser?.close();
  });

  it('every link and button of the field and office screens is at least 44 × 44 px', async () => {
    for (const [path, ready] of [
      ['/sincronizacion', 'main h1'],
      ['/recibos', 'main h1'],
      ['/bandeja', '[data-testid="inbox-row"], main h1'],
      ['/pagos', 'main table tbody tr'],
    ] as const) {
      await page.goto(path);
      await page.locator(ready).first().waitFor({ timeout: 60_000 });
      await screenshot(page, `touch-${path.slice(1)}`);
      expect(await smallTargets(page), path).toEqual([]);
    }
  });

  it("/pagos shows each payment's member and amount within the 360 px screen", async () => {
    await page.goto('/pagos');
    const table = page.locator('main table').first();
    await table.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    const headers = await table.locator('thead th').allTextContents();
    const visible = await table.locator('thead th').evaluateAll((cells) =>
      cells.map((cell) => {
        const box = cell.getBoundingClientRect();
        return { text: (cell.textContent ?? '').trim(), left: box.left, right: box.right };
      }),
    );
    const within360 = (pattern: RegExp) =>
      visible.find((c) => pattern.test(c.text) && c.left >= 0 && c.right <= PHONE.width + 0.5);
    expect(within360(/Socio|Nombre/), JSON.stringify(headers)).toBeDefined();
    expect(within360(/Cantidad|Monto/), JSON.stringify(headers)).toBeDefined();
    await screenshot(page, 'touch-pagos-360');
  });
});
