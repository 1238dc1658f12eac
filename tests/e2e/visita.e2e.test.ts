/**
 * The community visit end to end (docs/community-visit.md), on the phone profile and without
 * signal: the promoter opens the visit of a community from the phone's copy and, from a
 * member's row, collects a payment on its loan, takes a contribution to its savings and a
 * collection — each through the single form itself — then marks one member "no vino" and
 * another "pagará el …"; back online, each write arrives exactly once, the row's debt and
 * savings equal the server's, and the office's coverage report counts the visit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { todayIn } from '#domain/dates';
import { formatCurrency } from '#domain/format';
import type { ReportRow } from '#domain/reports/shapes';
import type { VisitMarkRow } from '#domain/visit-shapes';
import { PHONE, launchBrowser, screenshot } from './browser';
import { api, openAs, pendingIs, serverURL } from './helpers';
import { SLOW_PHONE } from './journey-steps';

interface ContractRow {
  id: number;
  clave_socio: number;
  comunidad: number;
  fondo_comun: boolean;
  estatus_ejecucion: string;
  fecha_inicio: string | null;
  deuda_al_dia: { capital_por_pagar: number; total_deuda: number } | null;
}
interface Member {
  clave_socio: number;
  comunidad: number;
  estatus_cafe: string;
}
interface PaymentRow {
  id: number;
  abono_capital: string;
}
interface MovementRow {
  id: number;
  monto: string;
  aportacion: boolean;
}
interface AcopioRow {
  id: number;
  clave_socio: number;
  ingreso: string;
}
interface Balance {
  saldo: string;
}

const cents = (pesos: number) => Math.round(pesos * 100);

async function rowDebt(page: Page, loan: number): Promise<number> {
  return Number(await page.getByTestId(`visit-loan-debt-${loan}`).getAttribute('data-cents'));
}
async function rowSavings(page: Page, clave: number): Promise<number> {
  return Number(await page.getByTestId(`visit-savings-${clave}`).getAttribute('data-cents'));
}

/** The single form's own confirmation, offline: it saves on the phone and comes back. */
async function saveOffline(page: Page, saveButton: string, visit: string): Promise<void> {
  await page.getByTestId(saveButton).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Guardar en el teléfono' })
    .click();
  await page.waitForURL(`**${visit}`);
}

/** The first process the member may deliver (its status active), in the open form. */
async function firstProcess(page: Page): Promise<void> {
  await page.locator('.process-icons button:not([disabled])').first().click();
}

