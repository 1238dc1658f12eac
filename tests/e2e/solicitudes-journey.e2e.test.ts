/**
 * The credit request journey, in a real browser against a real server:
 * a promoter on a phone, without signal, captures a request with a member and a guarantor
 * (/solicitud-formato; the list shows it pending, the server has nothing) → the signal returns
 * and it syncs once (the form's result names the server's folio) → the
 * coordinator (desktop) tries to reject without a comment (refused on the device), then
 * approves on the control desk → the manager sends it to negotiation from the evaluation →
 * the promoter renegotiates → the manager approves → the contract exists (checked through the
 * API) pending, with execution PC ("por cobrar", to collect).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, roleFilesCached, screenshot } from './browser';
import { api, confirmSend, openAction, openAs, pendingIs, serverURL } from './helpers';

const AMOUNT = '4321.50';

/** Bring an element to the top of the window, below the sticky top bar, for a screenshot. */
async function scrollToTop(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((el) => {
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 64);
    });
}

interface Socio {
  clave_socio: number;
  estatus_cafe: string;
  full_name: string;
}

interface RequestRow {
  folio_solicitud: number;
  clave_socio: number;
  aval: number;
  monto_solicitado: string;
  estatus_solicitud: string;
}

interface Contract {
  id: number;
  solicitud: number | null;
  monto: string;
  estatus: string;
  estatus_contrato: string;
  estatus_ejecucion: string;
  fecha_inicio: string | null;
}

