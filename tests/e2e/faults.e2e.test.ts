/**
 * Field faults in Chromium, against a server of this file's own that can
 * be stopped, restarted and switched to a new build: the server restarting mid-sync, the
 * server refusing the session after a week offline, a new app version deployed while items
 * are pending, the phone's storage full, no IndexedDB at all, and two tabs.
 * Every capture is a profile edit (the shortest write through the outbox); the server's
 * field-activity view counts what it accepted, so "arrives once" is checked on the server.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newContext, roleFilesCached, screenshot } from './browser';
import { PASSWORD, login, pendingIs } from './helpers';
import { badgeIs } from './journey-steps';
import {
  editPhoneOffline,
  openProfile,
  profileUpdatesReceived,
  serverPhone,
  submitPhone,
} from './profile-steps';
import { startServerProcess, type ServerProcess } from './server-process';

const root = new URL('../../', import.meta.url).pathname;
const PROFILE_PATCH = '**/api/users/me.json';

interface SentPatch {
  key: string;
  status: number | null;
  replayed: boolean;
  fromWorker: boolean;
  page: Page | null;
}

/**
 * A copy of the built app that the browser sees as a new version: index.html carries a build
 * marker and the service worker's precache names its new revision (so sw.js changes too).
 */
function buildNextVersion(distDir: string): string {
  const next = mkdtempSync(join(tmpdir(), 'comonsit-dist-v2-'));
  cpSync(distDir, next, { recursive: true });
  const indexPath = join(next, 'index.html');
  const index = readFileSync(indexPath, 'utf8').replace(
    '<head>',
    '<head>\n    <meta name="comonsit-build" content="2" />',
  );
  writeFileSync(indexPath, index);
  const revision = createHash('md5').update(index).digest('hex');
  const swPath = join(next, 'sw.js');
  const sw = readFileSync(swPath, 'utf8');
  const patched = sw.replace(
    /"revision":"[0-9a-f]+","url":"index.html"/,
    `"revision":"${revision}","url":"index.html"`,
  );
  if (patched === sw) throw new Error('index.html not found in the precache manifest');
  writeFileSync(swPath, patched);
  // The build's compressed copies hold the old texts: without them the new ones go out plain.
  for (const file of [indexPath, swPath])
    for (const copy of ['.br', '.gz']) rmSync(`${file}${copy}`, { force: true });
  return next;
}

/**
 * Logged in, replica pulled, the promoter's screens cached, and the service worker controls the
 * page (offline reloads work).
 */
async function readyPhone(context: BrowserContext, username: string): Promise<Page> {
  const page = await context.newPage();
  await login(page, username);
  await roleFilesCached(page, 'PR');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByTestId('sync-badge').waitFor();
  return page;
}

/** Every profile PATCH the browser sends (page or worker), with the server's answer. */
const PUSH_PATH = '/api/sync/push/';
/** Stands for the one write of a single call, whose key is its Idempotency-Key header. */
const SINGLE_CALL = '';

/** The idempotency keys of the profile writes a request carries; null when it carries none. */
function profileWritesOf(method: string, url: string, body: string | null): string[] | null {
  if (method === 'PATCH' && url.includes('/api/users/me.json')) return [SINGLE_CALL];
  if (method !== 'POST' || !url.includes(PUSH_PATH) || body === null) return null;
  const parsed: unknown = JSON.parse(body);
  const writes = (parsed as { writes?: { key: string; path: string }[] }).writes ?? [];
  return writes.filter((w) => w.path.startsWith('/api/users/me.json')).map((w) => w.key);
}

function resultsOf(text: string): { key: string; status: number; replayed?: boolean }[] {
  const parsed: unknown = JSON.parse(text);
  return (
    (parsed as { results?: { key: string; status: number; replayed?: boolean }[] }).results ?? []
  );
}

