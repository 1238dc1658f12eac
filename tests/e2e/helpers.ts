/**
 * What the end-to-end files share (one module): the demo users' password, the server's API as
 * a given user, signing in through the app's own form, the profiles the global set-up logged
 * in once per user (`openAs`, see tests/e2e/README.md), the sync badge's pending count, the
 * "Sí, enviar" confirmation, a request's action on /solicitudes, and starting a server.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { inject } from 'vitest';
import { REFRESH_WINDOW_MS } from '#domain/codes';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, newContextWith, roleFilesCached } from './browser';

/** Password of every seeded demo user. */
export const PASSWORD = 'comonsit-demo';

/** A fresh access token of `username` (failed logins only are rate limited). */
export async function apiToken(baseURL: string, username: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`token for ${username}: ${res.status}`);
  const answer = (await res.json()) as { access: string };
  return answer.access;
}

/** `GET` (or `init.method`) /api/<path> as `username`; any answer but 2xx fails the test. */
export async function api<T>(
  baseURL: string,
  username: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const res = await fetch(`${baseURL}/api/${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await apiToken(baseURL, username)}`,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/**
 * What a login waits for: the shell ('shell': the role badge, attached — on phones it sits in
 * the closed drawer), the first pull's progress gone ('first-sync'), or the sync center's date
 * of the last successful sync ('sync-center': the proof when the progress may not have shown
 * yet; it leaves the page on the sync center).
 */
export type LoginWait = 'shell' | 'first-sync' | 'sync-center';

/** Sign in on /acceso as `username` (password PASSWORD) and wait as `wait` says. */
export async function login(
  page: Page,
  username: string,
  { wait = 'first-sync' }: { wait?: LoginWait } = {},
): Promise<void> {
  await page.goto('/acceso');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('role-badge').waitFor({ state: 'attached', timeout: 60_000 });
  if (wait === 'first-sync')
    await page.getByTestId('first-sync-progress').waitFor({ state: 'detached', timeout: 150_000 });
  if (wait === 'sync-center') await waitForFirstSync(page);
}

/**
 * The first full pull is over. Its progress bar may not have shown yet when the shell does, so
 * the proof is the sync center's date of the last successful sync (the badge opens it).
 */
export async function waitForFirstSync(page: Page): Promise<void> {
  await page.getByTestId('sync-badge').click({ timeout: 60_000 });
  await page
    .getByTestId('sync-last')
    .filter({ hasText: 'Última sincronización' })
    .waitFor({ timeout: 150_000 });
  await page.getByTestId('first-sync-progress').waitFor({ state: 'detached', timeout: 150_000 });
}

/** The demo users the global set-up logs in once, each into a profile of its own. */
export const PROFILE_USERS = ['gerente', 'coordinador', 'promotor'] as const;
export type ProfileUser = (typeof PROFILE_USERS)[number];
const PROFILE_ROLES: Record<ProfileUser, string> = {
  gerente: 'GE',
  coordinador: 'CO',
  promotor: 'PR',
};

/** A server of the run (global-setup.ts) and its users' saved profiles. */
export interface E2EServer {
  baseURL: string;
  /** username → the storage state file (localStorage and IndexedDB) of its logged-in profile. */
  profiles: Record<ProfileUser, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker (workers.ts). */
    servers: E2EServer[];
  }
}

/** The server of the worker running this file: files that run at the same time never share one. */
function e2eServer(): E2EServer {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(worker - 1) % servers.length];
  if (!server) throw new Error('the global set-up started no server');
  return server;
}

/** The address of this file's server. */
export function serverURL(): string {
  return e2eServer().baseURL;
}

/**
 * A new browser context already logged in as `username`, with the replica the global set-up
 * pulled (cookies, localStorage and IndexedDB of its profile), and a page on `path` with the
 * shell drawn. The start pulls what changed since — records a file made through the API
 * arrive as they would on a phone that was already in use. Use `login` instead where the
 * login itself, or a phone that was never used, is what the test is about.
 */
export async function openAs(
  browser: Browser,
  username: ProfileUser,
  {
    viewport = DESKTOP,
    path = '/inicio',
    pageErrors,
    readyOffline = false,
    prepare,
  }: {
    viewport?: { width: number; height: number };
    path?: string;
    /** Collects the page's uncaught errors from its very start. */
    pageErrors?: string[];
    /** Also wait until the service worker holds every file of the user's screens. */
    readyOffline?: boolean;
    /** Runs on the context before its first page opens (init scripts, routes). */
    prepare?: (context: BrowserContext) => Promise<void>;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const baseURL = serverURL();
  const context = await newContextWith(browser, {
    baseURL,
    viewport,
    locale: 'es-MX',
    serviceWorkers: 'allow',
    storageState: await freshSession(baseURL, username),
  });
  await prepare?.(context);
  const page = await context.newPage();
  if (pageErrors) page.on('pageerror', (error) => pageErrors.push(error.message));
  // The start pulls what changed since the profile was saved: once its first page has come
  // back, the badge stays busy until the last one is applied. Then what other files made
  // through the API is on this phone too.
  const pulling = page.waitForRequest((request) => request.url().includes('/api/sync/pull/'), {
    timeout: 60_000,
  });
  await page.goto(path);
  await page.getByTestId('role-badge').waitFor({ state: 'attached', timeout: 60_000 });
  await (await pulling).response();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="sync-badge"]')?.getAttribute('data-busy') === 'false',
    undefined,
    { timeout: 60_000 },
  );
  if (readyOffline) await roleFilesCached(page, PROFILE_ROLES[username]);
  return { context, page };
}

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** localStorage's key of the stored session (src/api/session-store.ts). */
const SESSION_KEY = 'comonsit.session';

