/**
 * Bank reconciliation in Debian's Chromium against the real server: a coordinator reconciles
 * two payments against one bank deposit on /banco-form and, back on /bancos, sees the
 * microcredit account's balance grow by the deposit and the pending badge drop by two. The
 * screens are also shot on a phone (test-results/e2e/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launchBrowser, screenshot } from './browser';
import { api, openAs, serverURL } from './helpers';

interface PendingPayment {
  id: number;
  cantidad: string;
  nombres: string;
}

/** "$1,049.75" / "-$3.00" → cents. */
function cents(text: string): number {
  const negative = text.includes('-');
  const value = Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
  return negative ? -value : value;
}

const balancesTable = (page: Page) =>
  page.getByRole('table', { name: 'Saldos por cuenta bancaria' });

async function openBancos(page: Page): Promise<void> {
  await page.goto('/bancos');
  await page.getByRole('heading', { level: 1, name: 'Bancos' }).waitFor();
  await balancesTable(page).locator('tbody tr').first().waitFor();
  await page.getByTestId('bank-pending').waitFor();
}

/** The microcredit account's "Total final" cell, in cents. */
async function creditFinal(page: Page): Promise<number> {
  const row = balancesTable(page).locator('tbody tr', { hasText: 'Microcrédito' });
  return cents((await row.locator('td').last().textContent()) ?? '');
}

async function pendingBadge(page: Page): Promise<number> {
  return Number(await page.getByTestId('bank-pending').textContent());
}

let browser: Browser;
let baseURL: string;

beforeAll(async () => {
  baseURL = serverURL();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('bancos', () => {
  it('a coordinator reconciles two payments against one deposit; balance and badge follow', async () => {
    const errors: string[] = [];
    const { context, page } = await openAs(browser, 'coordinador', { pageErrors: errors });
    await openBancos(page);
    const finalBefore = await creditFinal(page);
    const badgeBefore = await pendingBadge(page);
    expect(badgeBefore).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'bancos-1280');

    const pending = await api<{ results: PendingPayment[] }>(
      baseURL,
      'coordinador',
      'pagos/no-link/',
    );
    const [first, second] = pending.results;
    const deposit = cents(first!.cantidad) + cents(second!.cantidad);

    await page.getByTestId('bank-new').click();
    await page.getByRole('heading', { level: 1, name: 'Nuevo movimiento bancario' }).waitFor();
    await page.getByTestId('bank-tab-Pagos').click();
    const rows = page.getByRole('table', { name: 'Pagos' }).locator('tbody tr');
    // The table keeps the server's order: the two newest pending payments come first.
    for (const [index, payment] of [first!, second!].entries()) {
      const row = rows.nth(index);
      await expect.poll(() => row.textContent()).toContain(payment.nombres);
      await row.getByRole('checkbox').check();
    }
    const reference = `E2E${Date.now().toString(36).toUpperCase()}`;
    await page.getByRole('textbox', { name: /^Referencia bancaria/ }).fill(reference.toLowerCase());
    await page.getByRole('textbox', { name: /^Cantidad/ }).fill((deposit / 100).toFixed(2));
    await page.getByRole('textbox', { name: /^Referencia alfanumérica/ }).click();
    expect(await page.getByRole('textbox', { name: /^Referencia bancaria/ }).inputValue()).toBe(
      reference,
    );
    await page.getByTestId('bank-sum').and(page.locator('[data-state="match"]')).waitFor();
    await screenshot(page, 'banco-form-1280');

    await page.getByTestId('bank-save').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, enviar' }).click();
    const booked = page.getByTestId('bank-booked');
    await booked.waitFor({ timeout: 30_000 });
    expect(await booked.textContent()).toContain(`Movimiento bancario ${reference} registrado`);
    expect(await page.getByTestId('bank-cancel').isDisabled()).toBe(true);
    await screenshot(page, 'banco-form-booked-1280');

    await page.getByTestId('bank-finish').click();
    await page.waitForURL('**/bancos');
    await balancesTable(page).locator('tbody tr').first().waitFor();
    await expect.poll(() => pendingBadge(page), { timeout: 20_000 }).toBe(badgeBefore - 2);
    await expect.poll(() => creditFinal(page), { timeout: 20_000 }).toBe(finalBefore + deposit);
    await page
      .getByRole('table', { name: 'Registros contables del periodo' })
      .getByRole('cell', { name: reference })
      .first()
      .waitFor();
    await screenshot(page, 'bancos-after-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: the banks, the form and the sub-accounts fit 360 px', async () => {
    const errors: string[] = [];
    const { context, page } = await openAs(browser, 'gerente', {
      viewport: PHONE,
      pageErrors: errors,
    });
    await openBancos(page);
    await screenshot(page, 'bancos-360');
    await page.getByTestId('bank-new').click();
    await page.getByRole('table', { name: 'Movimientos' }).locator('tbody tr').first().waitFor();
    await page
      .getByRole('table', { name: 'Movimientos' })
      .locator('tbody tr')
      .first()
      .getByRole('checkbox')
      .check();
    await page.getByRole('textbox', { name: /^Cantidad/ }).fill('1');
    await page.getByRole('textbox', { name: /^Referencia bancaria/ }).click();
    await screenshot(page, 'banco-form-360');
    await page.getByTestId('bank-tab-Otros').click();
    await page.getByRole('combobox', { name: /^Subcuenta/ }).waitFor();
    await screenshot(page, 'banco-form-otros-360');
    await page.goto('/subcuentas');
    await page
      .getByRole('table', { name: 'Saldos por subcuenta' })
      .locator('tbody tr')
      .first()
      .waitFor();
    await screenshot(page, 'subcuentas-360');
    // Nothing is wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