describe('credit requests: capture offline → control desk → evaluation → renegotiation → contract', () => {
  let browser: Browser;
  const baseURL = serverURL();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('goes from the field to a contract', async () => {
    // Two coffee members of the promoter's region: the applicant and the guarantor.
    const socios = await api<Socio[]>(baseURL, 'promotor', 'socios.json');
    const active = socios.filter((s) => s.estatus_cafe === 'AC');
    const [applicant, guarantor] = active;
    expect(applicant && guarantor).toBeTruthy();

    // ---- 1. The promoter, on a phone, without signal, captures the request.
    // Phones and desks already in use: each opens the copy it pulled before.
    const { context: phone, page: promoter } = await openAs(browser, 'promotor', {
      viewport: PHONE,
    });
    contexts.push(phone);
    await promoter.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await promoter.reload();
    await promoter.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await promoter.getByTestId('sync-badge').waitFor();
    // A promoter leaves for the field once the phone holds its screens ("Preparando las
    // pantallas…" gone); before that an offline screen says it is not on the phone yet.
    await roleFilesCached(promoter, 'PR');

    await phone.setOffline(true);
    await promoter.goto('/solicitud-formato');
    await promoter.getByTestId('solicitud-socio').click();
    await promoter.getByRole('dialog').locator('input').fill(String(applicant!.clave_socio));
    await promoter
      .getByRole('dialog')
      .locator('.member-picker-list button')
      .filter({ hasText: applicant!.full_name })
      .first()
      .click();
    await promoter.getByRole('button', { name: /^Café: / }).click();
    await promoter.getByRole('textbox', { name: /^Monto solicitado/ }).fill(AMOUNT);
    await promoter.getByRole('textbox', { name: /^Plazo/ }).fill('10');
    await promoter.getByRole('combobox', { name: /^Actividad productiva/ }).selectOption('CA');
    await promoter
      .getByRole('textbox', { name: /^Justificación/ })
      .fill('Renovar el cafetal con plantas resistentes a la roya');
    await promoter.getByTestId('solicitud-aval').click();
    await promoter.getByRole('dialog').locator('input').fill(String(guarantor!.clave_socio));
    await promoter
      .getByRole('dialog')
      .locator('.member-picker-list button')
      .filter({ hasText: guarantor!.full_name })
      .first()
      .click();
    await promoter.getByRole('textbox', { name: /^Familiar responsable/ }).fill('Mario Gómez');
    await promoter.getByRole('textbox', { name: /^Comentario/ }).fill('Socia cumplida');
    await promoter.getByTestId('solicitud-save').click();
    await confirmSend(promoter);
    await promoter
      .getByTestId('solicitud-result')
      .filter({ hasText: 'se enviará' })
      .waitFor({ timeout: 30_000 });
    await pendingIs(promoter, 1);
    await screenshot(promoter, 'solicitudes-journey-1-captured-offline-phone');

    // Still offline: the list shows it as NUEVA, pending, and the server has nothing yet.
    await promoter.getByTestId('solicitud-to-list').click();
    const newRow = promoter.locator('table tbody tr').filter({ hasText: 'NUEVA' });
    await newRow.waitFor();
    expect(await newRow.innerText()).toContain('pendiente de enviar');
    const isThisOne = (r: RequestRow) =>
      r.monto_solicitado === AMOUNT && r.aval === guarantor!.clave_socio;
    const before = await api<RequestRow[]>(baseURL, 'promotor', 'solic-creditos/all/');
    expect(before.filter(isThisOne)).toHaveLength(0);

    // ---- 2. Back on the form's result, the signal returns: the request is sent once and the
    // server's folio is named there.
    await promoter.goBack();
    const result = promoter.getByTestId('solicitud-result');
    await result.filter({ hasText: 'se enviará al conectarse' }).waitFor();
    await phone.setOffline(false);
    await result.filter({ hasText: /^Solicitud \d+ creado correctamente$/ }).waitFor({
      timeout: 60_000,
    });
    await pendingIs(promoter, 0);
    const folio = Number(/Solicitud (\d+)/.exec(await result.innerText())![1]);
    const after = await api<RequestRow[]>(baseURL, 'promotor', 'solic-creditos/all/');
    expect(after.filter(isThisOne)).toEqual([
      expect.objectContaining({
        folio_solicitud: folio,
        clave_socio: applicant!.clave_socio,
        aval: guarantor!.clave_socio,
        estatus_solicitud: 'RV',
      }),
    ]);

    // The list names it by its folio now, and its detail holds what the promoter typed.
    await promoter.getByTestId('solicitud-to-list').click();
    const sentRow = promoter
      .locator('table tbody tr')
      .filter({ hasText: String(folio) })
      .first();
    await sentRow.waitFor();
    await promoter.waitForFunction(
      () => !document.querySelector('table tbody')?.textContent?.includes('NUEVA'),
    );
    await sentRow.click();
    await promoter
      .getByRole('dialog', { name: `Solicitud ${folio}` })
      .getByText('Socia cumplida')
      .waitFor();
    await promoter.keyboard.press('Escape');

    // ---- 3. The coordinator, on a desktop: reject without a comment is refused, then approve.
    const { context: office, page: coordinator } = await openAs(browser, 'coordinador');
    contexts.push(office);
    await openAction(coordinator, folio, 'mesaControl');
    await coordinator.waitForURL(`**/mesa-control/${folio}`);
    await coordinator
      .getByRole('heading', { level: 2, name: `Solicitud ${folio}` })
      .waitFor({ timeout: 30_000 });
    await coordinator.getByTestId('mesa-member').getByText(applicant!.full_name).first().waitFor();
    await coordinator.getByTestId('mesa-reject').click();
    await coordinator
      .locator('.field-message')
      .filter({ hasText: 'Por favor agrega algún comentario del porqué estás rechazando' })
      .waitFor();
    expect(await coordinator.getByRole('alertdialog').count()).toBe(0);
    await screenshot(coordinator, 'solicitudes-journey-2-reject-refused-desktop');
    await scrollToTop(coordinator, '#mesa-history-title');
    await screenshot(coordinator, 'solicitudes-journey-2-history-desktop');
    await coordinator.setViewportSize(PHONE);
    await scrollToTop(coordinator, '[data-testid="mesa-questions"]');
    await screenshot(coordinator, 'solicitudes-journey-2-questions-phone');
    await coordinator.setViewportSize(DESKTOP);
    const questions = coordinator.getByTestId('mesa-questions').getByRole('checkbox');
    for (let i = 0; i < 4; i += 1) await questions.nth(i).check();
    await coordinator
      .getByRole('textbox', { name: /^Comentario del coordinador/ })
      .fill('Documentos completos');
    await coordinator.getByTestId('mesa-approve').click();
    await confirmSend(coordinator);
    await coordinator
      .getByTestId('review-alert')
      .filter({ hasText: 'Solicitud de Crédito aprobado correctamente' })
      .waitFor({ timeout: 30_000 });
    await screenshot(coordinator, 'solicitudes-journey-3-control-desk-approved-desktop');
    await coordinator.setViewportSize(PHONE);
    await coordinator.evaluate(() => window.scrollTo(0, 0));
    await screenshot(coordinator, 'solicitudes-journey-3-control-desk-approved-phone');

    // ---- 4. The manager (its own browser) sends it to negotiation.
    const { context: managerDesk, page: manager } = await openAs(browser, 'gerente');
    contexts.push(managerDesk);
    await openAction(manager, folio, 'evaluacion');
    await manager.waitForURL(`**/evaluacion/${folio}`);
    await manager.getByTestId('figure-solvencia').waitFor({ timeout: 30_000 });
    await screenshot(manager, 'solicitudes-journey-4-evaluation-desktop');
    await scrollToTop(manager, '#evaluacion-figures-title');
    await screenshot(manager, 'solicitudes-journey-4-evaluation-figures-desktop');
    await manager.setViewportSize(PHONE);
    await scrollToTop(manager, '#evaluacion-figures-title');
    await screenshot(manager, 'solicitudes-journey-4-evaluation-figures-phone');
    await scrollToTop(manager, '#evaluacion-chart-title');
    await screenshot(manager, 'solicitudes-journey-4-evaluation-chart-phone');
    expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await manager.setViewportSize(DESKTOP);
    await manager.getByTestId('evaluacion-negotiate').click();
    await manager
      .locator('.field-message')
      .filter({ hasText: 'Por favor agrega algún comentario para enviar a Negociación' })
      .waitFor();
    await manager
      .getByRole('textbox', { name: /^Comentario del gerente/ })
      .fill('Bajar el monto a 3,000');
    await manager.getByTestId('evaluacion-negotiate').click();
    await confirmSend(manager);
    await manager
      .getByTestId('review-alert')
      .filter({ hasText: `Solicitud ${folio} enviada a negociación` })
      .waitFor({ timeout: 30_000 });

    // ---- 5. The promoter renegotiates.
    await openAction(promoter, folio, 'renegociar');
    await promoter.getByRole('textbox', { name: /^Comentario/ }).fill('La socia acepta 3,000');
    await promoter.getByTestId('solicitud-save').click();
    await confirmSend(promoter);
    await promoter
      .getByTestId('solicitud-result')
      .filter({ hasText: 'Renegociación enviada correctamente.' })
      .waitFor({ timeout: 30_000 });

    // ---- 6. The manager approves: the contract is created.
    await openAction(manager, folio, 'evaluacion');
    await manager.waitForURL(`**/evaluacion/${folio}`);
    await manager.getByTestId('figure-solvencia').waitFor({ timeout: 30_000 });
    await manager.getByRole('textbox', { name: /^Monto aprobado/ }).fill('3000');
    await manager.getByRole('textbox', { name: /^Plazo aprobado/ }).fill('12');
    await manager.getByRole('textbox', { name: /^Tasa mensual/ }).fill('1.5');
    await manager.getByRole('textbox', { name: /^Tasa moratoria/ }).fill('2.125');
    await manager.getByTestId('evaluacion-approve').click();
    await confirmSend(manager);
    const approved = manager
      .getByTestId('review-alert')
      .filter({ hasText: 'Solicitud de Crédito aprobado correctamente. Crédito número' });
    await approved.waitFor({ timeout: 30_000 });
    const contractId = Number(/Crédito número (\d+)/.exec(await approved.innerText())![1]);
    await screenshot(manager, 'solicitudes-journey-5-evaluation-approved-desktop');
    await manager.setViewportSize(PHONE);
    await manager.evaluate(() => window.scrollTo(0, 0));
    await screenshot(manager, 'solicitudes-journey-5-evaluation-approved-phone');

    const contract = await api<Contract>(baseURL, 'gerente', `contratos/${contractId}.json`);
    expect(contract).toMatchObject({
      id: contractId,
      solicitud: folio,
      monto: '3000.00',
      estatus_contrato: 'DP',
      estatus_ejecucion: 'PC',
      fecha_inicio: null,
    });
    const request = await api<{
      estatus_solicitud: string;
      estatus_evaluacion: string;
      contrato: number;
    }>(baseURL, 'gerente', `solic-creditos/${folio}.json`);
    expect(request).toMatchObject({
      estatus_solicitud: 'AP',
      estatus_evaluacion: 'AP',
      contrato: contractId,
    });
  });
});
