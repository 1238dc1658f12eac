import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launchBrowser, newContext, roleFilesCached, screenshot } from './browser';
import { PASSWORD, login, pendingIs, serverURL } from './helpers';
import { editPhoneOffline, profileUpdatesReceived, serverPhone } from './profile-steps';

const NEW_PHONE = '9191234567';

/** The first (full) pull is over: the progress bar is gone and the sync center has a date. */
async function waitForFirstSync(page: Page): Promise<void> {
  await page.getByTestId('first-sync-progress').waitFor({ state: 'detached', timeout: 120_000 });
  await page.getByTestId('sync-badge').click();
  await page
    .getByTestId('sync-last')
    .filter({ hasText: 'Última sincronización' })
    .waitFor({ timeout: 120_000 });
}

async function badgeCounts(page: Page) {
  const badge = page.getByTestId('sync-badge');
  return {
    pending: await badge.getAttribute('data-pending'),
    online: await badge.getAttribute('data-online'),
  };
}

describe('sync: offline profile edit, reload, reconnect; lock screen', () => {
  let browser: Browser;
  const baseURL = serverURL();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a promoter edits the profile offline, reloads, and it is sent once the signal returns', async () => {
    const context = await newContext(browser, baseURL, PHONE);
    const page = await context.newPage();
    await login(page, 'promotor', { wait: 'shell' });
    await waitForFirstSync(page);
    // The service worker must control the page before an offline reload can work.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByTestId('sync-badge').waitFor();
    await roleFilesCached(page, 'PR');

    await context.setOffline(true);
    await page.goto('/perfil');
    const phone = page.locator('input[name="phone"]');
    await phone.fill(NEW_PHONE);
    await page.getByTestId('profile-save').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, enviar' }).click();
    await page
      .getByTestId('profile-status')
      .filter({ hasText: 'se enviará al conectarse' })
      .waitFor();

    await page.reload();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="sync-badge"]')?.getAttribute('data-pending') === '1',
    );
    expect(await badgeCounts(page)).toEqual({ pending: '1', online: 'false' });
    expect(await page.locator('input[name="phone"]').inputValue()).toBe(NEW_PHONE);
    await screenshot(page, 'sync-badge-pending-offline-phone');

    await page.getByTestId('sync-badge').click();
    const pendingSection = page.getByTestId('sync-section-pending');
    await pendingSection.getByTestId('outbox-item').waitFor();
    expect(await pendingSection.getByTestId('outbox-item').count()).toBe(1);
    expect(await pendingSection.innerText()).toContain('Cambio de perfil');
    await screenshot(page, 'sync-center-pending-offline-phone');

    await context.setOffline(false);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="sync-badge"]')?.getAttribute('data-pending') === '0',
      undefined,
      { timeout: 60_000 },
    );
    await page.getByTestId('sync-section-sent').getByTestId('outbox-item').waitFor();
    await screenshot(page, 'sync-center-sent-phone');
    expect(await serverPhone(baseURL, 'promotor')).toBe(NEW_PHONE);
    await context.close();
  });

  it('an expired server session shows the lock screen; offline the device password opens it', async () => {
    const context = await newContext(browser, baseURL, PHONE);
    const page = await context.newPage();
    await login(page, 'promotor', { wait: 'shell' });
    await waitForFirstSync(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // A day later: the refresh token's window is over.
    await page.evaluate(() => {
      const key = 'comonsit.session';
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...stored, refreshExpiresAt: Date.now() - 1000 }));
    });
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('lock-screen').waitFor();
    expect(await page.getByTestId('lock-user').innerText()).toContain('promotor');
    await screenshot(page, 'lock-screen-offline-phone');

    await page.locator('input[name="password"]').fill('mala');
    await page.getByTestId('lock-submit').click();
    await page.getByTestId('lock-failure').filter({ hasText: 'Clave incorrecta.' }).waitFor();
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('lock-submit').click();
    await page.getByTestId('paused-login').waitFor();
    await page.getByTestId('sync-badge').waitFor();
    await page.locator('main h1').waitFor();
    await screenshot(page, 'unlocked-offline-phone');
    await context.close();
  });

  it('a week without signal: capture, session expires, unlock offline, capture more, log in, each sent once', async () => {
    const before = await profileUpdatesReceived(baseURL, 'promotor2');
    const context = await newContext(browser, baseURL, PHONE);
    const page = await context.newPage();
    await login(page, 'promotor2', { wait: 'shell' });
    await waitForFirstSync(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await roleFilesCached(page, 'PR');

    await context.setOffline(true);
    await editPhoneOffline(page, '9610000001');
    await pendingIs(page, 1);

    // Days pass: the refresh token's 24 hours are over. Close and reopen, still offline.
    await page.evaluate(() => {
      const key = 'comonsit.session';
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...stored, refreshExpiresAt: Date.now() - 1000 }));
    });
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto('/inicio');
    await reopened.getByTestId('lock-screen').waitFor();
    await reopened.locator('input[name="password"]').fill(PASSWORD);
    await reopened.getByTestId('lock-submit').click();
    await reopened.getByTestId('paused-login').waitFor();

    await editPhoneOffline(reopened, '9610000002');
    await pendingIs(reopened, 2);

    // Signal again: nothing is sent until the user logs in; then everything goes, once.
    await context.setOffline(false);
    await reopened.getByTestId('paused-login').getByRole('button').click();
    await reopened.getByTestId('lock-screen').waitFor();
    await reopened.locator('input[name="password"]').fill(PASSWORD);
    await reopened.getByTestId('lock-submit').click();
    await pendingIs(reopened, 0);
    await screenshot(reopened, 'week-offline-sent-phone');

    expect(await profileUpdatesReceived(baseURL, 'promotor2')).toBe(before + 2);
    await context.close();
  });
});
