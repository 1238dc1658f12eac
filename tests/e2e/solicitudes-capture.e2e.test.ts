import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launchBrowser, screenshot } from './browser';
import { api, openAs, serverURL } from './helpers';

interface MemberRow {
  clave_socio: number;
  full_name: string;
  estatus_cafe: string;
  estatus_miel: string;
  estatus_yip: string;
  estatus_trabajador: string;
}

interface RequestRow {
  folio_solicitud: number;
  justificacion_credito: string;
  clave_socio: number;
  aval: number;
  monto_solicitado: string;
  estatus_solicitud: string;
  promotor_nombre: string;
}

/** Search the member popup behind `testId` by key and pick it. */
async function pickMember(page: Page, testId: string, member: MemberRow): Promise<void> {
  await page.getByTestId(testId).click();
  const picker = page.getByRole('dialog', { name: /^Buscar/ });
  await picker.getByRole('searchbox').fill(String(member.clave_socio));
  await picker.locator('.member-picker-row').first().click();
  await picker.waitFor({ state: 'detached' });
}

const ACTIVE = (m: MemberRow) =>
  [m.estatus_cafe, m.estatus_miel, m.estatus_yip, m.estatus_trabajador].includes('AC');

describe('credit request captured offline by a promoter', () => {
  let browser: Browser;
  const baseURL = serverURL();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('offline capture with a member and a guarantor reaches the server once, with its folio', async () => {
    const members = await api<MemberRow[]>(baseURL, 'promotor', 'socios.json');
    const applicant = members.find(ACTIVE)!;
    const guarantor = members.find((m) => m.clave_socio !== applicant.clave_socio)!;
    expect(applicant).toBeTruthy();
    const justification = `Semilla e2e ${Date.now()}`.slice(0, 40);

    const { context, page } = await openAs(browser, 'promotor', {
      viewport: PHONE,
      readyOffline: true,
    });
    // The service worker must control the page before it works offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await page.goto('/solicitud-formato');
    await page.getByTestId('solicitud-save').waitFor();
    await context.setOffline(true);

    await pickMember(page, 'solicitud-socio', applicant);
    expect(await page.getByTestId('solicitud-socio-value').innerText()).toContain(
      applicant.full_name,
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'solicitud-form-top-phone');
    // One process the member is active in is enough: take the first that can be chosen.
    const chosen = page.locator('.process-field button[aria-pressed="true"]');
    if ((await chosen.count()) === 0) {
      await page.locator('.process-field button:not([disabled])').first().click();
    }
    await page.getByRole('textbox', { name: /^Monto solicitado/ }).fill('3200.50');
    await page.getByRole('textbox', { name: /^Plazo de pago/ }).fill('12');
    await page.getByRole('combobox', { name: /^Actividad productiva/ }).selectOption('CA');
    await page.getByRole('textbox', { name: /^Justificación/ }).fill(justification);
    await pickMember(page, 'solicitud-aval', guarantor);
    await page.getByRole('textbox', { name: /^Familiar responsable/ }).fill('Rosa Méndez');
    await page
      .getByRole('textbox', { name: /^Comentario del promotor/ })
      .fill('Capturada sin señal');
    await screenshot(page, 'solicitud-form-filled-phone');

    await page.getByTestId('solicitud-save').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, enviar' }).click();
    const result = page.getByTestId('solicitud-result');
    await result.filter({ hasText: 'se enviará al conectarse' }).waitFor();
    await screenshot(page, 'solicitud-queued-offline-phone');

    // Still offline: the list shows it as NUEVA, pending.
    await page.getByTestId('solicitud-to-list').click();
    const newRow = page.locator('table tbody tr').filter({ hasText: 'NUEVA' });
    await newRow.waitFor();
    expect(await newRow.innerText()).toContain('pendiente de enviar');
    await screenshot(page, 'solicitudes-list-pending-phone');
    const before = await api<RequestRow[]>(baseURL, 'promotor', 'solic-creditos/all/');
    expect(before.filter((r) => r.justificacion_credito === justification)).toHaveLength(0);

    // Back to the form's result, then the signal returns.
    await page.goBack();
    await result.filter({ hasText: 'se enviará al conectarse' }).waitFor();
    await context.setOffline(false);
    await result.filter({ hasText: /^Solicitud \d+ creado correctamente$/ }).waitFor({
      timeout: 60_000,
    });
    const folio = Number(/Solicitud (\d+)/.exec(await result.innerText())![1]);
    await screenshot(page, 'solicitud-created-phone');

    const after = await api<RequestRow[]>(baseURL, 'promotor', 'solic-creditos/all/');
    const mine = after.filter((r) => r.justificacion_credito === justification);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      folio_solicitud: folio,
      clave_socio: applicant.clave_socio,
      aval: guarantor.clave_socio,
      monto_solicitado: '3200.50',
      estatus_solicitud: 'RV',
    });

    await page.getByTestId('solicitud-to-list').click();
    const sentRow = page
      .locator('table tbody tr')
      .filter({ hasText: String(folio) })
      .first();
    await sentRow.waitFor();
    await page.waitForFunction(
      () => !document.querySelector('table tbody')?.textContent?.includes('NUEVA'),
    );
    await sentRow.click();
    const detail = page.getByRole('dialog', { name: `Solicitud ${folio}` });
    await detail.getByText('Capturada sin señal').waitFor();
    await screenshot(page, 'solicitud-detail-phone');
    await context.close();
  });

  it('the list and the form on a desktop screen', async () => {
    const { context, page } = await openAs(browser, 'gerente');
    await page.goto('/solicitudes?vista=todas');
    await page.locator('table tbody tr.is-clickable').first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'solicitudes-list-desktop');
    // The first row is a request the server has, and its detail is that request's.
    const requests = await api<RequestRow[]>(baseURL, 'gerente', 'solic-creditos/all/');
    const firstRow = (await page.locator('table tbody tr.is-clickable').first().innerText()).trim();
    const folio = Number(firstRow.match(/\d+/)?.[0]);
    const shown = requests.find((r) => r.folio_solicitud === folio);
    expect(shown, `row "${firstRow}"`).toBeDefined();
    await page.locator('table tbody tr.is-clickable').first().click();
    await page.getByTestId('solicitud-detail').waitFor();
    await screenshot(page, 'solicitud-detail-desktop');
    await page.getByRole('dialog', { name: `Solicitud ${folio}` }).waitFor();
    await expect(page.getByTestId('solicitud-detail').innerText()).resolves.toContain(
      shown!.justificacion_credito,
    );
    await page.keyboard.press('Escape');
    await page.goto('/solicitud-formato');
    await page.getByTestId('solicitud-save').waitFor();
    // Health (SA) is the reason that asks whether it is a medical emergency.
    const emergency = page.getByRole('checkbox', { name: /Emergencia médica/ });
    await expect(emergency.count()).resolves.toBe(0);
    await page.getByRole('combobox', { name: /^Motivo del crédito/ }).selectOption('SA');
    await emergency.waitFor();
    await screenshot(page, 'solicitud-form-desktop');
    await context.close();
  });
});
