/**
 * Collections and contributions in the field, end to end: a promoter on a phone (360×740)
 * goes offline in a community, captures three collections and a contribution, reloads, and
 * reconnects; each reaches the server exactly once. Meanwhile the office makes one member
 * inactive in coffee: that collection comes back refused, shows its reason under the product
 * when reopened from the sync center, and is corrected and sent again. Then the office's
 * screens on a desktop (list and charts, balance, group view, member evaluation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launchBrowser, screenshot } from './browser';
import { api, confirmSend, digitsOf, openAs, serverURL } from './helpers';

interface Member {
  clave_socio: number;
  full_name: string;
  comunidad: number;
  nombre_comunidad: string;
  estatus_cafe: string;
}
interface AcopioRow {
  id: number;
  clave_socio: number;
  ingreso: string;
  tipo_de_producto: string;
  kilos_de_producto: string | null;
}
interface MovementRow {
  id: number;
  clave_socio: number;
  monto: string;
  aportacion: boolean;
}

async function badgeIs(page: Page, attribute: string, value: number): Promise<void> {
  await page.waitForFunction(
    ([name, n]) =>
      document.querySelector('[data-testid="sync-badge"]')?.getAttribute(`data-${name}`) ===
      String(n),
    [attribute, value] as const,
    { timeout: 90_000 },
  );
}

async function captureAcopio(page: Page, clave: number, kilos: string, ingreso: string) {
  await page.getByRole('textbox', { name: /^Clave de socio/ }).fill(String(clave));
  await page.getByTestId('member-found').waitFor();
  await page
    .getByRole('group', { name: /^Producto/ })
    .getByRole('button', { name: /^Café/ })
    .click();
  await page.getByRole('textbox', { name: /^Kilos/ }).fill(kilos);
  await page.getByRole('textbox', { name: /^Ingreso/ }).fill(ingreso);
  await page.getByTestId('acopio-save').click();
  await confirmSend(page);
  await page.locator('[data-testid="acopio-status"][data-outcome="queued"]').waitFor();
  await formFreeAgain(page);
}

/** The form is free again for the next member of the visit: the last save is stored. */
async function formFreeAgain(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (document.querySelector('input[name="clave_socio"]') as HTMLInputElement | null)?.value ===
      '',
  );
}

