/**
 * Tseltal by the cooperative itself in Chromium against the real
 * server:
 *
 * 1. The demo translator (`promotor`, 360×740) translates a sync-center string with no signal:
 *    the draft waits in the outbox and reaches the server once back online.
 * 2. A promoter (`promotor2`, 360×740) has the app open in Tseltal on the sync center: the
 *    string is still Spanish (a draft reaches nobody but translators and the manager).
 * 3. The manager (1366×850) approves the draft on /traducciones.
 * 4. The promoter's phone syncs and shows the approved text where the Spanish was — the same
 *    page, never reloaded.
 *
 * The text written is a stand-in marked as a test, not Tseltal: nobody here writes Tseltal.
 * Screenshots: test-results/e2e/traducciones-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, launchBrowser, newContext, screenshot } from './browser';
import { Api, badgeIs, setSignal, takeOfflineControl } from './journey-steps';
import { login, serverURL } from './helpers';

const DESK = { width: 1366, height: 850 };
const KEY = 'syncCenter.syncNow';
const SPANISH = 'Sincronizar ahora';
const STAND_IN = '[prueba e2e] sincronizar';

const rowOf = (page: Page) => page.locator(`[data-testid="translation-row"][data-key="${KEY}"]`);

describe('a translation from a translator’s phone to every phone', () => {
  const baseURL = serverURL();
  const api = new Api(baseURL);
  let browser: Browser;
  let translatorPhone: BrowserContext;
  let promoterPhone: BrowserContext;
  let desk: BrowserContext;
  let translator: Page;
  let promoter: Page;
  let manager: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    translatorPhone = await newContext(browser, baseURL, PHONE);
    promoterPhone = await newContext(browser, baseURL, PHONE);
    desk = await newContext(browser, baseURL, DESK);
    [translator, promoter, manager] = await Promise.all([
      translatorPhone.newPage(),
      promoterPhone.newPage(),
      desk.newPage(),
    ]);
    await Promise.all([
      login(translator, 'promotor', { wait: 'sync-center' }),
      login(promoter, 'promotor2', { wait: 'sync-center' }),
      login(manager, 'gerente', { wait: 'shell' }),
    ]);
    await takeOfflineControl(translator);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('translated offline, approved by the manager, shown on a promoter’s phone without a reload', async () => {
    // 1. The translator, with no signal.
    await setSignal(translatorPhone, false);
    await badgeIs(translator, 'online', false);
    await translator.goto(`/traducciones?clave=${KEY}`);
    const row = rowOf(translator);
    await row.getByRole('button', { name: 'Traducir' }).click();
    await row.getByRole('textbox', { name: 'Tseltal' }).fill(STAND_IN);
    await row.getByRole('button', { name: 'Guardar borrador' }).click();
    await badgeIs(translator, 'pending', 1);
    await expect.poll(() => row.textContent()).toContain(STAND_IN);
    await screenshot(translator, 'traducciones-draft-offline-phone');
    await setSignal(translatorPhone, true);
    await badgeIs(translator, 'pending', 0);

    // 2. The promoter reads the sync center in Tseltal: the draft is not shown.
    await promoter.locator('.topbar-language select').selectOption('tz');
    // The choice is stored once the Tseltal dictionary has arrived (html lang follows it): a
    // page load before that would start in Spanish again.
    const inTseltal = () =>
      promoter.waitForFunction(() => document.documentElement.lang === 'tzh', undefined, {
        timeout: 30_000,
      });
    await inTseltal();
    await promoter.goto('/sincronizacion');
    await inTseltal();
    const syncNow = promoter.getByTestId('sync-now');
    // (While its page load's sync runs, the button also says "Cargando…".)
    await expect.poll(() => syncNow.textContent(), { timeout: 60_000 }).toBe(SPANISH);
    await promoter.evaluate(() => {
      Reflect.set(window, '__samePage', true);
    });

    // 3. The manager approves it (the draft reaches the desk with the pull of its page load).
    await manager.goto(`/traducciones?clave=${KEY}`);
    const approve = rowOf(manager).getByRole('button', { name: 'Aprobar' });
    await expect
      .poll(
        async () => {
          if (await approve.isVisible()) return true;
          await manager.reload();
          return false;
        },
        { timeout: 90_000, interval: 5_000 },
      )
      .toBe(true);
    await screenshot(manager, 'traducciones-approve-desk');
    await approve.click();
    // What the server serves a promoter once the approval has gone: the approved text, no draft.
    await expect
      .poll(
        async () => {
          const served = await api.get<{ clave: string; texto: string | null }[]>(
            'promotor2',
            'traducciones.json',
          );
          return served.find((r) => r.clave === KEY)?.texto ?? null;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(STAND_IN);
    await badgeIs(manager, 'attention', 0);

    // 4. The promoter's phone syncs: the same page now shows the approved text.
    const shown = expect
      .poll(
        async () => {
          if (!(await syncNow.isDisabled())) await syncNow.click();
          return syncNow.textContent();
        },
        { timeout: 120_000, interval: 2_000 },
      )
      .toBe(STAND_IN);
    // What the phone showed when it did not change, for whoever reads the failure.
    await shown.catch(async (error: unknown) => {
      await screenshot(promoter, 'traducciones-promoter-not-updated-phone');
      throw error;
    });
    expect(await promoter.evaluate(() => Reflect.get(window, '__samePage'))).toBe(true);
    await screenshot(promoter, 'traducciones-approved-promoter-phone');
  }, 300_000);
});
