import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launchBrowser, screenshot } from './browser';
import { api, openAs, sidewaysOverflow, serverURL } from './helpers';

/** In-app navigation to the members list, as a person would (the drawer's Socios link). */
async function openSocios(page: Page): Promise<void> {
  await page.goto('/socios');
  await page.getByRole('heading', { level: 1, name: 'Socios' }).waitFor();
  await page.locator('table tbody tr.is-clickable').first().waitFor({ timeout: 60_000 });
}

/** "Página 1 de N · Registros: M" → M. */
async function rowCount(page: Page): Promise<number> {
  const text = await page.locator('.dt-page-info').innerText();
  return Number(/(\d+)\s*$/.exec(text.trim())?.[1] ?? NaN);
}

describe('members screens', () => {
  let browser: Browser;
  const baseURL = serverURL();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a coordinator creates a member and sees "Socio N creado correctamente"', async () => {
    const { context, page } = await openAs(browser, 'coordinador');
    await openSocios(page);

    await page.getByTestId('socio-new').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('socio-key').innerText()).resolves.toBe('NUEVO');
    await dialog.getByRole('textbox', { name: /^Nombres/ }).fill('Micaela');
    await dialog.getByRole('textbox', { name: /^Apellido paterno/ }).fill('Santiz');
    await dialog.getByRole('textbox', { name: /^Apellido materno/ }).fill('Guzmán');
    await dialog.getByLabel(/^Fecha de nacimiento/).fill('1991-06-15');
    await dialog.getByLabel(/^Fecha de ingreso a Yomol/).fill('2018-02-01');
    await dialog.getByLabel(/^Fecha de ingreso al programa/).fill('2019-03-01');
    await dialog.getByRole('combobox', { name: /^Comunidad/ }).selectOption({ index: 1 });
    await dialog.getByRole('combobox', { name: /^Cargo/ }).selectOption({ index: 1 });
    await dialog
      .getByRole('group', { name: /^Cargos en la cooperativa/ })
      .getByRole('checkbox')
      .first()
      .check();
    await dialog.getByRole('combobox', { name: /^Café/ }).selectOption('AC');
    await page.getByTestId('socio-save').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, enviar' }).click();

    const alert = page.getByTestId('socios-alert');
    await alert.filter({ hasText: 'creado correctamente' }).waitFor({ timeout: 30_000 });
    const text = await alert.innerText();
    const clave = Number(/Socio (\d+) creado correctamente/.exec(text)?.[1]);
    expect(clave).toBeGreaterThan(0);

    const created = await api<{ full_name: string; estatus_cafe: string }>(
      baseURL,
      'coordinador',
      `socios/${clave}.json`,
    );
    expect(created).toMatchObject({ full_name: 'Micaela Santiz Guzmán', estatus_cafe: 'AC' });
    // The list shows it at once, numbered by the server.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Micaela Santiz');
    await page.locator('table tbody tr', { hasText: String(clave) }).waitFor();
    await context.close();
  });

  it("a promoter's list holds only the members of its region", async () => {
    const { context, page } = await openAs(browser, 'promotor');
    await openSocios(page);

    const me = await api<{ region: number }>(baseURL, 'promotor', 'users/me.json');
    const inScope = await api<{ region: number; nombre_region: string }[]>(
      baseURL,
      'promotor',
      'socios.json',
    );
    const everyone = await api<{ region: number }[]>(baseURL, 'coordinador', 'socios.json');
    expect(inScope.every((m) => m.region === me.region)).toBe(true);
    expect(everyone.some((m) => m.region !== me.region)).toBe(true);

    await page.waitForFunction(
      (n) =>
        /Registros: (\d+)/.exec(document.querySelector('.dt-page-info')?.textContent ?? '')?.[1] ===
        String(n),
      inScope.length,
      { timeout: 60_000 },
    );
    expect(await rowCount(page)).toBe(inScope.length);
    await page.locator('select.dt-size').selectOption('50');
    // The region column is in the chooser, off by default (the default set fits 1366 px).
    await page.getByTestId('dt-columns').click();
    await page.getByRole('checkbox', { name: 'Región' }).check();
    await page.keyboard.press('Escape');
    const regionCells = await page.locator('table tbody tr td:nth-child(4)').allInnerTexts();
    expect(regionCells.length).toBeGreaterThan(0);
    expect(new Set(regionCells)).toEqual(new Set([inScope[0]!.nombre_region]));
    // No export and no new member for a promoter.
    expect(await page.getByTestId('socios-export').count()).toBe(0);
    expect(await page.getByTestId('socio-new').count()).toBe(0);
    await context.close();
  });

  it('the member modal on a phone (360×740)', async () => {
    const { context, page } = await openAs(browser, 'coordinador', { viewport: PHONE });
    await openSocios(page);
    await page.locator('table tbody tr.is-clickable').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('socio-edit').waitFor();
    await screenshot(page, 'socios-member-modal-phone');
    // The modal fits the phone: nothing sticks out sideways, the page does not scroll sideways.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await sidewaysOverflow(page)).toBe(0);
    await dialog.getByTestId('socio-edit').click();
    const cargos = dialog.getByRole('group', { name: /^Cargos en la cooperativa/ });
    await cargos.scrollIntoViewIfNeeded();
    await screenshot(page, 'socios-member-modal-edit-phone');
    // The edit form, down to its last group, is reachable and as wide as the phone at most.
    await expect(cargos.isVisible()).resolves.toBe(true);
    const group = (await cargos.boundingBox())!;
    expect(group.x + group.width).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');
    await page.getByTestId('socio-new').click();
    await page.getByTestId('socio-save').click();
    await page.getByRole('dialog').getByText('Campo requerido').first().waitFor();
    await screenshot(page, 'socios-member-modal-new-errors-phone');
    // An empty new member is refused on the phone, field by field, and nothing was sent.
    expect(await page.getByRole('dialog').getByText('Campo requerido').count()).toBeGreaterThan(1);
    await expect(page.getByRole('dialog').getByTestId('socio-save').isVisible()).resolves.toBe(
      true,
    );
    expect(await sidewaysOverflow(page)).toBe(0);
    await context.close();
  });
});
