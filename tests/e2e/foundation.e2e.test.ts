import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newContext, roleFilesCached, screenshot } from './browser';
import { horizontalEdges, login, sidewaysOverflow, serverURL } from './helpers';

// The office reports are the office's, like the banks.
const OFFICE_ONLY = ['menu-bancos', 'menu-subcuentas', 'menu-reportes'];
const STAFF_MENU = [
  'menu-inicio',
  'menu-solicitudes',
  'menu-creditos',
  'menu-fondos-comunes',
  'menu-pagos',
  'menu-carteras',
  'menu-acopios',
  'menu-movimientos',
  'menu-socios',
  'menu-tsumbalil',
  'menu-mapa-procesos',
  'menu-mapa-mision',
  'menu-formatos',
];

interface DemoUser {
  username: string;
  role: string;
  home: string;
  menu: string[];
  hidden: string[];
}

const USERS: DemoUser[] = [
  {
    username: 'gerente',
    role: 'GE',
    home: '/inicio',
    menu: [...STAFF_MENU, ...OFFICE_ONLY],
    hidden: [],
  },
  {
    username: 'coordinador',
    role: 'CO',
    home: '/inicio',
    menu: [...STAFF_MENU, ...OFFICE_ONLY],
    hidden: [],
  },
  {
    username: 'visitante',
    role: 'VI',
    home: '/inicio',
    menu: [...STAFF_MENU, ...OFFICE_ONLY],
    hidden: [],
  },
  { username: 'promotor', role: 'PR', home: '/inicio', menu: STAFF_MENU, hidden: OFFICE_ONLY },
  { username: 'promotor2', role: 'PR', home: '/inicio', menu: STAFF_MENU, hidden: OFFICE_ONLY },
  {
    username: 'socio',
    role: 'SO',
    home: '/socios',
    menu: ['menu-inicio', 'menu-socios'],
    hidden: ['menu-solicitudes', 'menu-creditos', 'menu-acopios', ...OFFICE_ONLY],
  },
];

async function openMenuIfCollapsed(page: Page): Promise<void> {
  const toggle = page.getByTestId('drawer-toggle');
  if ((await toggle.count()) > 0 && (await toggle.isVisible())) await toggle.click();
}

