/**
 * Field money the promoter and the member can trust, on the throttled
 * phone (360×740, CPU 4× slower, slow 3G while online) against the real server:
 *
 * 1. Offline, an overpayment is stopped under its field with the server's own message and is
 *    not queued; a payment and a cash contribution each get a receipt at once, shared as text.
 * 2. Meanwhile the office (the manager, through the API) records a payment that leaves less
 *    capital than the phone's second payment on that loan. Back online the server refuses it:
 *    the phone stops counting it at once (its debt lookup equals the server's), and the sync
 *    center and the receipt say its receipt is void.
 * 3. The office verifies the accepted payment's code: GET /api/recibos/{code}/ answers
 *    received, and the code typed into /recibos on the office desktop shows it.
 * 4. The trip summary (/viaje) equals the server's sum over the trip's accepted records.
 * 5. The refused payment corrected from the sync center: its new receipt names the void one,
 *    and the office's check of the void code names the receipt that replaced it.
 *
 * Screenshots (test-results/e2e/field-money-*.png): the receipt offline (es), the void receipt
 * (en), the trip summary (es and tz) and the office's code check.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newContext, screenshot } from './browser';
import { Api, PhoneProfile, badgeIs, setSignal, takeOfflineControl } from './journey-steps';
import { confirmSend, login, openAs, serverURL } from './helpers';
import {
  centsOfPesos,
  fillPayment,
  lookUpDebt,
  messageUnder,
  money,
  payOffline,
  readReceipt,
  recordShares,
  sharedTexts,
  type ShownReceipt,
} from './field-money-steps';

interface ContractRow {
  id: number;
  fondo_comun: boolean;
  estatus_ejecucion: string;
  fecha_inicio: string | null;
  deuda_al_dia: { capital_por_pagar: number } | null;
}
interface DebtAnswer {
  capital_por_pagar: number;
  interes_ordinario_deuda: number;
  interes_moratorio_deuda: number;
  total_deuda: number;
  total_abonado: number;
}
interface Member {
  clave_socio: number;
  full_name: string;
  estatus_cafe: string;
}
interface ReceiptRecord {
  id: number;
  recibo?: string | null;
  recibo_codigo?: string | null;
}
interface PaymentRow extends ReceiptRecord {
  credito: number;
  cantidad: string;
}
interface MovementRow extends ReceiptRecord {
  monto: string;
  aportacion: boolean;
  tipo_de_movimiento: string;
}
interface ReceiptAnswer {
  estado: 'received' | 'refused' | 'not_received';
  tipo: string | null;
  id: number | null;
  recibo: string | null;
  total: string | null;
  motivo: string | null;
}

/** The page in use, shot when a step fails (test-results/e2e/field-money-failed-<test>.png). */
let current: Page | null = null;
const shot = (page: Page, name: string) => {
  current = page;
  return screenshot(page, `field-money-${name}`);
};

const codeOf = (grouped: string) => grouped.replace('-', '');

/** What the first steps leave for the next ones. */
interface Trip {
  loanA: number;
  loanB: number;
  accepted: ShownReceipt;
  contribution: ShownReceipt;
  refused: ShownReceipt;
  refusedCents: number;
}