async function recordPatches(
  context: BrowserContext,
  before?: (route: Route, n: number) => Promise<'abort' | undefined>,
): Promise<SentPatch[]> {
  const sent: SentPatch[] = [];
  let requests = 0;
  // A profile edit goes alone (PATCH) or inside a batch (POST /api/sync/push/): each
  // profile write of a batch is one entry, with its own answer from the batch's results.
  const record = async (route: Route) => {
    const request = route.request();
    const writes = profileWritesOf(request.method(), request.url(), request.postData());
    if (writes === null) return route.continue();
    const fromWorker = request.serviceWorker() !== null;
    const page = fromWorker ? null : request.frame().page();
    const singleKey = (await request.headerValue('idempotency-key')) ?? '';
    const entries: SentPatch[] = writes.map((key) => ({
      key: key === SINGLE_CALL ? singleKey : key,
      status: null,
      replayed: false,
      fromWorker,
      page,
    }));
    if (entries.length === 0) return route.continue();
    sent.push(...entries);
    requests += 1;
    try {
      const response = await route.fetch();
      const batch = request.url().includes(PUSH_PATH);
      const results = batch && response.status() === 200 ? resultsOf(await response.text()) : [];
      for (const entry of entries) {
        const result = results.find((r) => r.key === entry.key);
        entry.status = result?.status ?? response.status();
        entry.replayed = batch
          ? result?.replayed === true
          : response.headers()['idempotent-replayed'] === 'true';
      }
      if ((await before?.(route, requests)) === 'abort') {
        await route.abort('connectionreset');
        return;
      }
      await route.fulfill({ response });
    } catch {
      // Nobody listening (the server is down): the phone sees no answer.
      await route.abort('connectionrefused').catch(() => undefined);
    }
  };
  await context.route(PROFILE_PATCH, record);
  await context.route(`**${PUSH_PATH}`, record);
  return sent;
}

