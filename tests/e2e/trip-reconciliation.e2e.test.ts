/**
 * Every peso of a trip reconciled (docs/trip-reconciliation.md), on the throttled phone
 * (360×740, CPU 4× slower, slow 3G while online) against the real server:
 *
 * 1. Offline, the promoter takes two payments on one loan ($100.00 and $300.00) and closes the
 *    trip: the closing counts both as pending cash, $400.00 to hand in.
 * 2. Meanwhile the office (the manager, through the API) records a payment on that loan that
 *    leaves $250.00 of capital. Back online the first payment is accepted, the second refused.
 * 3. The refused payment corrected to $120.00 from the sync center: accepted. It counts in the
 *    closing that counted the original, not in the next trip.
 * 4. The phone's /viaje shows what the office received of the closing ($220.00) and the
 *    difference ($180.00, the $300.00 corrected to $120.00); the coordinator's /cierres-viaje
 *    (on a phone too) shows the same figures with the correction under its closing, and they
 *    equal the server's own records of this phone's receipts.
 *
 * Screenshots (test-results/e2e/trip-reconciliation-*.png): the closing offline, /viaje after
 * the correction, /cierres-viaje with the correction open.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, launchBrowser, newContext, screenshot } from './browser';
import { Api, PhoneProfile, badgeIs, setSignal, takeOfflineControl } from './journey-steps';
import { confirmSend, login, openAs, serverURL } from './helpers';
import { centsOfPesos, lookUpDebt, messageUnder, money, payOffline } from './field-money-steps';

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
interface Member {
  clave_socio: number;
  estatus_cafe: string;
}
interface PaymentRow {
  id: number;
  credito: number;
  cantidad: string;
  recibo?: string | null;
}
interface ClosingAnswer {
  id: number;
  cerrado_en: string;
  declarado: { pagos: string; aportaciones: string; retiros: string };
  recibido: { pagos: string; aportaciones: string; retiros: string };
  lineas: {
    clave: string;
    monto: string;
    estado: string;
    recibido: string;
    correcciones: { aceptada: boolean; monto: string | null }[];
  }[];
}

/** The trip's table shows every column whole at 360 px: no cell wider than its box, no scroll. */
async function expectTableFits(page: Page): Promise<void> {
  const fit = await page.getByTestId('trip-totals').evaluate((table) => {
    const box = table.parentElement!.getBoundingClientRect();
    const cells = [...table.querySelectorAll('th, td')]
      .map((c) => c.getBoundingClientRect())
      .filter((r) => r.width > 0);
    return {
      scroll: table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
      outside: cells.filter((c) => c.left < box.left - 0.5 || c.right > box.right + 0.5).length,
      page: document.documentElement.scrollWidth,
    };
  });
  expect(fit).toEqual({ scroll: 0, outside: 0, page: PHONE.width });
}

let current: Page | null = null;
const shot = (page: Page, name: string) => {
  current = page;
  return screenshot(page, `trip-reconciliation-${name}`);
};