describe('field money on the throttled phone', () => {
  const baseURL = serverURL();
  const api = new Api(baseURL);
  let browser: Browser;
  let phone: BrowserContext;
  let page: Page;
  let profile: PhoneProfile;
  let today = '';
  let loanA = 0;
  let loanB = 0;
  let contributor: Member;
  let trip: Trip | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
    const loans = (await api.get<ContractRow[]>('promotor', 'contratos.json')).filter(
      (c) =>
        !c.fondo_comun &&
        c.estatus_ejecucion === 'CO' &&
        c.fecha_inicio !== null &&
        (c.deuda_al_dia?.capital_por_pagar ?? 0) >= 500,
    );
    // Clear of the loans the payments (first) and field journeys (last two) use.
    expect(loans.length).toBeGreaterThanOrEqual(5);
    [loanA, loanB] = loans.slice(-4, -2).map((c) => c.id) as [number, number];
    const members = (await api.get<Member[]>('promotor', 'socios.json')).filter(
      (m) => m.estatus_cafe === 'AC',
    );
    contributor = members.at(-13)!;

    // The phone in use (logged in and synced at the office), then the cheap phone's CPU and link.
    ({ context: phone, page } = await openAs(browser, 'promotor', {
      viewport: PHONE,
      readyOffline: true,
      prepare: recordShares,
    }));
    current = page;
    await takeOfflineControl(page);
    profile = await PhoneProfile.apply(phone, page, { online: true });
    // These journeys read the receipt sheet: it is closed by hand, not by the shared handler.
    await page.removeLocatorHandler(page.getByTestId('receipt-done'));
  });
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      if (current && !current.isClosed())
        await screenshot(
          current,
          `field-money-failed-${task.name.slice(0, 16).replace(/\W+/g, '-')}`,
        );
    });
  });
  afterAll(async () => {
    await phone?.close();
    await browser?.close();
  });

  it('offline: an overpayment is stopped under its field, not queued; payments get receipts at once, shared as text', async () => {
    current = page;
    await setSignal(phone, false, profile);
    await badgeIs(page, 'online', false);

    // ---- An overpayment: the server's own message under the field, nothing queued.
    await page.goto('/pago-formato');
    await page.locator('input[name="credito"]').waitFor();
    today = await page.locator('input[name="fecha_pago"]').inputValue();
    const debtA = await lookUpDebt(page, loanA);
    const over = ((debtA.capital + 100) / 100).toFixed(2);
    await fillPayment(page, over);
    // The same body to the server (refused, so nothing is stored): its messages, field by field.
    const refusal = await api.call<Record<string, string[]>>('promotor', 'POST', 'pagos/', {
      credito: loanA,
      fecha_pago: today,
      abono_capital: over,
      interes_ord: '0',
      interes_mor: '0',
    });
    expect(refusal.status).toBe(400);
    expect(refusal.body.abono_capital?.length).toBeGreaterThan(0);
    for (const [field, messages] of Object.entries(refusal.body)) {
      const shown = messageUnder(page, field);
      await shown.waitFor({ timeout: 30_000 });
      expect(await shown.innerText(), field).toBe(messages.join(' '));
    }
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await badgeIs(page, 'pending', 0);
    await shot(page, 'overpayment-stopped-phone');

    // ---- A payment within the debt: its receipt is on screen at once, offline.
    const accepted = await payOffline(page, '100.00');
    expect(accepted.total).toBe(money(10000));
    expect(accepted.state).toBe('Por confirmar: la oficina aún no lo recibe');
    expect(accepted.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await badgeIs(page, 'pending', 1);
    await shot(page, 'receipt-offline-phone');
    await page.getByTestId('receipt-share').click();
    await expect.poll(async () => (await sharedTexts(page)).length).toBe(1);
    const [shared] = await sharedTexts(page);
    expect(shared!.text).toContain(accepted.number);
    expect(shared!.text).toContain(`Total: ${money(10000)}`);
    expect(shared!.text).toContain(accepted.code);
    expect(shared!.text).toContain(String(loanA));
    await page.getByTestId('receipt-done').click();
    await page.getByTestId('receipt-sheet').waitFor({ state: 'detached' });

    // ---- A second payment, on loan B: the office will leave it too little capital.
    await page.goto('/pago-formato');
    await lookUpDebt(page, loanB);
    const refused = await payOffline(page, '200.00');
    await page.getByTestId('receipt-done').click();
    await badgeIs(page, 'pending', 2);

    // ---- A cash contribution: its receipt too.
    await page.goto(`/movimiento-formato?socio=${contributor.clave_socio}`);
    await page.getByTestId('member-found').waitFor();
    await page
      .getByRole('group', { name: /^Proceso/ })
      .getByRole('button', { name: /^Café/ })
      .click();
    await page.getByRole('textbox', { name: /^Monto/ }).fill('45.50');
    await page.getByRole('combobox', { name: /^Tipo de movimiento/ }).selectOption('EF');
    await page.getByTestId('movimiento-save').click();
    await confirmSend(page);
    await page.getByTestId('receipt-sheet').waitFor();
    const contribution = await readReceipt(page);
    expect(contribution.total).toBe(money(4550));
    await page.getByTestId('receipt-done').click();
    await badgeIs(page, 'pending', 3);

    // The three receipts come from this phone: one prefix (user and device), counting up.
    const prefix = accepted.number.replace(/-\d+$/, '-');
    for (const r of [refused, contribution]) expect(r.number.startsWith(prefix)).toBe(true);
    expect(new Set([accepted.code, refused.code, contribution.code]).size).toBe(3);
    trip = { loanA, loanB, accepted, contribution, refused, refusedCents: 20000 };
  });

  it('the server refuses a payment the phone accepted: it stops counting at once, the lookup equals the server, its receipt is void', async () => {
    expect(trip, 'the offline captures').not.toBeNull();
    const { refused } = trip!;
    current = page;

    // Meanwhile the office records a payment on loan B that leaves 100.00 of capital.
    const before = await api.get<DebtAnswer>('gerente', `contratos/${loanB}/deuda/?fecha=${today}`);
    const officeCapital = centsOfPesos(before.capital_por_pagar) - 10000;
    await api.write('gerente', 'POST', 'pagos/', {
      credito: loanB,
      fecha_pago: today,
      abono_capital: (officeCapital / 100).toFixed(2),
      interes_ord: '0',
      interes_mor: '0',
    });

    // Signal again: two arrive, the payment on loan B is refused.
    await setSignal(phone, true, profile);
    await badgeIs(page, 'pending', 0, 150_000);
    await badgeIs(page, 'attention', 1);

    // The sync center: refused, its receipt void.
    await page.getByTestId('sync-badge').click();
    const item = page.locator('[data-testid="outbox-item"][data-status="rejected"]');
    await item.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => item.getByTestId('outbox-item-receipt').innerText())
      .toContain(`El recibo ${refused.number} queda anulado.`);
    await item.scrollIntoViewIfNeeded();
    await shot(page, 'sync-center-void-receipt-phone');

    // The debt lookup on the phone, once the office's payment has been pulled, equals the
    // server's (asked as the office) and shows the refused 200.00 apart.
    const server = await api.get<DebtAnswer>('gerente', `contratos/${loanB}/deuda/?fecha=${today}`);
    const expected = {
      capital: centsOfPesos(server.capital_por_pagar),
      ordinario: centsOfPesos(server.interes_ordinario_deuda),
      moratorio: centsOfPesos(server.interes_moratorio_deuda),
      total: centsOfPesos(server.total_deuda),
      abonado: centsOfPesos(server.total_abonado),
    };
    expect(expected.capital).toBe(10000);
    await page.goto('/pago-formato');
    await page.locator('input[name="credito"]').waitFor();
    await expect
      .poll(
        async () => {
          await page.locator('input[name="credito"]').fill('');
          return lookUpDebt(page, loanB);
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toEqual(expected);
    const notCounted = page.getByTestId('debt-not-counted').locator('strong');
    expect(Number(await notCounted.getAttribute('data-cents'))).toBe(trip!.refusedCents);
    await shot(page, 'debt-after-refusal-phone');

    // The receipt itself says void, read in English (the language selector).
    await page.goto(`/recibos?numero=${encodeURIComponent(refused.number)}`);
    await page.getByTestId('language-select').selectOption('en');
    const state = page.getByTestId('receipt-state');
    await state.filter({ hasText: 'void' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('receipt').getAttribute('class')).toContain('receipt-void');
    await shot(page, 'receipt-void-en-phone');
    await page.getByTestId('language-select').selectOption('es');
    await state.filter({ hasText: 'Recibo anulado: la oficina rechazó el registro' }).waitFor();

    // The server says the same of its code.
    const answer = await api.get<ReceiptAnswer>('coordinador', `recibos/${codeOf(refused.code)}/`);
    expect(answer).toMatchObject({ estado: 'refused', tipo: 'pago', recibo: refused.number });
  });

  it("the office verifies the accepted payment's code: the API and the /recibos screen say received", async () => {
    expect(trip, 'the offline captures').not.toBeNull();
    const { accepted } = trip!;
    const stored = (await api.get<PaymentRow[]>('gerente', `contratos/${loanA}/pagos/`)).filter(
      (p) => p.recibo === accepted.number,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.recibo_codigo).toBe(codeOf(accepted.code));
    for (const office of ['coordinador', 'gerente']) {
      const answer = await api.get<ReceiptAnswer>(office, `recibos/${codeOf(accepted.code)}/`);
      expect(answer).toMatchObject({
        estado: 'received',
        tipo: 'pago',
        id: stored[0]!.id,
        recibo: accepted.number,
      });
      expect(centsOfPesos(answer.total!)).toBe(10000);
    }

    // The member reads the code aloud; the coordinator types it at the office, lower case.
    const office = await newContext(browser, baseURL, DESKTOP);
    try {
      const desk = await office.newPage();
      current = desk;
      await login(desk, 'coordinador', { wait: 'shell' });
      await desk.goto('/recibos');
      await desk.getByTestId('receipt-verify-input').fill(accepted.code.toLowerCase());
      await desk.getByTestId('receipt-verify-submit').click();
      const shown = desk.getByTestId('receipt-verify-answer');
      await shown.waitFor({ timeout: 30_000 });
      const text = await shown.innerText();
      expect(text).toMatch(/^Recibido: pago /);
      expect(text).toContain(`pago ${stored[0]!.id} `);
      expect(text).toContain(money(10000));
      await shot(desk, 'office-verifies-code-desktop');
    } finally {
      await office.close();
    }
  });

  it("the trip summary's totals equal the server's sum over the trip's accepted records", async () => {
    expect(trip, 'the offline captures').not.toBeNull();
    const { accepted, refused, refusedCents } = trip!;
    current = page;

    // On the server: every record carrying a receipt of this phone (its number's prefix).
    const prefix = accepted.number.replace(/-\d+$/, '-');
    const ofThisPhone = (r: ReceiptRecord) => r.recibo?.startsWith(prefix) === true;
    const payments = (await api.get<PaymentRow[]>('gerente', 'pagos/')).filter(ofThisPhone);
    const contributions = (
      await api.get<MovementRow[]>('gerente', `movimientos/?clave_socio=${contributor.clave_socio}`)
    ).filter((m) => ofThisPhone(m) && m.aportacion && m.tipo_de_movimiento === 'EF');
    expect(payments.map((p) => p.recibo)).toEqual([accepted.number]);
    expect(payments.map((p) => p.recibo)).not.toContain(refused.number);
    expect(contributions).toHaveLength(1);
    const paid = payments.reduce((sum, p) => sum + centsOfPesos(p.cantidad), 0);
    const contributed = contributions.reduce((sum, m) => sum + centsOfPesos(m.monto), 0);

    await page.goto('/viaje');
    const amount = (testId: string) =>
      page.getByTestId(testId).locator('.trip-amount').first().innerText();
    await page.getByTestId('trip-totals').waitFor({ timeout: 30_000 });
    await expect.poll(() => amount('trip-pago-enviado')).toBe(money(paid));
    expect(await amount('trip-aportacion-enviado')).toBe(money(contributed));
    expect(await amount('trip-pago-pendiente')).toBe(money(0));
    expect(await amount('trip-pago-rechazado')).toBe(money(refusedCents));
    expect(await page.getByTestId('trip-cash-in').innerText()).toBe(money(paid + contributed));
    expect(await page.getByTestId('trip-cash-out').innerText()).toBe(money(0));
    expect(await page.getByTestId('trip-net').innerText()).toBe(money(paid + contributed));
    await shot(page, 'trip-summary-es-phone');

    // The same figures in Tseltal.
    await page.getByTestId('language-select').selectOption('tz');
    await page.locator('html[lang="tzh"], html[lang="tz"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('trip-cash-in').innerText()).toBe(money(paid + contributed));
    await shot(page, 'trip-summary-tz-phone');
    await page.getByTestId('language-select').selectOption('es');
  });

  it('the refused payment corrected: a new receipt names the void one, and the office sees which replaced it', async () => {
    expect(trip, 'the offline captures').not.toBeNull();
    const { refused } = trip!;
    current = page;

    await page.getByTestId('sync-badge').click();
    const item = page.locator('[data-testid="outbox-item"][data-status="rejected"]');
    await item.getByTestId('outbox-open').click();
    await messageUnder(page, 'abono_capital').waitFor({ timeout: 30_000 });
    await page.locator('input[name="abono_capital"]').fill('50.00');
    await page.getByTestId('pago-save').click();
    await confirmSend(page);
    await page.getByTestId('receipt-sheet').waitFor({ timeout: 30_000 });
    const corrected = await readReceipt(page);
    expect(corrected.total).toBe(money(5000));
    expect(corrected.number).not.toBe(refused.number);
    // It names the void receipt and when that one was made (the correction has its own time).
    expect(await page.getByTestId('receipt-replaces').innerText()).toMatch(
      new RegExp(`^Sustituye al recibo ${refused.number}, hecho el \\S.*\\d`),
    );
    await page.getByTestId('receipt-state').filter({ hasText: 'Recibido por la oficina' }).waitFor({
      timeout: 90_000,
    });
    await page.getByTestId('receipt-done').click();
    await badgeIs(page, 'attention', 0);
    await badgeIs(page, 'pending', 0);

    // The office: the void code names its replacement, the new one is received.
    const old = await api.get<ReceiptAnswer & { reemplazado_por: string | null }>(
      'coordinador',
      `recibos/${codeOf(refused.code)}/`,
    );
    expect(old).toMatchObject({ estado: 'refused', reemplazado_por: corrected.number });
    const now = await api.get<ReceiptAnswer & { recibo_reemplaza: string | null }>(
      'coordinador',
      `recibos/${codeOf(corrected.code)}/`,
    );
    expect(now).toMatchObject({
      estado: 'received',
      recibo: corrected.number,
      recibo_reemplaza: refused.number,
    });
    expect(centsOfPesos(now.total!)).toBe(5000);
  });
});
