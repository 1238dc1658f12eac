/**
 * Payments end to end: a promoter on a phone loses the signal, looks up a loan's debt on the
 * phone (the same figures the server gives), records two payments on it, gets the signal back,
 * and the server has both — in capture order — with the contract's new paid total, which the
 * phone then shows too. Then the office's views on a desktop: payments list, detail, portfolios.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launchBrowser, roleFilesCached, screenshot, settleForPicture } from './browser';
import { api, openAs, pendingIs, serverURL } from './helpers';

interface ContractRow {
  id: number;
  fondo_comun: boolean;
  estatus_ejecucion: string;
  fecha_inicio: string | null;
  pagado: number;
  deuda_al_dia: { capital_por_pagar: number; total_deuda: number } | null;
}

interface DebtAnswer {
  fecha: string;
  capital_por_pagar: number;
  interes_ordinario_deuda: number;
  interes_moratorio_deuda: number;
  total_deuda: number;
  total_abonado: number;
}

const centsOf = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).getAttribute('data-cents'));

/** Type the folio, keep today's date, look the debt up; answer the figures shown. */
async function lookUp(page: Page, folio: number) {
  await page.locator('input[name="credito"]').fill(String(folio));
  await page.getByTestId('debt-lookup').click();
  await page.getByTestId('debt-panel').waitFor();
  return {
    capital: await centsOf(page, 'debt-capital'),
    ordinario: await centsOf(page, 'debt-ordinario'),
    moratorio: await centsOf(page, 'debt-moratorio'),
    total: await centsOf(page, 'debt-total'),
    abonado: await centsOf(page, 'debt-abonado'),
  };
}

async function capturePayment(page: Page, capital: string): Promise<void> {
  await page.locator('input[name="abono_capital"]').fill(capital);
  await page.locator('input[name="interes_ord"]').fill('0');
  await page.locator('input[name="interes_mor"]').fill('0');
  await page.getByTestId('pago-save').click();
  // Offline, the confirmation says where the payment goes: onto the phone, not sent yet.
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Guardar en el teléfono' })
    .click();
  await page.getByTestId('pagos-alert').filter({ hasText: 'se enviará al conectarse' }).waitFor();
}

