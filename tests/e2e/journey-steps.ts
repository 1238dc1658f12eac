/**
 * Steps the field journeys share: the API as an office caller sees it (one token per demo
 * user), taking the page under the service worker's control so it works without
 * signal, waiting on the sync badge, and the throttled phone profile
 * (4× slower CPU, slow 3G) applied through the Chrome DevTools Protocol.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { PASSWORD } from './helpers';

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** The REST API called from Node (never through the browser, so offline pages do not matter). */
export class Api {
  private readonly tokens = new Map<string, string>();

  constructor(private readonly baseURL: string) {}

  async token(username: string): Promise<string> {
    const known = this.tokens.get(username);
    if (known) return known;
    const res = await fetch(`${this.baseURL}/api/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`token for ${username}: ${res.status}`);
    const { access } = (await res.json()) as { access: string };
    this.tokens.set(username, access);
    return access;
  }

  /** Any call; answers the status and the parsed body (or null) without judging them. */
  async call<T>(
    username: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ApiAnswer<T>> {
    const res = await fetch(`${this.baseURL}/api/${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await this.token(username)}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** A read that must succeed. */
  async get<T>(username: string, path: string): Promise<T> {
    const answer = await this.call<T>(username, 'GET', path);
    if (answer.status !== 200) throw new Error(`GET ${path} as ${username}: ${answer.status}`);
    return answer.body;
  }

  /** A write that must succeed. */
  async write<T>(username: string, method: string, path: string, body: unknown): Promise<T> {
    const answer = await this.call<T>(username, method, path, body);
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}

/** The service worker controls the page: from now on a reload without signal still works. */
export async function takeOfflineControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByTestId('sync-badge').waitFor();
}

/** Wait until the sync badge's `data-<name>` (pending, attention, online) reads `value`. */
export async function badgeIs(
  page: Page,
  name: 'pending' | 'attention' | 'online',
  value: number | boolean,
  timeout = 90_000,
): Promise<void> {
  await page.waitForFunction(
    ([attribute, expected]) =>
      document.querySelector('[data-testid="sync-badge"]')?.getAttribute(`data-${attribute}`) ===
      expected,
    [name, String(value)] as const,
    { timeout },
  );
}

/** After a reopen the lock screen may ask for the device password: give it. */
export async function unlockIfLocked(page: Page): Promise<void> {
  const lock = page.getByTestId('lock-screen');
  const shell = page.getByTestId('sync-badge');
  await lock.or(shell).first().waitFor({ timeout: 60_000 });
  if (await lock.isVisible()) {
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('lock-submit').click();
    await shell.waitFor();
  }
}

/** A cheap Android phone on a slow 3G link (Chrome DevTools' "Slow 3G"-like figures). */
export const SLOW_PHONE = {
  cpuSlowdown: 4,
  latencyMs: 400,
  downKbps: 400,
  upKbps: 400,
};

/**
 * Throttle one page: CPU for its whole life, the network while online. Playwright's
 * `context.setOffline` and this session each set DevTools network conditions, and the
 * session's own setting keeps applying to the page's requests — so going offline and back
 * goes through `setSignal`, which sets both.
 */
export class PhoneProfile {
  private constructor(private readonly session: CDPSession) {}

  /** `online: false` when the context is already offline. */
  static async apply(
    context: BrowserContext,
    page: Page,
    { online }: { online: boolean },
  ): Promise<PhoneProfile> {
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
    await session.send('Network.enable');
    const profile = new PhoneProfile(session);
    await profile.network(online);
    return profile;
  }

  async network(online: boolean): Promise<void> {
    await this.session.send(
      'Network.emulateNetworkConditions',
      online
        ? {
            offline: false,
            latency: SLOW_PHONE.latencyMs,
            downloadThroughput: (SLOW_PHONE.downKbps * 1000) / 8,
            uploadThroughput: (SLOW_PHONE.upKbps * 1000) / 8,
          }
        : { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
    );
  }
}

/** Lose or get back the signal: the whole context (service worker too) and the slow page. */
export async function setSignal(
  context: BrowserContext,
  online: boolean,
  profile?: PhoneProfile,
): Promise<void> {
  await context.setOffline(!online);
  await profile?.network(online);
}

/** Round trip of a tiny API call from the page, in ms (to prove the slow link is on). */
export async function pageRoundTrip(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const start = performance.now();
    await fetch(`/api/health/?t=${Date.now()}`, { cache: 'no-store' });
    return performance.now() - start;
  });
}