async function menuTestIds(page: Page): Promise<string[]> {
  return page
    .locator('nav [data-testid^="menu-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
}

describe('foundation: every demo user, their menu, three languages, offline shell, logout', () => {
  let browser: Browser;
  const baseURL = serverURL();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a wrong-password message in Spanish', async () => {
    const context = await newContext(browser, baseURL, PHONE);
    const page = await context.newPage();
    await page.goto('/acceso');
    await page.locator('input[name="username"]').fill('gerente');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('form button[type="submit"]').click();
    await page.getByText('Usuario o Clave incorrectos.').waitFor();
    await screenshot(page, 'login-wrong-password-phone');
    await context.close();
  });

  it("a manager's first download counts from its first page and shows the screens already usable", async () => {
    const context = await newContext(browser, baseURL, DESKTOP);
    const page = await context.newPage();
    // The first page goes through; the next waits until the page has been looked at, so what
    // the home says in between is what a manager on a slow link reads for a while.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let pages = 0;
    await page.route('**/api/sync/pull/**', async (route) => {
      pages += 1;
      if (pages > 1) await held;
      await route.continue();
    });
    await login(page, 'gerente', { wait: 'shell' });
    const progress = page.getByTestId('first-sync-progress');
    await expect
      .poll(() => progress.innerText(), { timeout: 60_000 })
      .toMatch(/Descargando datos: \d+ % · [1-9][\d,]* de [\d,]+ registros · [1-9][\d,]* KB/);
    // Regions and zones come first: the mission map is ready while members still download.
    const screens = page.getByTestId('first-download-screens');
    await screens
      .getByTestId('ready-menu-mapa-mision')
      .and(page.locator('[data-ready="true"]'))
      .waitFor();
    expect(await screens.getByTestId('ready-menu-socios').getAttribute('data-ready')).toBe('false');
    expect(pages).toBe(2);
    await screenshot(page, 'first-download-gerente-desktop');
    release();
    await progress.waitFor({ state: 'detached', timeout: 150_000 });
    await screens.waitFor({ state: 'detached' });
    await context.close();
  });

  for (const user of USERS) {
    it(`${user.username} (${user.role}) sees its menu in es, tz and en, works offline, logs out`, async () => {
      const context = await newContext(browser, baseURL, DESKTOP);
      const page = await context.newPage();
      await login(page, user.username, { wait: 'shell' });
      await page.waitForURL(`**${user.home}`);
      expect(await page.getByTestId('role-badge').getAttribute('data-role')).toBe(user.role);

      const ids = await menuTestIds(page);
      for (const id of user.menu) expect(ids, `${user.username} should see ${id}`).toContain(id);
      for (const id of user.hidden)
        expect(ids, `${user.username} must not see ${id}`).not.toContain(id);
      await screenshot(page, `menu-${user.username}-desktop`);

      // Languages: Tseltal then English, remembered across a reload.
      const select = page.getByTestId('language-select');
      await select.selectOption('tz');
      await page.waitForFunction(() => document.documentElement.lang === 'tzh');
      await select.selectOption('en');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      await expect(page.getByTestId('menu-socios').innerText()).resolves.toMatch(/Members/i);
      await page.reload();
      await page.getByTestId('role-badge').waitFor({ state: 'attached' });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await select.selectOption('es');
      await page.waitForFunction(() => document.documentElement.lang === 'es');

      // Offline: once the service worker controls the page, a reload without network still
      // renders the shell with the session.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await roleFilesCached(page, user.role);
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('role-badge').waitFor({ state: 'attached' });
      await page.goto(user.home);
      await page.getByTestId('role-badge').waitFor({ state: 'attached' });
      await page.locator('main h1').waitFor();
      await screenshot(page, `offline-${user.username}`);
      await context.setOffline(false);

      await openMenuIfCollapsed(page);
      await page.getByTestId('logout').click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(user.home);
      await page.waitForURL((url) => url.pathname === '/');
      await context.close();
    });
  }

  it('meets the install criteria: linked manifest, icons, a controlling service worker', async () => {
    const context = await newContext(browser, baseURL, PHONE);
    const page = await context.newPage();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifestResponse = await page.request.get(href!);
    expect(manifestResponse.ok()).toBe(true);
    const manifest = (await manifestResponse.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      lang: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/inicio', display: 'standalone', lang: 'es' });
    expect(manifest.name.length).toBeGreaterThan(0);
    const sizes = manifest.icons.map((i) => `${i.sizes}${i.purpose ? `:${i.purpose}` : ''}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512:maskable']));
    for (const icon of manifest.icons) {
      const res = await page.request.get(icon.src);
      expect(res.ok(), icon.src).toBe(true);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.close();
  });

  it("installing caches what every user needs; a promoter's login caches the promoter's screens, which then open offline", async () => {
    const context = await newContext(browser, baseURL, PHONE);
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const installed = await page.evaluate(async () => {
      const names = await caches.keys();
      const precache = names.find((name) => name.startsWith('workbox-precache'));
      if (!precache) return [];
      const keys = await (await caches.open(precache)).keys();
      return keys.map((request) => new URL(request.url).pathname);
    });
    expect(installed.some((p) => p.startsWith('/assets/shell-'))).toBe(true);
    expect(installed.some((p) => p.startsWith('/assets/private-'))).toBe(true);
    expect(installed.filter((p) => /pagos-screen|maplibre-gl|echarts/.test(p))).toEqual([]);

    const list = (await (await page.request.get('/precache-roles.json')).json()) as {
      roles: Record<string, { url: string }[]>;
    };
    const promoterFiles = list.roles.PR!.map((f) => f.url);
    expect(promoterFiles.some((u) => u.includes('pagos-screen'))).toBe(true);
    expect(promoterFiles.some((u) => u.includes('maplibre-gl'))).toBe(true);
    expect(list.roles.SO!.some((f) => f.url.includes('pagos-screen'))).toBe(false);

    await login(page, 'promotor', { wait: 'shell' });
    await roleFilesCached(page, 'PR');

    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto('/pagos');
    await page.getByTestId('role-badge').waitFor({ state: 'attached' });
    await page.locator('main h1').waitFor();
    await context.close();
  });

  it('renders the member menu on a phone', async () => {
    const context = await newContext(browser, baseURL, PHONE);
    const page = await context.newPage();
    await login(page, 'promotor', { wait: 'shell' });
    await page.locator('main h1').waitFor();
    await screenshot(page, 'home-promotor-phone');
    await openMenuIfCollapsed(page);
    await page.getByTestId('menu-socios').waitFor({ state: 'visible' });
    await page.getByTestId('role-badge').waitFor({ state: 'visible' });
    await screenshot(page, 'menu-promotor-phone');
    // The open drawer lists the promoter's menu, none of the office's, inside the phone's width.
    const shown = await menuTestIds(page);
    for (const id of STAFF_MENU) expect(shown).toContain(id);
    for (const id of OFFICE_ONLY) expect(shown).not.toContain(id);
    await expect(page.getByTestId('role-badge').textContent()).resolves.toContain('Promotor');
    const menu = await horizontalEdges(page, 'menu-socios');
    expect(menu.left).toBeGreaterThanOrEqual(0);
    expect(menu.right).toBeLessThanOrEqual(PHONE.width);
    expect(await sidewaysOverflow(page)).toBe(0);
    await context.close();
  });
});
