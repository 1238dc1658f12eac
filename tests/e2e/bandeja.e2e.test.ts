/**
 * The office's inbox of field work in Chromium against the real server:
 *
 * 1. A promoter (360×740) captures two payments on one loan offline; meanwhile the office pays
 *    the loan down, so back online the first is refused and the second waits blocked behind it.
 * 2. The coordinator's inbox (1366×850) shows them by label with member and amount, the refusal
 *    with its reason, and the promoter's phone holding one blocked payment.
 * 3. The promoter corrects the refused payment and resends: the inbox links the correction.
 * 4. The coordinator marks the lot reviewed; a second coordinator's menu count drops to zero
 *    after its own sync.
 *
 * Screenshots: test-results/e2e/bandeja-*.png (1366×850 desk; the inbox at 360×740).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, launchBrowser, newContext, screenshot } from './browser';
import { Api, badgeIs, setSignal, takeOfflineControl } from './journey-steps';
import { confirmSend, login, openAs, serverURL } from './helpers';
import { fillPayment, lookUpDebt, messageUnder } from './field-money-steps';

interface ContractRow {
  id: number;
  fondo_comun: boolean;
  estatus_ejecucion: string;
  fecha_inicio: string | null;
  deuda_al_dia: { capital_por_pagar: number } | null;
}
interface DebtAnswer {
  capital_por_pagar: number;
}

const DESK = { width: 1366, height: 850 };

async function payOfflineQuick(page: Page, loan: number, capital: string, pending: number) {
  await page.goto('/pago-formato');
  await lookUpDebt(page, loan);
  await fillPayment(page, capital);
  await confirmSend(page);
  await badgeIs(page, 'pending', pending);
}

describe('the field inbox: from the phone to the office and back', () => {
  const baseURL = serverURL();
  const api = new Api(baseURL);
  let browser: Browser;
  let phone: BrowserContext;
  let desk: BrowserContext;
  let desk2: BrowserContext;
  let page: Page;
  let office: Page;
  let office2: Page;
  let loan = 0;
  let today = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const loans = (await api.get<ContractRow[]>('promotor', 'contratos.json')).filter(
      (c) =>
        !c.fondo_comun &&
        c.estatus_ejecucion === 'CO' &&
        c.fecha_inicio !== null &&
        (c.deuda_al_dia?.capital_por_pagar ?? 0) >= 500,
    );
    // Clear of the loans the other journeys use (first, and the last four).
    expect(loans.length).toBeGreaterThanOrEqual(7);
    loan = loans.at(-6)!.id;
    // The promoter's phone is already in use (the pulled profile), ready to leave for the field.
    ({ context: phone, page } = await openAs(browser, 'promotor', {
      viewport: PHONE,
      readyOffline: true,
    }));
    desk = await newContext(browser, baseURL, DESK);
    office = await desk.newPage();
    desk2 = await newContext(browser, baseURL, DESK);
    office2 = await desk2.newPage();
    // The desks read the inbox from the server: they need not wait for their first full pull.
    await Promise.all([
      login(office, 'coordinador', { wait: 'shell' }),
      login(office2, 'coordinador', { wait: 'shell' }),
    ]);
    await takeOfflineControl(page);
  }, 200_000);
  afterAll(async () => {
    await phone?.close();
    await desk?.close();
    await desk2?.close();
    await browser?.close();
  });

  it('runs the journey', async () => {
    // ---- 1. Offline: two payments on one loan.
    await setSignal(phone, false);
    await badgeIs(page, 'online', false);
    await page.goto('/pago-formato');
    await page.locator('input[name="credito"]').waitFor();
    today = await page.locator('input[name="fecha_pago"]').inputValue();
    await payOfflineQuick(page, loan, '200.00', 1);
    await payOfflineQuick(page, loan, '20.00', 2);

    // The office leaves 100.00 of capital on the loan meanwhile.
    const before = await api.get<DebtAnswer>('gerente', `contratos/${loan}/deuda/?fecha=${today}`);
    const officeCapital = Math.round(before.capital_por_pagar * 100) - 10000;
    await api.write('gerente', 'POST', 'pagos/', {
      credito: loan,
      fecha_pago: today,
      abono_capital: (officeCapital / 100).toFixed(2),
      interes_ord: '0',
      interes_mor: '0',
    });
    // Back online: the first is refused, the second blocked behind it.
    await setSignal(phone, true);
    await badgeIs(page, 'attention', 2, 60_000);

    // ---- 2. The coordinator's inbox.
    await office.goto('/bandeja');
    const refusedRow = office.locator('[data-testid="inbox-row"][data-status="400"]').first();
    await refusedRow.waitFor({ timeout: 30_000 });
    const refusedText = await refusedRow.innerText();
    expect(refusedText).toContain('Pago');
    expect(refusedText).not.toContain('pago.create');
    expect(refusedText).toContain('$200.00');
    expect(refusedText).toContain('Sigue en el teléfono');
    expect(
      await refusedRow.getByTestId('inbox-refusal').locator('.inbox-reason').innerText(),
    ).not.toBe('');
    const queue = office.getByTestId('inbox-phone').filter({ hasText: /1 × Pago \(bloqueado\)/ });
    await queue.waitFor({ timeout: 30_000 });
    await screenshot(office, 'bandeja-refusal-desk');

    // ---- 3. The promoter corrects it and resends.
    await page.getByTestId('sync-badge').click();
    const item = page.locator('[data-testid="outbox-item"][data-status="rejected"]');
    await item.getByTestId('outbox-open').click();
    await messageUnder(page, 'abono_capital').waitFor({ timeout: 30_000 });
    await page.locator('input[name="abono_capital"]').fill('50.00');
    await page.getByTestId('pago-save').click();
    await confirmSend(page);
    await badgeIs(page, 'attention', 0, 60_000);
    await badgeIs(page, 'pending', 0, 60_000);

    await office.getByRole('button', { name: 'Actualizar' }).click();
    const corrected = office.locator('[data-testid="inbox-row"][data-status="400"]').first();
    await corrected.filter({ hasText: 'Corregido y reenviado' }).waitFor({ timeout: 30_000 });
    expect(await corrected.getByTestId('inbox-open').innerText()).toBe(
      'Ver el registro que lo reemplaza',
    );
    expect(await corrected.getByTestId('inbox-open').getAttribute('href')).toMatch(
      /^\/pagos\?abrir=\d+$/,
    );
    await screenshot(office, 'bandeja-corrected-desk');
    await page.goto('/bandeja').catch(() => undefined);

    // The second desk, after a sync of its own, counts what is still unreviewed.
    await office2.goto('/sincronizacion');
    await office2.getByRole('button', { name: /Sincronizar ahora/ }).click();
    await office2.getByTestId('menu-bandeja-count').waitFor({ timeout: 60_000 });

    // ---- 4. The lot marked reviewed; the second desk's count after its sync.
    await office.getByTestId('inbox-mark-filter').click();
    await office
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Sí, marcar revisados' })
      .click();
    await office.getByText(/registros marcados como revisados/).waitFor();
    await office.getByTestId('menu-bandeja-count').waitFor({ state: 'detached' });
    expect(await office.getByTestId('inbox-unreviewed').innerText()).toBe('0 sin revisar');
    await screenshot(office, 'bandeja-reviewed-desk');

    expect(await office2.getByTestId('menu-bandeja-count').count()).toBe(1);
    await office2.getByRole('button', { name: /Sincronizar ahora/ }).click();
    await office2.getByTestId('menu-bandeja-count').waitFor({ state: 'detached', timeout: 30_000 });

    // The same inbox on a phone-sized screen: cards, nothing wider than the screen.
    await office2.setViewportSize(PHONE);
    await office2.goto('/bandeja');
    await office2.getByTestId('inbox-row').first().waitFor({ timeout: 30_000 });
    await screenshot(office2, 'bandeja-phone');
    expect(await office2.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  }, 150_000);
});