describe('payments: offline capture with the offline debt lookup, then sync', () => {
  let browser: Browser;
  const baseURL = serverURL();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a promoter offline pays twice on one loan; both arrive in order and the paid total shows', async () => {
    const contracts = await api<ContractRow[]>(baseURL, 'promotor', 'contratos.json');
    const loan = contracts.find(
      (c) =>
        !c.fondo_comun &&
        c.estatus_ejecucion === 'CO' &&
        c.fecha_inicio !== null &&
        (c.deuda_al_dia?.capital_por_pagar ?? 0) >= 500,
    );
    expect(loan, 'a pending loan of region 1').toBeTruthy();
    const folio = loan!.id;
    const paidBefore = Math.round(loan!.pagado * 100);

    const { context, page } = await openAs(browser, 'promotor', { viewport: PHONE });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByTestId('sync-badge').waitFor();
    // Into the field once the phone holds its screens (else: "not on the phone yet").
    await roleFilesCached(page, 'PR');

    await context.setOffline(true);
    await page.goto('/pago-formato');
    await page.locator('input[name="credito"]').waitFor();
    const today = await page.locator('input[name="fecha_pago"]').inputValue();
    const debt = await lookUp(page, folio);
    // The phone's figures are the server's (asked here, outside the offline browser).
    const server = await api<DebtAnswer>(
      baseURL,
      'promotor',
      `contratos/${folio}/deuda/?fecha=${today}`,
    );
    expect(debt).toEqual({
      capital: Math.round(server.capital_por_pagar * 100),
      ordinario: Math.round(server.interes_ordinario_deuda * 100),
      moratorio: Math.round(server.interes_moratorio_deuda * 100),
      total: Math.round(server.total_deuda * 100),
      abonado: Math.round(server.total_abonado * 100),
    });
    await screenshot(page, 'pago-formato-offline-lookup-phone');

    await capturePayment(page, '100');
    const pendingRow = page.locator('tr', { hasText: 'pendiente de enviar' });
    await pendingRow.first().waitFor();
    await screenshot(page, 'pagos-pending-offline-phone');

    // A second payment on the same loan, still offline: its lookup counts the first one.
    await page.getByTestId('pago-new').click();
    const second = await lookUp(page, folio);
    expect(second.capital).toBe(debt.capital - 10000);
    expect(second.abonado).toBe(debt.abonado + 10000);
    await capturePayment(page, '50');
    await pendingIs(page, 2);
    await expect.poll(() => pendingRow.count()).toBe(2);

    await context.setOffline(false);
    await pendingIs(page, 0);

    // On the server: both payments, in capture order, and the new paid total.
    const history = await api<{ id: number; cantidad: string; capturado_en: string }[]>(
      baseURL,
      'promotor',
      `contratos/${folio}/pagos/`,
    );
    const lastTwo = history.slice(-2);
    expect(lastTwo.map((p) => p.cantidad)).toEqual(['100.00', '50.00']);
    expect(lastTwo[0]!.id).toBeLessThan(lastTwo[1]!.id);
    expect(Date.parse(lastTwo[0]!.capturado_en)).toBeLessThan(Date.parse(lastTwo[1]!.capturado_en));
    const after = await api<ContractRow>(baseURL, 'promotor', `contratos/${folio}.json`);
    expect(Math.round(after.pagado * 100)).toBe(paidBefore + 15000);

    // On the phone: numbered payments, no badge, and the lookup shows the new paid total.
    await page.goto('/pagos');
    await page.locator('tr', { hasText: 'pendiente de enviar' }).first().waitFor({
      state: 'detached',
      timeout: 30_000,
    });
    for (const p of lastTwo) {
      await page
        .getByRole('cell', { name: String(p.id), exact: true })
        .first()
        .waitFor();
    }
    await screenshot(page, 'pagos-synced-phone');
    await page.goto('/pago-formato');
    const synced = await lookUp(page, folio);
    expect(synced.abonado).toBe(debt.abonado + 15000);
    expect(synced.abonado).toBe(Math.round(after.pagado * 100));
    await screenshot(page, 'pago-formato-after-sync-phone');

    await page.goto('/carteras');
    await page.getByTestId('cartera-vigente-amount').waitFor();
    await screenshot(page, 'carteras-phone');
    const chart = page.locator('.cartera-chart svg').first();
    await chart.waitFor({ timeout: 30_000 });
    await chart.scrollIntoViewIfNeeded();
    // ECharts draws the donut with a short animation: let it finish for the picture.
    await settleForPicture(page, 1500);
    await screenshot(page, 'carteras-chart-phone');
    await context.close();
  });

  it('the office: payments list, detail with bank data, payment form and portfolios on a desktop', async () => {
    const { context, page } = await openAs(browser, 'coordinador');

    await page.goto('/pagos');
    await page.getByTestId('pagos-export').waitFor();
    await screenshot(page, 'pagos-desktop');
    await page.locator('tbody tr').first().locator('td').nth(3).click();
    await page.getByTestId('pago-detail').waitFor();
    await screenshot(page, 'pago-detail-desktop');
    await page.keyboard.press('Escape');

    await page.getByTestId('pago-new').click();
    await page.getByTestId('pago-folio-search').click();
    await page.getByTestId('picker-contract').first().waitFor();
    await screenshot(page, 'pago-picker-desktop');
    await page.getByTestId('picker-contract').first().click();
    await page.getByTestId('debt-lookup').click();
    await page.getByTestId('debt-panel').waitFor();
    await screenshot(page, 'pago-formato-desktop');

    await page.goto('/carteras');
    await page.getByTestId('cartera-vigente-amount').waitFor();
    const server = await api<{ vigentes_total: number; vencidos_total: number }>(
      baseURL,
      'coordinador',
      'contratos/carteras/',
    );
    const money = (pesos: number) => {
      const cents = Math.round(pesos * 100);
      const whole = Math.floor(cents / 100).toLocaleString('en-US');
      return `$${whole}.${String(cents % 100).padStart(2, '0')}`;
    };
    expect(await page.getByTestId('cartera-vigente-amount').innerText()).toBe(
      money(server.vigentes_total),
    );
    expect(await page.getByTestId('cartera-vencida-amount').innerText()).toBe(
      money(server.vencidos_total),
    );
    await page.locator('.cartera-chart svg').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'carteras-desktop');
    await page
      .getByRole('table', { name: 'Créditos vencidos' })
      .locator('tbody tr')
      .first()
      .click();
    await page.getByTestId('cartera-history').waitFor();
    await screenshot(page, 'carteras-history-desktop');
    await context.close();
  });
});
