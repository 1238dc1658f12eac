/**
 * On a first visit the public pages and the login come as HTML, in the
 * browser's language, so they paint and the form can be filled before the app's script has
 * arrived; when it does, the app takes the page over with what was typed, and the login works —
 * also one tapped before the app arrived, held on the page until then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { PHONE, launchBrowser, newContextWith, screenshot } from './browser';
import { PASSWORD, serverURL } from './helpers';

/** Holds every script request until `release()`: the page as a slow link shows it first. */
async function holdScripts(page: Page): Promise<{ held: () => number; release: () => void }> {
  const waiting: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      if (released) await route.continue();
      else waiting.push(route);
    },
  );
  return {
    held: () => waiting.length,
    release: () => {
      released = true;
      for (const route of waiting.splice(0)) void route.continue();
    },
  };
}

/** Whether the app has taken the page over: its elements are React's (the menu button). */
function appOwnsMenu(): boolean {
  const menu = document.querySelector('[data-testid="drawer-toggle"]');
  return Object.keys(menu ?? {}).some((k) => k.startsWith('__reactFiber'));
}

describe('first visit on a weak signal: the page before the script', () => {
  let browser: Browser;
  const baseURL = serverURL();

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  /** A fresh phone with no service worker: a first visit. */
  async function freshPhone(locale = 'es-MX', appLanguage?: string) {
    const context = await newContextWith(browser, {
      baseURL,
      viewport: PHONE,
      locale,
      serviceWorkers: 'block',
    });
    if (appLanguage)
      await context.addCookies([{ name: 'comonsit.lang', value: appLanguage, url: baseURL }]);
    return { context, page: await context.newPage() };
  }

  /** A first visit with its scripts held back. */
  async function firstVisit(locale: string, appLanguage?: string) {
    const { context, page } = await freshPhone(locale, appLanguage);
    return { context, page, scripts: await holdScripts(page) };
  }
  afterAll(async () => {
    await browser?.close();
  });

  it('the login form shows and takes typing before the script, keeps it after, and logs in', async () => {
    const { context, page, scripts } = await firstVisit('en-US');
    await page.goto('/acceso', { waitUntil: 'commit' });
    const username = page.locator('input[name="username"]');
    const password = page.locator('input[name="password"]');
    await username.waitFor();
    // In the browser's language, with the app still on its way.
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // Its scripts are asked for once it has painted, and held back by this test.
    await expect.poll(() => scripts.held()).toBeGreaterThan(0);
    expect(await page.evaluate(appOwnsMenu)).toBe(false);
    await username.fill('promotor');
    await password.click();
    await page.keyboard.type(PASSWORD.slice(0, 4));
    await screenshot(page, 'first-visit-login-before-script-phone');

    scripts.release();
    await page.waitForFunction(appOwnsMenu);
    // The focus stayed in the password: the rest of it goes on where it was.
    await page.keyboard.type(PASSWORD.slice(4));
    expect(await username.inputValue()).toBe('promotor');
    expect(await password.inputValue()).toBe(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/inicio');
    await context.close();
  });

  it('a start with a stored session shows the splash until the app draws the home at once', async () => {
    const { context, page, scripts } = await firstVisit('es-MX');
    scripts.release();
    await page.goto('/acceso');
    await page.locator('input[name="username"]').fill('promotor');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/inicio');
    const greeting = await page.getByRole('heading', { level: 1 }).textContent();
    expect(greeting).toMatch(/^Hola, /);

    // Reopened with its scripts held back: the page's own splash, nothing of the app yet.
    const reopened = await context.newPage();
    const held = await holdScripts(reopened);
    await reopened.goto('/inicio', { waitUntil: 'commit' });
    await reopened.locator('.boot-splash img').waitFor();
    await expect.poll(() => held.held()).toBeGreaterThan(0);
    expect(await reopened.evaluate(() => document.getElementById('root')?.childElementCount)).toBe(
      0,
    );
    await screenshot(reopened, 'start-splash-before-script-phone');

    // The app's first draw is the home itself (not a spinner), and the splash goes with it.
    const firstDraw = reopened.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const root = document.getElementById('root')!;
          new MutationObserver((_, observer) => {
            observer.disconnect();
            resolve(root.querySelector('main h1')?.textContent ?? root.textContent ?? '');
          }).observe(root, { childList: true });
        }),
    );
    held.release();
    expect(await firstDraw).toBe(greeting);
    expect(await reopened.locator('.boot-splash').isVisible()).toBe(false);
    await context.close();
  });

  it('asks for its scripts only once the page has painted: the style sheet has the link to itself', async () => {
    const { context, page } = await freshPhone();
    await page.goto('/acceso');
    await page.waitForFunction(appOwnsMenu);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => e.startTime),
    }));
    expect(timing.paint).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(0);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint!);
    await context.close();
  });

  it('a visitor reading the public pages downloads nothing of the private side', async () => {
    const { context, page } = await freshPhone();
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    const pages: [string, string][] = [
      ['/', 'main h1'],
      ['/conocenos', 'main h1'],
      ['/mapa', '[data-testid="public-map-note"]'],
      ['/contacto', 'main h1'],
    ];
    for (const [path, shown] of pages) {
      await page.goto(path);
      await page.locator(shown).first().waitFor();
      await page.waitForFunction(appOwnsMenu);
      // What the app fetches ahead while idle counts too.
      await page.waitForTimeout(1500);
    }
    // The pages' own files did arrive (the map's view among them) …
    expect(scripts.some((p) => /\/assets\/public-map-screen-[\w-]+\.js$/.test(p))).toBe(true);
    expect(scripts.some((p) => /\/assets\/map-view-[\w-]+\.js$/.test(p))).toBe(true);
    // … and none of the session's: the private side and the write commands.
    expect(scripts.filter((p) => /\/assets\/(private|commands)-[\w-]+\.js$/.test(p))).toEqual([]);
    await context.close();
  });

  it('the public home paints in Tseltal when the app was set to it, before the script', async () => {
    const { context, page, scripts } = await firstVisit('es-MX', 'tz');
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByTestId('public-hero').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('tzh');
    expect(await page.getByTestId('language-select').inputValue()).toBe('tz');
    expect(await page.evaluate(appOwnsMenu)).toBe(false);
    // Styled already: the hero's stylesheet came with the page.
    const heroHeight = await page.getByTestId('public-hero').evaluate((el) => el.clientHeight);
    expect(heroHeight).toBeGreaterThan(300);
    await screenshot(page, 'first-visit-home-before-script-tz-phone');
    await page.getByTestId('public-hero').evaluate((el) => el.setAttribute('data-drawn', 'html'));
    scripts.release();
    await page.waitForFunction(appOwnsMenu);
    // Taken over, not redrawn: the same hero element, and the app answers the menu.
    expect(await page.getByTestId('public-hero').getAttribute('data-drawn')).toBe('html');
    await page.getByTestId('drawer-toggle').click();
    await page.getByTestId('public-conocenos').click();
    await page.waitForURL('**/conocenos');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('tzh');
    await context.close();
  });

  it('a login tapped before the script is held, then sent by the app with what was typed', async () => {
    const { context, page, scripts } = await firstVisit('es-MX');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    await page.goto('/acceso', { waitUntil: 'commit' });
    await page.locator('input[name="username"]').fill('promotor');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    // Held on the page: no navigation, no post, the app asked for at once.
    await page.waitForFunction(() => document.documentElement.dataset.heldSubmit === '/acceso');
    expect(new URL(page.url()).pathname).toBe('/acceso');
    expect(posts).toEqual([]);
    await expect.poll(() => scripts.held()).toBeGreaterThan(0);

    scripts.release();
    await page.waitForURL('**/inicio');
    expect(posts).not.toContain('/acceso');
    expect(posts.some((p) => p.startsWith('/api/token'))).toBe(true);
    expect(page.url()).not.toContain(PASSWORD);
    expect(await page.evaluate(() => document.documentElement.dataset.heldSubmit)).toBeUndefined();
    await context.close();
  });
});
