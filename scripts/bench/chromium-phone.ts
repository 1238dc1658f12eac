/**
 * What the Chromium benchmarks share: the real server on a free port serving a built app with
 * the demo set (a throw-away DATA_DIR), Debian's Chromium as the phone (360×740, es-MX,
 * service workers on), its 4× CPU throttling, and the promoter's first login online.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '#server/db/seed';

export const PHONE_VIEWPORT = { width: 360, height: 740 };
export const CPU_SLOWDOWN = 4;
export const BENCH_USER = 'promotor';

const root = new URL('../../', import.meta.url).pathname;

function freePort(): Promise<number> {
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

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/** The server on `distDir` with the demo (or large) set in `dataDir`, once its health answers. */
export async function startBenchServer(
  distDir: string,
  dataDir: string,
  seedSize: 'demo' | 'large' = 'demo',
): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'server/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        DATABASE_URL: '',
        SEED_SIZE: seedSize,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  // Seeding the large set takes minutes on a busy 2-core machine.
  const deadline = Date.now() + (seedSize === 'large' ? 900_000 : 240_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error('bench: the server did not become healthy');
}

/**
 * The phone (or, with `viewport`, an office screen): a Chromium profile kept in `profileDir`
 * (so a restart finds its data).
 */
export function launchPhone(
  profileDir: string,
  baseURL: string,
  viewport: { width: number; height: number } = PHONE_VIEWPORT,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
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
    baseURL,
    viewport,
    locale: 'es-MX',
    serviceWorkers: 'allow',
  });
}

export const firstPage = async (context: BrowserContext): Promise<Page> =>
  context.pages()[0] ?? (await context.newPage());

/** Online: log in, let the first sync finish, let the service worker take control. */
export async function loginAndInstall(
  page: Page,
  username = BENCH_USER,
  firstSyncMs = 240_000,
  role = 'PR',
): Promise<void> {
  await page.goto('/acceso');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('sync-badge').waitFor({ timeout: 120_000 });
  // The first pull's progress bar may not be there yet: wait for a whole pull instead.
  await syncIdle(page, firstSyncMs);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByTestId('sync-badge').waitFor();
  await syncIdle(page, firstSyncMs);
  // A promoter leaves the office once the phone says its screens are ready for no signal.
  await roleFilesCached(page, role);
}

/**
 * Waits until the service worker holds every file of the role's screens (it caches them once
 * the first pull has ended; the install precached the rest): the phone is ready for a day
 * without signal.
 */
export async function roleFilesCached(page: Page, role: string, timeoutMs = 60_000): Promise<void> {
  const answer = await page.request.get('/precache-roles.json');
  const list = (await answer.json()) as { roles: Record<string, { url: string }[]> };
  const wanted = (list.roles[role] ?? []).map((file) => file.url);
  if (wanted.length === 0) throw new Error(`precache-roles.json lists no files for ${role}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const held = await page.evaluate(async () => {
      const keys = await (await caches.open('comonsit-role-files')).keys();
      return keys.map((request) => new URL(request.url).pathname);
    });
    const missing = wanted.filter((url) => !held.includes(url));
    if (missing.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${missing.length} of ${role}'s files not cached, e.g. ${missing[0]}`);
    await page.waitForTimeout(250);
  }
}

/** A pull has completed on this phone and the engine is neither pushing nor pulling. */
export async function syncIdle(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(
    () => {
      const badge = document.querySelector('[data-testid="sync-badge"]');
      return (
        badge?.getAttribute('data-pulled') === 'true' && badge.getAttribute('data-busy') === 'false'
      );
    },
    undefined,
    { timeout, polling: 250 },
  );
}

export const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