describe('collections and contributions captured offline in a community', () => {
  let browser: Browser;
  const baseURL = serverURL();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('three collections and a contribution reach the server once; a refused one is corrected', async () => {
    // Four members of one community of the promoter's region, active in coffee.
    const members = await api<Member[]>(baseURL, 'promotor', 'socios.json');
    const byCommunity = new Map<number, Member[]>();
    for (const m of members.filter((x) => x.estatus_cafe === 'AC'))
      byCommunity.set(m.comunidad, [...(byCommunity.get(m.comunidad) ?? []), m]);
    const group = [...byCommunity.values()].find((list) => list.length >= 4)!;
    expect(group).toBeTruthy();
    const [a, b, c, d] = group as [Member, Member, Member, Member];
    const amounts = { a: '1111.11', b: '1222.22', c: '1333.33', mov: '345.67' };
    const acopiosWith = async (ingreso: string) =>
      (await api<AcopioRow[]>(baseURL, 'gerente', 'acopios.json')).filter(
        (r) => r.ingreso === ingreso,
      );
    const contributions = async () =>
      (
        await api<MovementRow[]>(baseURL, 'gerente', `movimientos/?clave_socio=${a.clave_socio}`)
      ).filter((r) => r.monto === amounts.mov && r.aportacion);
    for (const value of [amounts.a, amounts.b, amounts.c])
      expect(await acopiosWith(value)).toEqual([]);
    expect(await contributions()).toEqual([]);

    const { context, page } = await openAs(browser, 'promotor', {
      viewport: PHONE,
      readyOffline: true,
    });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByTestId('sync-badge').waitFor();

    // No signal in the community.
    await context.setOffline(true);
    await page.goto('/acopio-formato');
    await page.getByTestId('acopio-save').waitFor();
    await captureAcopio(page, a.clave_socio, '40.5', amounts.a);
    await captureAcopio(page, b.clave_socio, '22', amounts.b);
    // The third one, left on screen before saving for the screenshot.
    await page.getByRole('textbox', { name: /^Clave de socio/ }).fill(String(c.clave_socio));
    await page.getByTestId('member-found').waitFor();
    await page
      .getByRole('group', { name: /^Producto/ })
      .getByRole('button', { name: /^Café/ })
      .click();
    await page.getByRole('textbox', { name: /^Kilos/ }).fill('48.25');
    await page.getByRole('textbox', { name: /^Ingreso/ }).fill(amounts.c);
    await screenshot(page, 'acopio-form-offline-phone');
    await page.getByTestId('acopio-save').click();
    await confirmSend(page);
    // The status still says "queued" from the second collection: the form emptied is what
    // says this one is stored (leaving the page before would abandon it).
    await formFreeAgain(page);
    await page.locator('[data-testid="acopio-status"][data-outcome="queued"]').waitFor();
    await screenshot(page, 'acopio-form-queued-phone');

    await page.goto(`/movimiento-formato?socio=${a.clave_socio}`);
    await page.getByTestId('member-found').waitFor();
    await page
      .getByRole('group', { name: /^Proceso/ })
      .getByRole('button', { name: /^Café/ })
      .click();
    await page.getByRole('textbox', { name: /^Monto/ }).fill(amounts.mov);
    await page.getByRole('combobox', { name: /^Tipo de movimiento/ }).selectOption('EF');
    await screenshot(page, 'movimiento-form-offline-phone');
    await page.getByTestId('movimiento-save').click();
    await confirmSend(page);
    await page.locator('[data-testid="movimiento-status"][data-outcome="queued"]').waitFor();

    // The member's balance now counts the contribution, marked as pending.
    await page.goto(`/movimientos?socio=${a.clave_socio}`);
    await page.getByTestId('member-pending-note').waitFor();
    expect(await page.getByTestId('member-saldo').innerText()).toContain('pendiente de enviar');
    await screenshot(page, 'movimientos-member-pending-phone');

    await page.goto('/acopios');
    await page.locator('table tbody tr', { hasText: 'pendiente de enviar' }).first().waitFor();
    await expect
      .poll(() => page.locator('table tbody tr', { hasText: 'pendiente de enviar' }).count())
      .toBe(3);
    await screenshot(page, 'acopios-list-pending-phone');

    // Closed and reopened without signal: everything is still there.
    await page.reload();
    await badgeIs(page, 'pending', 4);

    // Meanwhile the office makes member C inactive in coffee.
    const detail = await api<Record<string, unknown>>(
      baseURL,
      'coordinador',
      `socios/${c.clave_socio}.json`,
    );
    await api(baseURL, 'coordinador', `socios/${c.clave_socio}.json`, {
      method: 'PUT',
      body: { ...detail, estatus_cafe: 'BA' },
    });

    // Signal again: three go through, the collection of C comes back refused.
    await context.setOffline(false);
    await badgeIs(page, 'pending', 0);
    await badgeIs(page, 'attention', 1);
    expect((await acopiosWith(amounts.a)).map((r) => r.clave_socio)).toEqual([a.clave_socio]);
    expect((await acopiosWith(amounts.b)).map((r) => r.clave_socio)).toEqual([b.clave_socio]);
    expect(await acopiosWith(amounts.c)).toEqual([]);
    expect(await contributions()).toHaveLength(1);

    // The sync center names the reason; "Corregir" opens it with the reason under the product.
    await page.getByTestId('sync-badge').click();
    const refused = page.locator('[data-testid="outbox-item"][data-status="rejected"]');
    await refused.waitFor();
    expect(await refused.innerText()).toContain('no está activo');
    await screenshot(page, 'acopio-refused-sync-center-phone');
    await refused.getByTestId('outbox-open').click();
    await page.getByTestId('acopio-fixing').waitFor();
    const product = page.locator('[data-field="tipo_de_producto"] .field-message');
    await product.waitFor();
    expect(await product.innerText()).toBe(
      `El socio ${c.clave_socio} no está activo en el proceso Café.`,
    );
    await screenshot(page, 'acopio-refused-fix-phone');

    // Corrected: it was member D's coffee.
    await page.getByRole('textbox', { name: /^Clave de socio/ }).fill(String(d.clave_socio));
    await page.getByTestId('member-found').filter({ hasText: d.full_name }).waitFor();
    await page.getByTestId('acopio-save').click();
    await confirmSend(page);
    const created = page
      .getByTestId('acopio-status')
      .filter({ hasText: /Acopio \d+ creado correctamente/ });
    await created.waitFor({ timeout: 60_000 });
    const id = Number(/Acopio (\d+)/.exec(await created.innerText())?.[1]);
    await screenshot(page, 'acopio-corrected-sent-phone');
    await badgeIs(page, 'attention', 0);

    // Each of the four once, on the server.
    const corrected = await acopiosWith(amounts.c);
    expect(corrected).toEqual([
      expect.objectContaining({
        id,
        clave_socio: d.clave_socio,
        tipo_de_producto: 'CF',
        kilos_de_producto: '48.25',
      }),
    ]);
    expect(await acopiosWith(amounts.a)).toHaveLength(1);
    expect(await acopiosWith(amounts.b)).toHaveLength(1);
    expect(await contributions()).toHaveLength(1);
    await context.close();
  });

  it("the office's screens on a desktop: list and charts, balance, group view, evaluation", async () => {
    const { context, page } = await openAs(browser, 'coordinador');
    const someone = (await api<MovementRow[]>(baseURL, 'coordinador', 'movimientos/?region=1'))[0]!;

    await page.goto('/acopios');
    await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
    await page.locator('.acopios-chart svg').first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'acopios-list-desktop');
    await page.locator('.acopios-charts').scrollIntoViewIfNeeded();
    await screenshot(page, 'acopios-charts-desktop');

    await page.goto(`/movimientos?socio=${someone.clave_socio}`);
    await page.getByTestId('member-balance').waitFor();
    await screenshot(page, 'movimientos-member-desktop');
    // The member's balance on screen is the server's.
    const balance = await api<{ saldo: string }>(
      baseURL,
      'coordinador',
      `movimientos/saldo?clave_socio=${someone.clave_socio}`,
    );
    await expect(page.getByTestId('member-saldo').innerText()).resolves.toSatisfy((text: string) =>
      digitsOf(text).startsWith(digitsOf(balance.saldo)),
    );
    await page.getByTestId('movement-tab-grupo').click();
    await page.getByTestId('movement-group-kind').selectOption('region');
    await page.getByTestId('movement-group-value').selectOption('1');
    await page.locator('table tbody tr').first().waitFor();
    await page.locator('table tbody tr').first().click();
    await page.getByTestId('movement-detail').waitFor();
    await screenshot(page, 'movimientos-group-detail-desktop');
    await page.keyboard.press('Escape');

    await page.goto(`/movimiento-formato?socio=${someone.clave_socio}`);
    await page.getByTestId('member-found').waitFor();
    await screenshot(page, 'movimiento-form-desktop');
    // The form found the member the server has under that key.
    const member = (await api<Member[]>(baseURL, 'coordinador', 'socios.json')).find(
      (m) => m.clave_socio === someone.clave_socio,
    )!;
    await expect(page.getByTestId('member-found').innerText()).resolves.toContain(member.full_name);

    await page.goto(`/evaluacion-socio?socio=${someone.clave_socio}&proceso=CF`);
    await page.getByTestId('evaluacion-member').waitFor();
    await expect(page.getByTestId('evaluacion-member').innerText()).resolves.toContain(
      String(someone.clave_socio),
    );
    await page.getByRole('checkbox', { name: 'Miel' }).check();
    await screenshot(page, 'evaluacion-socio-desktop');
    await context.close();

    // The evaluation on a phone too.
    const { context: phone, page: small } = await openAs(browser, 'gerente', { viewport: PHONE });
    await small.goto(`/evaluacion-socio?socio=${someone.clave_socio}`);
    await small.getByTestId('evaluacion-member').waitFor();
    await screenshot(small, 'evaluacion-socio-phone');
    await small.locator('.delivery-charts').scrollIntoViewIfNeeded();
    await screenshot(small, 'evaluacion-socio-charts-phone');
    await expect(small.locator('.delivery-charts svg').first().isVisible()).resolves.toBe(true);
    await small.goto('/acopios');
    await small.locator('.acopios-chart svg').first().waitFor({ timeout: 60_000 });
    await small.locator('.acopios-charts').scrollIntoViewIfNeeded();
    await screenshot(small, 'acopios-charts-phone');
    await phone.close();
  });
});