describe('the community visit, offline', () => {
  let browser: Browser;
  const baseURL = serverURL();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a payment, a contribution, a collection and two marks from the rows arrive once; the row’s debt and savings are the server’s', async () => {
    // A loan of the promoter's region with capital to pay, of a member who delivers coffee, in a
    // community with two more members.
    const [contracts, members] = await Promise.all([
      api<ContractRow[]>(baseURL, 'promotor', 'contratos.json'),
      api<Member[]>(baseURL, 'promotor', 'socios.json'),
    ]);
    const others = (c: ContractRow) =>
      members.filter((m) => m.comunidad === c.comunidad && m.clave_socio !== c.clave_socio);
    const loan = contracts.find(
      (c) =>
        !c.fondo_comun &&
        c.estatus_ejecucion === 'CO' &&
        c.fecha_inicio !== null &&
        (c.deuda_al_dia?.capital_por_pagar ?? 0) >= 500 &&
        members.some((m) => m.clave_socio === c.clave_socio && m.estatus_cafe === 'AC') &&
        others(c).length >= 2,
    );
    expect(loan, 'a loan with capital to pay').toBeTruthy();
    const [absent, promised] = others(loan!) as [Member, Member];
    const paymentsBefore = await api<PaymentRow[]>(
      baseURL,
      'promotor',
      `contratos/${loan!.id}/pagos/`,
    );
    const payer = loan!.clave_socio;
    const movementsOf = () =>
      api<MovementRow[]>(baseURL, 'promotor', `movimientos/?clave_socio=${payer}`);
    const acopiosOf = async () =>
      (await api<AcopioRow[]>(baseURL, 'promotor', 'acopios/')).filter(
        (a) => a.clave_socio === payer,
      );
    const savingsOf = async () =>
      cents(
        Number(
          (await api<Balance>(baseURL, 'promotor', `movimientos/saldo?clave_socio=${payer}`))
            .saldo ?? 0,
        ),
      );
    const [movementsBefore, acopiosBefore] = [await movementsOf(), await acopiosOf()];
    const marksOf = (clave: number) =>
      api<VisitMarkRow[]>(baseURL, 'coordinador', `visitas/?clave_socio=${clave}`);
    const [absentBefore, promisedBefore] = [
      (await marksOf(absent.clave_socio)).length,
      (await marksOf(promised.clave_socio)).length,
    ];
    // The promoter's coverage this month, as the office reads it (none yet: zeros).
    const month = todayIn().slice(0, 7);
    const promoterId = (await api<{ id: number }>(baseURL, 'promotor', 'users/me')).id;
    const coverageQuery = `desde=${month}&hasta=${month}&promotor=${promoterId}`;
    const coverage = async () =>
      (
        await api<{ filas: ReportRow<'cobertura'>[] }>(
          baseURL,
          'coordinador',
          `reportes/cobertura/?${coverageQuery}`,
        )
      ).filas;
    const [coverageBefore] = await coverage();

    const { context, page } = await openAs(browser, 'promotor', {
      viewport: PHONE,
      readyOffline: true,
    });
    await context.setOffline(true);
    const visit = `/visita?c=${loan!.comunidad}`;
    await page.goto(visit);
    const row = page.getByTestId(`visit-member-${loan!.clave_socio}`);
    await row.waitFor({ timeout: 30_000 });
    // Offline the row's debt is computed on the phone: the server's figure of today.
    const serverBefore = await api<ContractRow>(baseURL, 'promotor', `contratos/${loan!.id}.json`);
    expect(await rowDebt(page, loan!.id)).toBe(cents(serverBefore.deuda_al_dia!.total_deuda));
    await screenshot(page, 'visita-offline-es-phone');

    // "Cobrar" on the loan's row: the payment form itself, with the loan chosen.
    await page.getByTestId(`visit-cobrar-${loan!.id}`).click();
    await page.waitForURL('**/pago-formato?**');
    expect(await page.locator('input[name="credito"]').inputValue()).toBe(String(loan!.id));
    await page.locator('input[name="abono_capital"]').fill('123.45');
    await page.locator('input[name="interes_ord"]').fill('0');
    await page.locator('input[name="interes_mor"]').fill('0');
    await page.getByTestId('pago-save').click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Guardar en el teléfono' })
      .click();
    // Back on the visit, the row holds the payment at once, pending.
    await page.waitForURL(`**${visit}`);
    await row
      .getByTestId(`visit-loan-${loan!.id}`)
      .filter({ hasText: 'Pendiente de enviar' })
      .waitFor();
    const savingsBefore = await rowSavings(page, payer);

    // "Aportación" on the same row: the movement form with the member chosen, a contribution.
    await page.getByTestId(`visit-aportacion-${payer}`).click();
    await page.waitForURL('**/movimiento-formato?**');
    await page.getByTestId('member-found').waitFor();
    expect(await page.getByTestId('movement-kind-A').getAttribute('aria-pressed')).toBe('true');
    await page.locator('input[name="monto"]').fill('75.50');
    await firstProcess(page);
    await page.locator('select[name="tipo_de_movimiento"]').selectOption('EF');
    await saveOffline(page, 'movimiento-save', visit);
    await page
      .getByTestId(`visit-savings-${payer}`)
      .filter({ hasText: 'Pendiente de enviar' })
      .waitFor();
    expect(await rowSavings(page, payer)).toBe(savingsBefore + 7_550);

    // "Acopio" on the same row: the collection form with the member chosen.
    await page.getByTestId(`visit-acopio-${payer}`).click();
    await page.waitForURL('**/acopio-formato?**');
    await page.getByTestId('member-found').waitFor();
    await firstProcess(page);
    const kilos = page.locator('input[name="kilos_de_producto"]');
    if ((await kilos.count()) > 0) await kilos.fill('12.5');
    await page.locator('input[name="ingreso"]').fill('250.00');
    await saveOffline(page, 'acopio-save', visit);
    await row.getByText(/\$250\.00 Pendiente de enviar/).waitFor();

    await page.getByTestId(`visit-ausente-${absent.clave_socio}`).click();
    await page.getByTestId(`visit-promesa-${promised.clave_socio}`).click();
    const promiseDate = await page
      .getByTestId(`visit-promise-date-${promised.clave_socio}`)
      .inputValue();
    await page.getByTestId(`visit-promise-save-${promised.clave_socio}`).click();
    await page
      .getByTestId(`visit-mark-${absent.clave_socio}`)
      .filter({ hasText: 'No vino' })
      .waitFor();
    await page
      .getByTestId(`visit-mark-${promised.clave_socio}`)
      .filter({ hasText: 'Pagará el' })
      .waitFor();
    await pendingIs(page, 5);
    // The day's summary counts the three captures, still on the phone, and the two marks.
    await page.getByTestId('visit-summary').locator('summary').click();
    expect(await page.getByTestId('visit-summary-pago').innerText()).toMatch(/1\s+\$123\.45/);
    expect(await page.getByTestId('visit-summary-aportacion').innerText()).toMatch(/1\s+\$75\.50/);
    expect(await page.getByTestId('visit-summary-acopio').innerText()).toMatch(/1\s+\$250\.00/);
    expect(await page.getByTestId('visit-summary-absent').innerText()).toMatch(/\(1\)/);
    expect(await page.getByTestId('visit-summary-promises').innerText()).toMatch(/\(1\)/);
    await screenshot(page, 'visita-summary-offline-es-phone');
    await page.getByTestId('visit-summary').locator('summary').click();
    await screenshot(page, 'visita-captured-offline-es-phone');
    await page.getByTestId('language-select').selectOption('en');
    await page
      .getByTestId(`visit-mark-${absent.clave_socio}`)
      .filter({ hasText: 'Did not come' })
      .waitFor();
    await screenshot(page, 'visita-captured-offline-en-phone');
    await page.setViewportSize(DESKTOP_WIDE);
    await screenshot(page, 'visita-captured-offline-en-desktop');
    await page.getByTestId('language-select').selectOption('tz');
    await page.waitForFunction(() => document.documentElement.lang === 'tzh');
    await screenshot(page, 'visita-captured-offline-tz-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'visita-captured-offline-tz-phone');
    await page.setViewportSize(DESKTOP_WIDE);
    await page.getByTestId('language-select').selectOption('es');
    await page
      .getByTestId(`visit-mark-${absent.clave_socio}`)
      .filter({ hasText: 'No vino' })
      .waitFor();
    await screenshot(page, 'visita-captured-offline-es-desktop');
    await page.setViewportSize(PHONE);

    // The day's sheet printed: the button draws the table the printer gets (A4, and an 80 mm
    // roll where the page is narrow), one row per member on the sheet.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByTestId('visit-print').click();
    const printed = page.getByTestId('visit-print-sheet').locator('tbody tr');
    const count = Number((await page.getByTestId('visit-count').innerText()).match(/\d+/)![0]);
    await expect.poll(() => printed.count()).toBe(count);
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 794, height: 1123 });
    await screenshot(page, 'visita-sheet-print-a4');
    await page.setViewportSize({ width: 302, height: 900 });
    await screenshot(page, 'visita-sheet-print-80mm');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(PHONE);
    // The trip's summary lists the visit's marks beside its cash.
    await page.getByTestId('visit-summary').locator('summary').click();
    await page.getByTestId('visit-to-trip').click();
    const tripVisits = page.getByTestId('trip-visits');
    await tripVisits.filter({ hasText: 'no vino' }).waitFor();
    expect(await tripVisits.innerText()).toMatch(/promesa de pago/);
    await screenshot(page, 'visita-viaje-offline-es-phone');
    await page.goto(visit);
    await row.waitFor({ timeout: 30_000 });

    // Signal again: all five go, and nothing is left.
    await context.setOffline(false);
    await pendingIs(page, 0, 90_000);
    await page
      .getByTestId(`visit-mark-${absent.clave_socio}`)
      .filter({ hasText: 'Enviado' })
      .waitFor({ timeout: 30_000 });

    const paymentsAfter = await api<PaymentRow[]>(
      baseURL,
      'promotor',
      `contratos/${loan!.id}/pagos/`,
    );
    const added = paymentsAfter.filter((p) => !paymentsBefore.some((b) => b.id === p.id));
    expect(added.map((p) => p.abono_capital)).toEqual(['123.45']);
    const absentMarks = await marksOf(absent.clave_socio);
    const promisedMarks = await marksOf(promised.clave_socio);
    const movementsAdded = (await movementsOf()).filter(
      (m) => !movementsBefore.some((b) => b.id === m.id),
    );
    expect(movementsAdded.map((m) => [m.monto, m.aportacion])).toEqual([['75.50', true]]);
    const acopiosAdded = (await acopiosOf()).filter(
      (a) => !acopiosBefore.some((b) => b.id === a.id),
    );
    expect(acopiosAdded.map((a) => a.ingreso)).toEqual(['250.00']);
    expect(absentMarks.length).toBe(absentBefore + 1);
    expect(promisedMarks.length).toBe(promisedBefore + 1);
    expect(absentMarks[0]).toMatchObject({ tipo: 'ausente', fecha_promesa: null });
    expect(promisedMarks[0]).toMatchObject({ tipo: 'promesa', fecha_promesa: promiseDate });

    // The row's debt, now from the pulled payment, is the server's to the cent.
    const serverAfter = await api<ContractRow>(baseURL, 'promotor', `contratos/${loan!.id}.json`);
    await row
      .getByTestId(`visit-loan-${loan!.id}`)
      .filter({ hasNotText: 'Pendiente de enviar' })
      .waitFor({ timeout: 30_000 });
    expect(await rowDebt(page, loan!.id)).toBe(cents(serverAfter.deuda_al_dia!.total_deuda));
    expect(cents(serverAfter.deuda_al_dia!.total_deuda)).toBeLessThan(
      cents(serverBefore.deuda_al_dia!.total_deuda),
    );
    // The row's savings, now from the pulled movement, is the server's balance.
    await page
      .getByTestId(`visit-savings-${payer}`)
      .filter({ hasNotText: 'Pendiente de enviar' })
      .waitFor({ timeout: 30_000 });
    expect(await rowSavings(page, payer)).toBe(await savingsOf());
    expect(await rowSavings(page, payer)).toBe(savingsBefore + 7_550);
    await context.close();

    // The office's coverage report: this month's row of the promoter counts the payment and
    // the promise exactly once, and the visited community.
    const [coverageAfter, ...more] = await coverage();
    expect(more).toEqual([]);
    expect(coverageAfter).toMatchObject({ mes: month, promotor: promoterId });
    expect(coverageAfter!.cobrado).toBe((coverageBefore?.cobrado ?? 0) + 12_345);
    expect(coverageAfter!.promesas).toBe((coverageBefore?.promesas ?? 0) + 1);
    expect(coverageAfter!.pendientes).toBe((coverageBefore?.pendientes ?? 0) + 1);
    expect(coverageAfter!.comunidades).toBeGreaterThanOrEqual(1);
    expect(coverageAfter!.socios_vistos).toBeGreaterThanOrEqual(2);

    const office = await openAs(browser, 'coordinador', { viewport: DESKTOP_WIDE });
    await office.page.goto('/reportes');
    await office.page.getByTestId('report-tab-cobertura').click();
    await office.page.getByTestId('report-promotor').selectOption(String(promoterId));
    await office.page.getByTestId('report-desde').selectOption(month);
    const table = office.page.getByRole('table', { name: 'Cobertura de visitas' });
    const cells = table.locator('tbody tr').first().getByRole('cell');
    await table
      .locator('tbody tr')
      .filter({ hasText: formatCurrency(coverageAfter!.cobrado) })
      .waitFor({ timeout: 30_000 });
    expect(await table.locator('tbody tr').count()).toBe(1);
    const texts = await cells.allInnerTexts();
    expect(texts[6]).toBe(formatCurrency(coverageAfter!.cobrado));
    expect(texts[7]).toBe(formatCurrency(coverageAfter!.por_cobrar));
    expect(texts.slice(9)).toEqual(
      [
        coverageAfter!.promesas,
        coverageAfter!.cumplidas,
        coverageAfter!.incumplidas,
        coverageAfter!.pendientes,
      ].map(String),
    );
    await office.page.locator('.chart-canvas svg').first().waitFor({ timeout: 30_000 });
    await screenshot(office.page, 'visita-cobertura-es-desktop');
    await office.page.getByTestId('language-select').selectOption('en');
    await office.page.getByRole('table', { name: 'Visit coverage' }).waitFor();
    await screenshot(office.page, 'visita-cobertura-en-desktop');
    await office.page.setViewportSize(PHONE);
    await screenshot(office.page, 'visita-cobertura-en-phone');
    // The absent member's detail lists the mark.
    await office.page.getByTestId('language-select').selectOption('es');
    await office.page.goto(`/socios?abrir=${absent.clave_socio}`);
    const marksList = office.page.getByTestId('member-visit-marks');
    await marksList.filter({ hasText: 'No vino' }).waitFor({ timeout: 30_000 });
    await marksList.scrollIntoViewIfNeeded();
    await screenshot(office.page, 'visita-member-marks-es-phone');
    await office.page.setViewportSize(DESKTOP_WIDE);
    await screenshot(office.page, 'visita-member-marks-es-desktop');
    await office.context.close();
  }, 300_000);

  it('a sheet of a hundred members opens offline on a 4× slower CPU (its time is logged)', async () => {
    // The coordinator's phone holds every region (a promoter's region of the demo has fewer).
    const members = await api<Member[]>(baseURL, 'coordinador', 'socios.json');
    const sizes = new Map<number, number>();
    for (const m of members) sizes.set(m.comunidad, (sizes.get(m.comunidad) ?? 0) + 1);
    // Communities until a hundred members: all but the last chosen by address, the last by tap.
    const chosen: number[] = [];
    let total = 0;
    for (const [id, n] of sizes) {
      if (total >= 100) break;
      chosen.push(id);
      total += n;
    }
    expect(total).toBeGreaterThanOrEqual(100);
    const last = chosen.pop()!;
    const { context, page } = await openAs(browser, 'coordinador', {
      viewport: PHONE,
      readyOffline: true,
    });
    await context.setOffline(true);
    await page.goto(`/visita?c=${chosen.join(',')}`);
    await page.getByTestId('visit-count').waitFor({ timeout: 30_000 });
    await page.getByTestId('visit-communities-summary').click();
    // Tap the last community in, time until every member's card is drawn (the next frame).
    const timeIn = () =>
      page.evaluate(
        ({ id, n }) =>
          new Promise<number>((resolve) => {
            const box = document.querySelector<HTMLInputElement>(
              `[data-testid="visit-community-${id}"]`,
            )!;
            const start = performance.now();
            const done = () =>
              document.querySelectorAll('[data-testid^="visit-member-"]').length === n;
            const observer = new MutationObserver(() => {
              if (!done()) return;
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - start));
            });
            observer.observe(document.body, { subtree: true, childList: true });
            box.click();
          }),
        { id: last, n: total },
      );
    const tapOut = async () => {
      await page.getByTestId(`visit-community-${last}`).click();
      await page
        .getByTestId('visit-count')
        .filter({ hasNotText: `${total} socios` })
        .waitFor();
    };
    const plain = await timeIn();
    await tapOut();
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
    const ms = await timeIn();
    console.log(`visit sheet of ${total} members: ${Math.round(plain)} ms at full CPU`);
    console.log(`visit sheet of ${total} members, 4× CPU: ${Math.round(ms)} ms`);
    await screenshot(page, 'visita-hundred-offline-es-phone');
    // The budget is 300 ms on a cheap phone; on the shared CI machine the figure swings with
    // its load, so it is reported (docs/community-visit.md), and the sheet checked complete.
    expect(ms).toBeGreaterThan(0);
    expect(await page.getByTestId('visit-count').innerText()).toBe(`${total} socios`);
    await context.close();
  }, 300_000);
});

const DESKTOP_WIDE = { width: 1366, height: 850 };
