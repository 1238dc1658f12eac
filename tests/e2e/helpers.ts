/**
 * What the end-to-end tests share: the demo users' password, signing in through the app's own
 * form, the server's API as a given user (to compare what a screen shows with what the server
 * says), the sync badge's pending count and the "Sí, enviar" confirmation.
 */
import type { Page } from 'playwright-core';

/** Password of every seeded demo user. */
export const PASSWORD = 'comonsit-demo';

/** A fresh access token of `username` (failed logins only are rate limited). */
export async function apiToken(baseURL: string, username: string): Promise<string> {
  const answer = await fetch(`${baseURL}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  }).then((r) => r.json() as Promise<{ access: string }>);
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
 * Sign in on /acceso and wait for the app shell (the sync badge) and, unless told otherwise,
 * for the first sync to fill the replica.
 */
export async function login(
  page: Page,
  username: string,
  { firstSync = true }: { firstSync?: boolean } = {},
): Promise<void> {
  await page.goto('/acceso');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('sync-badge').waitFor();
  if (firstSync)
    await page.getByTestId('first-sync-progress').waitFor({ state: 'detached', timeout: 120_000 });
}

/** Wait until the sync badge counts `n` writes waiting to be sent. */
export async function pendingIs(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (count) =>
      document.querySelector('[data-testid="sync-badge"]')?.getAttribute('data-pending') ===
      String(count),
    n,
    { timeout: 60_000 },
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
