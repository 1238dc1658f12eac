import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };
const shotsDir = new URL('../../test-results/e2e/', import.meta.url).pathname;

/**
 * Debian's Chromium, headless, with the flags this machine needs (no downloads, no network).
 * Playwright gives every launch a fresh temporary profile.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, locale: 'es-MX', serviceWorkers: 'allow' });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({
    path: join(shotsDir, `${name}.png`),
    fullPage: false,
    animations: 'disabled',
  });
}
