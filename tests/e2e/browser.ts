import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type Page,
} from 'playwright-core';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };
const shotsDir = new URL('../../test-results/e2e/', import.meta.url).pathname;
/** `npm run shots`: the pictures of every screen for people to look at; otherwise none. */
const SHOTS = process.env.E2E_SHOTS === '1';
/** The contexts still open, whose pages a failed test photographs (setup.ts). */
const openContexts = new Set<BrowserContext>();

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
  return contextWithOffline(
    await browser.newContext({
      baseURL,
      viewport,
      locale: 'es-MX',
      serviceWorkers: 'allow',
      reducedMotion: MOTION,
    }),
  );
}

/** A context made by `browser.newContext(options)`, its offline switch as `contextWithOffline`. */
export async function newContextWith(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  return contextWithOffline(await browser.newContext({ reducedMotion: MOTION, ...options }));
}

/**
 * Pages ask for reduced motion unless a test says otherwise: a spinner turning through a long
 * wait makes headless Chromium draw frames for nothing. Measured on two journey files, the
 * browser process took 52 CPU-seconds instead of 84 (docs/testing.md#ci). The app honours the
 * setting (its spinners stop), so the journeys see the same screens.
 */
const MOTION = 'reduce';

const NO_THROTTLE = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/**
 * `context.setOffline` that holds for pages loaded while offline. Chromium 150 with
 * playwright-core 1.65 applies the offline emulation's `navigator.onLine` only to the documents
 * open when it is set: after a reload or a navigation the service worker serves, the page reads
 * `navigator.onLine === true` while its requests still fail (a phone without signal never
 * does that). So while the context is offline, every page's new document gets the emulation
 * again through its own CDP session, and going online clears it there too.
 */
function contextWithOffline(context: BrowserContext): BrowserContext {
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  let offline = false;
  const sessions = new Map<Page, Promise<CDPSession>>();
  const sessionOf = (page: Page) => {
    let session = sessions.get(page);
    if (!session) {
      session = context.newCDPSession(page);
      sessions.set(page, session);
      page.once('close', () => sessions.delete(page));
    }
    return session;
  };
  const emulate = async (page: Page, value: boolean) => {
    try {
      const session = await sessionOf(page);
      await session.send('Network.emulateNetworkConditions', { offline: value, ...NO_THROTTLE });
    } catch {
      // The page closed meanwhile: nothing to emulate.
    }
  };
  const watch = (page: Page) => {
    page.on('framenavigated', (frame) => {
      if (offline && frame === page.mainFrame()) void emulate(page, true);
    });
    // The receipt sheet that opens after each capture is closed as a promoter
    // would, with "Listo", whenever it stands in the way of the journey's next step.
    const done = page.getByTestId('receipt-done');
    void page.addLocatorHandler(done, async () => {
      await done.click();
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);

  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (value: boolean) => {
    offline = value;
    await setOffline(value);
    await Promise.all(context.pages().map((page) => emulate(page, value)));
  };
  return context;
}

/** A picture for people (`npm run shots`); CI takes pictures only of failed tests. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({
    path: join(shotsDir, `${name}.png`),
    fullPage: false,
    animations: 'disabled',
  });
}

/**
 * Time for a picture to settle (a map's last paint, a scroll) before `screenshot`: only when
 * pictures are taken, since nothing a test asserts waits on it.
 */
export async function settleForPicture(page: Page, ms: number): Promise<void> {
  if (SHOTS) await page.waitForTimeout(ms);
}

/** Every page still open when `test` failed, in test-results/e2e/failed/. */
export async function shootOpenPages(test: string): Promise<void> {
  const dir = join(shotsDir, 'failed');
  mkdirSync(dir, { recursive: true });
  const slug = test.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const pages = [...openContexts].flatMap((context) => context.pages());
  await Promise.all(
    pages.map((page, i) =>
      page
        .screenshot({ path: join(dir, `${slug}-${i + 1}.png`), timeout: 10_000 })
        .catch(() => undefined),
    ),
  );
}

export { roleFilesCached } from '../../scripts/bench/chromium-phone.ts';