describe('a trip reconciled to the peso on the phone', () => {
  const baseURL = serverURL();
  const api = new Api(baseURL);
  let browser: Browser;
  let phone: BrowserContext;
  let page: Page;
  let profile: PhoneProfile;
  let loan = 0;
  let contributor = 0;
  /** A large cash contribution: wide figures in the trip's table at 360 px. */
  const CONTRIBUTION = 9876543;
  const startedAt = new Date(Date.now() - 60_000).toISOString();

  beforeAll(async () => {
    browser = await launchBrowser();
    const loans = (await api.get<ContractRow[]>('promotor', 'contratos.json')).filter(
      (c) =>
        !c.fondo_comun &&
        c.estatus_ejecucion === 'CO' &&
        c.fecha_inicio !== null &&
        (c.deuda_al_dia?.capital_por_pagar ?? 0) >= 500,
    );
    // Clear of the loans the other journeys take from the end of this list.
    expect(loans.length).toBeGreaterThanOrEqual(8);
    loan = loans.at(-7)!.id;
    const members = (await api.get<Member[]>('promotor', 'socios.json')).filter(
      (m) => m.estatus_cafe === 'AC',
    );
    contributor = members.at(-21)!.clave_socio;

    // The phone in use (logged in and synced at the office), ready to leave for the field.
    ({ context: phone, page } = await openAs(browser, 'promotor', {
      viewport: PHONE,
      readyOffline: true,
    }));
    current = page;
    await takeOfflineControl(page);
    profile = await PhoneProfile.apply(phone, page, { online: true });
    await page.removeLocatorHandler(page.getByTestId('receipt-done'));
  });
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      if (current && !current.isClosed())
        await screenshot(
          current,
          `trip-reconciliation-failed-${task.name.slice(0, 16).replace(/\W+/g, '-')}`,
        );
    });
  });
  afterAll(async () => {
    await phone?.close();
    await browser?.close();
  });

  it('capture offline, close the trip, a refusal, its correction: every peso in the closing', async () => {
    // ---- Offline: two payments on the loan, each with its receipt.
    await setSignal(phone, false, profile);
    await badgeIs(page, 'online', false);
    await page.goto('/pago-formato');
    await page.locator('input[name="credito"]').waitFor();
    const today = await page.locator('input[name="fecha_pago"]').inputValue();
    await lookUpDebt(page, loan);
    const first = await payOffline(page, '100.00');
    await page.getByTestId('receipt-done').click();
    await page.goto('/pago-formato');
    await lookUpDebt(page, loan);
    const second = await payOffline(page, '300.00');
    await page.getByTestId('receipt-done').click();
    // A cash contribution, the member's own savings.
    await page.goto(`/movimiento-formato?socio=${contributor}`);
    await page.getByTestId('member-found').waitFor();
    await page
      .getByRole('group', { name: /^Proceso/ })
      .getByRole('button', { name: /^Café/ })
      .click();
    await page.getByRole('textbox', { name: /^Monto/ }).fill((CONTRIBUTION / 100).toFixed(2));
    await page.getByRole('combobox', { name: /^Tipo de movimiento/ }).selectOption('EF');
    await page.getByTestId('movimiento-save').click();
    await confirmSend(page);
    await page.getByTestId('receipt-sheet').waitFor();
    await page.getByTestId('receipt-done').click();
    await badgeIs(page, 'pending', 3);

    // ---- Close the trip offline: everything pending, $400.00 + the contribution to hand in.
    await page.goto('/viaje');
    await page.getByTestId('trip-totals').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('trip-net').innerText()).toBe(money(40000 + CONTRIBUTION));
    await expectTableFits(page);
    await page.getByTestId('trip-totals').scrollIntoViewIfNeeded();
    await shot(page, 'trip-table-offline-phone');
    expect(await page.getByTestId('trip-net-label').innerText()).toBe('A entregar a la oficina');
    await page.getByTestId('trip-close').click();
    await page.getByTestId('trip-close-dialog').waitFor();
    expect(await page.getByTestId('trip-close-net').innerText()).toBe(money(40000 + CONTRIBUTION));
    await shot(page, 'closing-offline-phone');
    await page.getByTestId('trip-close-confirm').click();
    await page.getByTestId('trip-closed').waitFor();
    await badgeIs(page, 'pending', 4);
    expect(await page.getByTestId('trip-cash-in').innerText()).toBe(money(0));
    expect(await page.getByTestId('trip-office').innerText()).toContain(
      'Se verá cuando el cierre llegue a la oficina.',
    );

    // ---- Meanwhile the office leaves $250.00 of capital on the loan.
    const before = await api.get<DebtAnswer>('gerente', `contratos/${loan}/deuda/?fecha=${today}`);
    const officeCapital = centsOfPesos(before.capital_por_pagar) - 25000;
    await api.write('gerente', 'POST', 'pagos/', {
      credito: loan,
      fecha_pago: today,
      abono_capital: (officeCapital / 100).toFixed(2),
      interes_ord: '0',
      interes_mor: '0',
    });

    // ---- Signal: the $100.00 and the closing arrive, the $300.00 is refused.
    await setSignal(phone, true, profile);
    await badgeIs(page, 'pending', 0, 150_000);
    await badgeIs(page, 'attention', 1);

    // ---- "Corregir" from the sync center: $120.00, accepted.
    await page.getByTestId('sync-badge').click();
    const item = page.locator('[data-testid="outbox-item"][data-status="rejected"]');
    await item.waitFor({ timeout: 30_000 });
    await item.getByTestId('outbox-open').click();
    await messageUnder(page, 'abono_capital').waitFor({ timeout: 30_000 });
    await page.locator('input[name="abono_capital"]').fill('120.00');
    await page.getByTestId('pago-save').click();
    await confirmSend(page);
    await page.getByTestId('receipt-sheet').waitFor({ timeout: 30_000 });
    await page.getByTestId('receipt-done').click();
    await badgeIs(page, 'attention', 0);
    await badgeIs(page, 'pending', 0, 150_000);

    // ---- The server's own records of this phone's receipts: $100.00 and $120.00 accepted.
    const prefix = first.number.replace(/-\d+$/, '-');
    const accepted = (await api.get<PaymentRow[]>('gerente', `contratos/${loan}/pagos/`)).filter(
      (p) => p.recibo?.startsWith(prefix) === true,
    );
    expect(accepted.map((p) => centsOfPesos(p.cantidad)).sort((a, b) => a - b)).toEqual([
      10000, 12000,
    ]);
    expect(accepted.map((p) => p.recibo)).not.toContain(second.number);
    const acceptedCents = accepted.reduce((s, p) => s + centsOfPesos(p.cantidad), 0);

    // ---- The closing, as the server has it: both payments received in it, the correction too.
    const mine = (await api.get<ClosingAnswer[]>('promotor', 'cierres-viaje/mios/')).filter(
      (c) => c.cerrado_en >= startedAt && c.declarado.pagos === '400.00',
    );
    expect(mine).toHaveLength(1);
    const closing = mine[0]!;
    expect(centsOfPesos(closing.recibido.pagos)).toBe(acceptedCents);
    expect(centsOfPesos(closing.recibido.aportaciones)).toBe(CONTRIBUTION);
    const corrected = closing.lineas.find((l) => l.correcciones.length > 0)!;
    expect(corrected).toMatchObject({ monto: '300.00', estado: 'pendiente', recibido: '120.00' });
    expect(corrected.correcciones).toEqual([
      expect.objectContaining({ aceptada: true, monto: '120.00' }),
    ]);

    // ---- The phone: what the office received of the closing, and the difference; the
    // correction is not counted again in the new trip.
    await page.goto('/viaje');
    await page.getByTestId('trip-totals').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('trip-office-received').innerText(), { timeout: 60_000 })
      .toBe(money(acceptedCents + CONTRIBUTION));
    expect(await page.getByTestId('trip-office-declared').innerText()).toBe(
      money(40000 + CONTRIBUTION),
    );
    expect(await page.getByTestId('trip-office-difference').innerText()).toBe(
      `${money(40000 - acceptedCents)} falta`,
    );
    expect(await page.getByTestId('trip-office').innerText()).toContain('Incluye 1 corrección.');
    expect(await page.getByTestId('trip-cash-in').innerText()).toBe(money(0));
    await expectTableFits(page);
    await shot(page, 'viaje-after-correction-phone');

    // ---- The coordinator's /cierres-viaje, on a phone: the same figures, the correction
    // under its closing.
    const office = await newContext(browser, baseURL, PHONE);
    try {
      const desk = await office.newPage();
      current = desk;
      await login(desk, 'coordinador', { wait: 'shell' });
      await desk.goto('/cierres-viaje');
      const row = desk
        .locator('tr', { has: desk.getByTestId('closing-corrections') })
        .filter({ hasText: `${money(40000 - acceptedCents)} falta` });
      await row.first().waitFor({ timeout: 60_000 });
      const text = await row.first().innerText();
      expect(text).toContain(money(40000 + CONTRIBUTION));
      expect(text).toContain(money(acceptedCents + CONTRIBUTION));
      expect(text).toContain(`${money(40000 - acceptedCents)} falta`);
      const corrections = row.first().getByTestId('closing-corrections');
      await corrections.locator('summary').click();
      expect(await corrections.innerText()).toContain(`Corrección aceptada: ${money(12000)}`);
      expect(await corrections.innerText()).toContain(
        `de la captura de ${money(30000)} (Pendiente)`,
      );
      await shot(desk, 'cierres-viaje-correction-phone');
    } finally {
      await office.close();
    }
  });
});