describe('faults in the field', () => {
  let browser: Browser;
  let server: ServerProcess;
  let nextDist: string;
  const dist = process.env.E2E_DIST_DIR ?? join(root, 'dist');

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServerProcess(dist)]);
    nextDist = buildNextVersion(dist);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    if (nextDist) rmSync(nextDist, { recursive: true, force: true });
  });

  it('the server restarts mid-sync: the item in flight is resent with the same key and everything arrives once', async () => {
    const base = server.baseURL;
    const before = await profileUpdatesReceived(base, 'promotor');
    const context = await newContext(browser, base, PHONE);
    const page = await readyPhone(context, 'promotor');
    await context.setOffline(true);
    await editPhoneOffline(page, '9613000001');
    await editPhoneOffline(page, '9613000002');
    await pendingIs(page, 2);

    // The first send reaches the server, which commits it and goes down before answering.
    const patches = await recordPatches(context, async (_route, n) => {
      if (n !== 1) return undefined;
      await server.stop();
      return 'abort';
    });
    await page.getByTestId('sync-badge').click();
    await context.setOffline(false);
    const uncertain = page
      .getByTestId('outbox-item')
      .filter({ hasText: 'Sin respuesta del servidor; se reintentará con la misma clave' });
    // Both edits may have gone in one batch: then both are in flight, both uncertain.
    await uncertain.first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'faults-server-down-uncertain-phone');
    await pendingIs(page, 2);

    await server.start();
    await page.getByTestId('sync-now').click();
    await pendingIs(page, 0);
    await screenshot(page, 'faults-server-back-sent-phone');

    const keys = patches.map((p) => p.key);
    expect(new Set(keys).size).toBe(2);
    expect(keys.filter((k) => k === keys[0]).length).toBeGreaterThanOrEqual(2);
    // The resend of the committed item is answered from the server's idempotency record.
    expect(patches.some((p) => p.key === keys[0] && p.replayed)).toBe(true);
    expect(await profileUpdatesReceived(base, 'promotor')).toBe(before + 2);
    expect(await serverPhone(base, 'promotor')).toBe('9613000002');
    await context.close();
  });

  it('the server refuses the session after a week offline: the queue waits behind the login, nothing lost, sent once after it', async () => {
    const base = server.baseURL;
    const before = await profileUpdatesReceived(base, 'promotor2');
    const context = await newContext(browser, base, PHONE);
    const page = await readyPhone(context, 'promotor2');
    await context.setOffline(true);
    await editPhoneOffline(page, '9614000001');
    await pendingIs(page, 1);

    // While away, the server's session ended (its refresh token is no longer accepted), and
    // the app was closed and reopened without signal.
    await page.evaluate(() => {
      const key = 'comonsit.session';
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(
        key,
        JSON.stringify({ ...stored, access: 'expired-access', refresh: 'refused-refresh' }),
      );
    });
    await page.reload();
    await pendingIs(page, 1);

    const patches = await recordPatches(context);
    await context.setOffline(false);
    await page.getByTestId('lock-screen').waitFor({ timeout: 60_000 });
    expect(await page.locator('.lock-pending').innerText()).toContain('1');
    // A send went out and the server answered it before counting what the server took.
    await expect
      .poll(() => patches.filter((p) => p.status !== null).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(patches.every((p) => p.status === 401)).toBe(true);
    expect(await profileUpdatesReceived(base, 'promotor2')).toBe(before);
    await screenshot(page, 'faults-session-refused-lock-phone');

    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('lock-submit').click();
    await pendingIs(page, 0);
    expect(await profileUpdatesReceived(base, 'promotor2')).toBe(before + 1);
    expect(new Set(patches.map((p) => p.key)).size).toBe(1);
    expect(await serverPhone(base, 'promotor2')).toBe('9614000001');
    await context.close();
  });

  it('storage full: a clear message, nothing saved is lost, the sync center warns; all arrives once when there is room', async () => {
    const base = server.baseURL;
    const before = await profileUpdatesReceived(base, 'promotor');
    const context = await newContext(browser, base, PHONE);
    // Chromium 156 ignores CDP Storage.overrideQuotaForOrigin here, so the full disk is
    // simulated under Dexie: IndexedDB writes to the user's replica fail as a full phone's do,
    // and the storage estimate reports almost no room.
    await context.addInitScript(() => {
      const w = window as unknown as { __diskFull?: boolean };
      w.__diskFull = false;
      for (const method of ['put', 'add'] as const) {
        const original = IDBObjectStore.prototype[method];
        IDBObjectStore.prototype[method] = function (
          this: IDBObjectStore,
          ...args: [unknown, IDBValidKey?]
        ) {
          if (w.__diskFull && this.transaction.db.name.startsWith('comonsit-u'))
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return original.apply(this, args);
        };
      }
      const estimate = navigator.storage.estimate.bind(navigator.storage);
      navigator.storage.estimate = async () =>
        w.__diskFull ? { usage: 295 * 1_048_576, quota: 300 * 1_048_576 } : estimate();
    });
    const page = await readyPhone(context, 'promotor');
    await context.setOffline(true);
    await editPhoneOffline(page, '9615000001');
    await pendingIs(page, 1);

    await page.evaluate(() => {
      (window as unknown as { __diskFull: boolean }).__diskFull = true;
    });
    await submitPhone(page, '9615000002');
    const dialog = page.getByRole('alertdialog', { name: 'El teléfono no tiene espacio' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Lo que guardaste antes sigue a salvo');
    await screenshot(page, 'faults-storage-full-phone');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    expect(await page.locator('input[name="phone"]').inputValue()).toBe('9615000002');
    await pendingIs(page, 1);

    await page.getByTestId('sync-badge').click();
    const low = page.getByTestId('storage-low');
    await low.waitFor();
    expect(await low.innerText()).toBe(
      'Queda poco espacio en este teléfono (5 MB libres). Libera espacio para seguir capturando sin problemas.',
    );
    await screenshot(page, 'faults-storage-low-sync-center-phone');

    // Room again: the same edit saves, and both go once the signal is back.
    await page.evaluate(() => {
      (window as unknown as { __diskFull: boolean }).__diskFull = false;
    });
    await page.goBack();
    await submitPhone(page, '9615000002');
    await pendingIs(page, 2);
    await context.setOffline(false);
    await pendingIs(page, 0);
    expect(await profileUpdatesReceived(base, 'promotor')).toBe(before + 2);
    expect(await serverPhone(base, 'promotor')).toBe('9615000002');
    await context.close();
  });

  it('no IndexedDB (private modes): a clear notice instead of a white screen, and a login refused with the same words', async () => {
    const variants: [string, () => void][] = [
      [
        'missing',
        () => {
          Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
        },
      ],
      [
        'refusing',
        () => {
          // Like Firefox's private windows: open() answers with an error.
          IDBFactory.prototype.open = function () {
            const request = {
              error: new DOMException('The operation failed.', 'InvalidStateError'),
            } as unknown as IDBOpenDBRequest;
            setTimeout(() => request.onerror?.call(request, new Event('error')), 0);
            return request;
          };
        },
      ],
    ];
    for (const [name, disable] of variants) {
      const context = await newContext(browser, server.baseURL, PHONE);
      await context.addInitScript(disable);
      const tokenRequests: string[] = [];
      context.on('request', (r) => {
        if (r.url().includes('/api/token')) tokenRequests.push(r.url());
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/');
      const notice = page.getByTestId('storage-unavailable');
      await notice.waitFor();
      expect(await notice.innerText()).toContain('ventanas privadas o de incógnito');
      // No white screen: the public home renders under the notice.
      await page.locator('main h1').waitFor();
      await screenshot(page, `faults-no-indexeddb-${name}-phone`);

      await page.goto('/acceso');
      await page.locator('input[name="username"]').fill('promotor');
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await page
        .getByRole('alertdialog', { name: 'Este navegador no deja guardar datos en el teléfono' })
        .waitFor();
      await screenshot(page, `faults-no-indexeddb-login-${name}-phone`);
      expect(tokenRequests).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('two tabs: both show the same data, one drains, captures in both arrive once each', async () => {
    const base = server.baseURL;
    const before = await profileUpdatesReceived(base, 'promotor2');
    const context = await newContext(browser, base, DESKTOP);
    const tabA = await readyPhone(context, 'promotor2');
    const tabB = await context.newPage();
    await tabB.goto('/inicio');
    await tabB.getByTestId('sync-badge').waitFor();

    await context.setOffline(true);
    await editPhoneOffline(tabA, '9616000001');
    await pendingIs(tabB, 1); // tab B sees tab A's capture
    await openProfile(tabB);
    await tabB.waitForFunction(
      () =>
        (document.querySelector('input[name="phone"]') as HTMLInputElement | null)?.value ===
        '9616000001',
    );
    await submitPhone(tabB, '9616000002');
    await pendingIs(tabA, 2); // and tab A sees tab B's
    await screenshot(tabB, 'faults-two-tabs-pending-desktop');

    const patches = await recordPatches(context);
    await context.setOffline(false);
    await pendingIs(tabA, 0);
    await pendingIs(tabB, 0);
    const keys = patches.map((p) => p.key);
    expect(keys.length).toBe(2);
    expect(new Set(keys).size).toBe(2);
    // One drainer: both items left from the same tab (or the worker), never from both tabs.
    expect(new Set(patches.map((p) => (p.fromWorker ? 'worker' : p.page))).size).toBe(1);
    expect(await profileUpdatesReceived(base, 'promotor2')).toBe(before + 2);
    await context.close();
  });

  it('a 60-item queue through a link that drops every few seconds: every item arrives once, in order', async () => {
    // Sixty edits of one record, each captured through the form and its confirmation. The
    // queue went out in the same batches when it held 200 (a batch takes up to 250 writes);
    // capturing the other 140 took most of the file's time (docs/testing.md#ci).
    const QUEUED = 60;
    const base = server.baseURL;
    const before = await profileUpdatesReceived(base, 'promotor2');
    const context = await newContext(browser, base, PHONE);
    const page = await readyPhone(context, 'promotor2');
    await context.setOffline(true);
    await openProfile(page);
    for (let i = 1; i <= QUEUED; i += 1) {
      await submitPhone(page, `96180${String(i).padStart(5, '0')}`);
      await pendingIs(page, i);
    }

    // The signal drops on events, not on a clock: every other batch reaches the server and the
    // link goes down before its answer is back (the server applied it, the phone never hears
    // so); the link returns once the phone has noticed it is offline. A request that starts
    // while the link is down is lost before the server.
    let up = true;
    let drops = 0;
    let outage: Promise<void> = Promise.resolve();
    const goDownAndBack = async () => {
      await context.setOffline(true);
      await badgeIs(page, 'online', false);
      up = true;
      await context.setOffline(false);
    };
    const patches = await recordPatches(context, async (_route, n) => {
      if (!up) return 'abort';
      if (n % 2 === 0) return undefined;
      up = false;
      drops += 1;
      outage = goDownAndBack();
      return 'abort';
    });
    const lostBeforeServer = async (route: Route) => {
      if (!up) return route.abort('internetdisconnected');
      return route.fallback();
    };
    await context.route(`**${PUSH_PATH}`, lostBeforeServer);
    await context.route(PROFILE_PATCH, lostBeforeServer);
    await context.setOffline(false);
    await pendingIs(page, 0, 240_000);
    await outage;
    up = true;
    await screenshot(page, 'faults-weak-link-queue-sent-phone');

    expect(drops).toBeGreaterThan(0);
    const keys = new Set(patches.map((p) => p.key));
    expect(keys.size).toBe(QUEUED);
    expect(await profileUpdatesReceived(base, 'promotor2')).toBe(before + QUEUED);
    // In order: the last edit captured is the one the server keeps.
    expect(await serverPhone(base, 'promotor2')).toBe(`96180${String(QUEUED).padStart(5, '0')}`);
    await context.close();
  }, 480_000);

  it('a new version deployed while items are pending: the update waits for the send, the queue survives and drains after it', async () => {
    const base = server.baseURL;
    const before = await profileUpdatesReceived(base, 'promotor');
    const context = await newContext(browser, base, PHONE);
    const page = await readyPhone(context, 'promotor');
    await context.setOffline(true);
    await editPhoneOffline(page, '9617000001');
    await editPhoneOffline(page, '9617000002');
    await pendingIs(page, 2);

    // The cooperative deploys a new version; the promoter's phone gets signal back.
    await server.stop();
    await server.start(nextDist);
    let answer!: () => void;
    const answerHeld = new Promise<void>((resolve) => (answer = resolve));
    let onWire!: () => void;
    const firstOnWire = new Promise<void>((resolve) => (onWire = resolve));
    const patches = await recordPatches(context, async (_route, n) => {
      if (n !== 1) return undefined;
      onWire();
      await answerHeld; // the server took it; its answer is slow to come back
      return undefined;
    });
    await context.setOffline(false);
    await firstOnWire;
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByTestId('update-prompt');
    await prompt.waitFor({ timeout: 60_000 });
    expect(await prompt.innerText()).toContain('Lo pendiente de enviar (2) se queda guardado');
    await screenshot(page, 'faults-update-available-pending-phone');

    await page.evaluate(() => {
      (window as unknown as { __oldPage: boolean }).__oldPage = true;
    });
    await prompt.getByRole('button', { name: 'Actualizar' }).click();
    await page
      .getByTestId('update-prompt-note')
      .filter({ hasText: 'Terminando de enviar un registro' })
      .waitFor();
    // The new version is installed and waiting: only the send in flight holds the reload back.
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting != null,
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.evaluate(() => '__oldPage' in window)).toBe(true); // no reload yet
    await screenshot(page, 'faults-update-waits-for-send-phone');

    answer();
    await page.waitForFunction(
      () =>
        !('__oldPage' in window) &&
        document.querySelector('meta[name="comonsit-build"]')?.getAttribute('content') === '2',
      undefined,
      { timeout: 60_000 },
    );
    await page.getByTestId('sync-badge').waitFor();
    await pendingIs(page, 0);
    await screenshot(page, 'faults-updated-queue-sent-phone');

    // Nothing was cut off by the reload: each edit went out exactly once.
    expect(patches.map((p) => p.key).length).toBe(2);
    expect(new Set(patches.map((p) => p.key)).size).toBe(2);
    expect(await profileUpdatesReceived(base, 'promotor')).toBe(before + 2);
    expect(await serverPhone(base, 'promotor')).toBe('9617000002');
    await context.close();
  });
});