/**
 * The user's saved profile with a session of its own: refresh tokens rotate, so two contexts
 * sharing one would end each other's session on the server (the lock screen). A new token pair
 * is what a login would have stored; the replica and the rest of the profile stay.
 */
async function freshSession(baseURL: string, username: ProfileUser): Promise<StorageState> {
  const state = JSON.parse(readFileSync(e2eServer().profiles[username], 'utf8')) as StorageState;
  const res = await fetch(`${baseURL}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`token for ${username}: ${res.status}`);
  const pair = (await res.json()) as { access: string; refresh: string };
  for (const origin of state.origins)
    for (const item of origin.localStorage)
      if (item.name === SESSION_KEY) {
        const session = JSON.parse(item.value) as Record<string, unknown>;
        item.value = JSON.stringify({
          ...session,
          access: pair.access,
          refresh: pair.refresh,
          refreshExpiresAt: Date.now() + REFRESH_WINDOW_MS,
        });
      }
  return state;
}

/**
 * Request `folio` approved on the control desk (coordinator) and in the evaluation (manager)
 * through the API, with the given terms: the approval creates its contract. For files that need
 * a contract of their own; solicitudes-journey walks those screens.
 */
export async function approveThroughApi(
  baseURL: string,
  folio: number,
  terms: { monto: string; plazo: number; tasa: string; tasaMor: string },
): Promise<void> {
  await api(baseURL, 'coordinador', `solic-creditos/${folio}.json`, {
    method: 'PATCH',
    body: {
      estatus_solicitud: 'AP',
      pregunta_1: true,
      pregunta_2: true,
      pregunta_3: true,
      pregunta_4: true,
      irregularidades: '',
      comentarios_coordinador: 'En orden',
    },
  });
  await api(baseURL, 'gerente', `solic-creditos/${folio}.json`, {
    method: 'PATCH',
    body: {
      estatus_evaluacion: 'AP',
      monto_aprobado: terms.monto,
      plazo_aprobado: terms.plazo,
      tasa_aprobada: terms.tasa,
      tasa_mor_aprobada: terms.tasaMor,
      comentarios_gerente: 'Aprobado',
    },
  });
}

/** Wait until the sync badge counts `n` writes waiting to be sent. */
export async function pendingIs(page: Page, n: number, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    (count) =>
      document.querySelector('[data-testid="sync-badge"]')?.getAttribute('data-pending') ===
      String(count),
    n,
    { timeout },
  );
}

/** Accept the confirmation a form asks before it sends. */
export async function confirmSend(page: Page): Promise<void> {
  // A field capture's button says what happens; an office form's asks "Sí, enviar".
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^(Guardar y enviar|Guardar en el teléfono|Sí, enviar)$/ })
    .click();
}

/** Open the request `folio` from /solicitudes (all requests) and press one of its actions. */
export async function openAction(page: Page, folio: number, action: string): Promise<void> {
  await page.goto('/solicitudes?vista=todas');
  const search = page.locator('.dt-search input');
  await search.fill(String(folio));
  // The replica may still be catching up with the office's last decision: reload until the
  // action shows (each start pulls).
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page
      .locator('table tbody tr')
      .filter({ hasText: String(folio) })
      .first()
      .click();
    const button = page.getByTestId(`solicitud-action-${action}`);
    try {
      await button.waitFor({ timeout: 3_000 });
      await button.click();
      return;
    } catch {
      await page.reload();
      await page.locator('.dt-search input').fill(String(folio));
    }
  }
  throw new Error(`action ${action} never offered for request ${folio}`);
}

/** A TCP port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Until GET /api/health/ answers 200 (fails at once if the server process exits). */
export async function waitForHealth(
  url: string,
  server: ChildProcess,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

/** How far the page scrolls sideways past its viewport (0: everything fits its width). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The left and right edges of what `testId` marks, to compare with the viewport's width. */
export async function horizontalEdges(
  page: Page,
  testId: string,
): Promise<{ left: number; right: number }> {
  const box = await page.getByTestId(testId).first().boundingBox();
  if (!box) throw new Error(`${testId} is not laid out`);
  return { left: Math.round(box.x), right: Math.round(box.x + box.width) };
}

/** The digits of an amount as a screen shows it or the API writes it ("$1,234.50" → "123450"). */
export const digitsOf = (amount: string): string => amount.replace(/\D/g, '');
