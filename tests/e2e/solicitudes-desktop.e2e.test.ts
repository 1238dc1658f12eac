import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './browser';
import { api, openAs, serverURL } from './helpers';

interface RequestRow {
  folio_solicitud: number;
  justificacion_credito: string;
  clave_socio: number;
  aval: number;
  monto_solicitado: string;
  estatus_solicitud: string;
  promotor_nombre: string;
}

// The capture offline, its sync and its folio are the first steps of solicitudes-journey.
describe('credit requests on a desktop screen', () => {
  let browser: Browser;
  const baseURL = serverURL();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
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
