import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatCurrency } from '#domain/format';
import { parseMoney } from '#domain/money';
import { PHONE, launchBrowser, screenshot } from './browser';
import { api, openAs, sidewaysOverflow, serverURL } from './helpers';

interface ContractRow {
  id: number;
  nombres: string;
  fondo_comun: boolean;
  estatus: string;
  estatus_ejecucion: string;
  prorroga: number;
  plazo: number;
  plazo_disp: string;
  fecha_inicio: string | null;
  fecha_vencimiento: string | null;
  deuda_al_dia: { total_deuda: number; capital_por_pagar: number } | null;
}

/** In-app navigation (the menu), so the shared selection survives like it does for a person. */
async function openCreditos(page: Page): Promise<void> {
  await page.goto('/creditos');
  await page.getByRole('heading', { level: 1, name: 'Créditos' }).waitFor();
  await page.locator('table tbody tr.is-clickable').first().waitFor({ timeout: 60_000 });
}

async function openContract(page: Page, id: number) {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(String(id));
  const row = page.locator('table tbody tr.is-clickable').filter({
    // The contract number is the second cell, after the member's name.
    has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${id}`) }),
  });
  await row.first().click();
  const dialog = page.getByRole('dialog', { name: `Crédito ${id}` });
  await dialog.waitFor();
  return dialog;
}

/** A current, disbursed credit without extension: one the manager can extend. */
function extendable(rows: ContractRow[]): ContractRow[] {
  return rows.filter(
    (r) =>
      !r.fondo_comun &&
      r.estatus === 'VI' &&
      r.estatus_ejecucion === 'CO' &&
      r.prorroga === 0 &&
      r.deuda_al_dia !== null,
  );
}

describe('credits screens', () => {
  let browser: Browser;
  const baseURL = serverURL();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the list and the detail show the debt of today as the server computes it', async () => {
    const rows = await api<ContractRow[]>(baseURL, 'gerente', 'contratos.json');
    const target = rows.find((r) => r.deuda_al_dia && r.estatus === 'VE' && !r.fondo_comun)!;
    expect(target).toBeTruthy();

    const { context, page } = await openAs(browser, 'gerente');
    await openCreditos(page);
    await screenshot(page, 'creditos-list-desktop');
    const dialog = await openContract(page, target.id);
    const total = dialog.locator('[data-figure="total_deuda"] dd');
    await expect(total.innerText()).resolves.toBe(
      formatCurrency(parseMoney(target.deuda_al_dia!.total_deuda)),
    );
    await expect(dialog.getByTestId('contract-badges').innerText()).resolves.toContain('Vencido');
    await dialog.getByTestId('credit-history').waitFor();
    await expect(
      dialog.getByTestId('credit-history').locator('tbody tr').last().innerText(),
    ).resolves.toContain('HOY');
    await screenshot(page, 'creditos-detail-desktop');
    await context.close();
  });

  it('the manager extends a contract: preview, confirmation, new due date, and the server has it', async () => {
    const rows = await api<ContractRow[]>(baseURL, 'gerente', 'contratos.json');
    const target = extendable(rows)[0]!;
    expect(target).toBeTruthy();

    const { context, page } = await openAs(browser, 'gerente', { viewport: PHONE });
    await openCreditos(page);
    await screenshot(page, 'creditos-list-phone');
    const dialog = await openContract(page, target.id);
    await screenshot(page, 'creditos-detail-phone');
    await dialog.getByTestId('contract-extend').click();
    await page.getByRole('heading', { level: 1, name: 'Prórroga' }).waitFor();

    await page.getByRole('textbox', { name: /^Meses de prórroga/ }).fill('2');
    const preview = page.getByTestId('extension-preview');
    await expect(preview.locator('[data-figure="new"] dd').innerText()).resolves.not.toBe('—');
    await page.getByRole('textbox', { name: /^Justificación/ }).fill('Helada en el cafetal');
    await screenshot(page, 'creditos-prorroga-phone');
    await page.getByTestId('extension-save').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, enviar' }).click();
    const result = page.locator('[data-testid="credito-result"][data-outcome="sent"]');
    await result.waitFor({ timeout: 30_000 });
    await screenshot(page, 'creditos-prorroga-done-phone');

    const after = await api<ContractRow>(baseURL, 'gerente', `contratos/${target.id}.json`);
    expect(after.prorroga).toBe(2);
    expect(after.plazo_disp).toBe(`${target.plazo}+2`);
    expect(after.fecha_vencimiento! > target.fecha_vencimiento!).toBe(true);
    const [y, m, d] = after.fecha_vencimiento!.split('-').map(Number);
    const months = [
      'ene',
      'feb',
      'mar',
      'abr',
      'may',
      'jun',
      'jul',
      'ago',
      'sep',
      'oct',
      'nov',
      'dic',
    ];
    await expect(page.getByTestId('extension-new-due').innerText()).resolves.toBe(
      `Nuevo vencimiento: ${d} ${months[m! - 1]} ${y}`,
    );

    // Back in the list the contract shows its new term; its detail no longer offers to extend.
    await page.getByTestId('credito-finish').click();
    await page.getByRole('heading', { level: 1, name: 'Créditos' }).waitFor();
    const again = await openContract(page, target.id);
    await again.getByTestId('contract-extend').waitFor();
    await expect(again.getByTestId('contract-extend').isDisabled()).resolves.toBe(true);
    await context.close();
  });

  it('the Tseltal contract prints: a clean A4 and Letter PDF with both versions', async () => {
    const rows = await api<ContractRow[]>(baseURL, 'gerente', 'contratos.json');
    const target = extendable(rows)[1] ?? extendable(rows)[0]!;

    const { context, page } = await openAs(browser, 'gerente');
    await openCreditos(page);
    const dialog = await openContract(page, target.id);
    await dialog.getByTestId('contract-print').click();
    await page.getByRole('heading', { level: 1, name: 'Imprimir contrato' }).waitFor();
    const doc = page.getByTestId('contract-document');
    await doc.waitFor();
    await screenshot(page, 'creditos-imprimir-desktop');
    await page.getByTestId('contract-tz').scrollIntoViewIfNeeded();
    await screenshot(page, 'creditos-imprimir-tseltal-desktop');
    // The preview tells which Tseltal texts are still pending (none is translated here).
    const notice = page.getByTestId('tz-pending-notice');
    await expect(notice.isVisible()).resolves.toBe(true);
    await expect(notice.innerText()).resolves.toContain('Traducción al tseltal pendiente');
    await expect(
      page.getByTestId('contract-tz').locator('.pending-mark').first().isVisible(),
    ).resolves.toBe(true);

    // The start of the Tseltal version, on screen and as it prints.
    const tzStart = () =>
      page.getByTestId('contract-tz').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.setViewportSize({ width: 1366, height: 850 });
    await tzStart();
    await screenshot(page, 'creditos-imprimir-tseltal-1366');

    await page.emulateMedia({ media: 'print' });
    await tzStart();
    await screenshot(page, 'creditos-imprimir-tseltal-1366-print');
    // On paper: only the document — no menu, top bar, page title or buttons.
    await expect(page.locator('.topbar').isVisible()).resolves.toBe(false);
    await expect(page.locator('.side-menu').isVisible()).resolves.toBe(false);
    await expect(page.getByTestId('print-button').isVisible()).resolves.toBe(false);
    await expect(page.getByRole('heading', { level: 1 }).isVisible()).resolves.toBe(false);
    const es = await page.getByTestId('contract-es').innerText();
    const tz = await page.getByTestId('contract-tz').innerText();
    expect(es).toContain(`Crédito núm. ${target.id}`);
    expect(es).toContain(target.nombres);
    expect(es).toMatch(/pesos \d\d\/100 M\.N\./);
    expect(tz).toContain(`Crédito núm. ${target.id}`);
    expect(tz).toContain(target.nombres);
    // The amounts in Tseltal numerals (say-tseltal): vigesimal words like "…bahc'" or "…winic".
    expect(tz).toMatch(
      /\((?:[a-z']+ )*(?:[a-z']*(?:winic|bahc'|pic|tahb)[a-z']*)(?: [a-z']+)* pesos \d\d\/100\)/,
    );
    // A pending clause prints in Spanish like any other: no notice, badge or "~" on paper.
    expect(tz).toContain('Primera. Monto.');
    expect(tz).not.toMatch(/pendiente|Traducción al tseltal|~/i);
    await expect(notice.isVisible()).resolves.toBe(false);
    const marks = page.getByTestId('contract-tz').locator('.pending-mark');
    expect(await marks.count()).toBeGreaterThan(5);
    for (const mark of await marks.all()) await expect(mark.isVisible()).resolves.toBe(false);
    const border = await page
      .getByTestId('contract-tz')
      .locator('p.is-pending-tz')
      .first()
      .evaluate((p) => getComputedStyle(p).borderLeftStyle);
    expect(border).toBe('none');
    // The page as it prints, at the width of an A4 sheet inside its margins.
    await page.setViewportSize({ width: 690, height: 980 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'creditos-imprimir-print-a4');
    await page.getByTestId('contract-tz').scrollIntoViewIfNeeded();
    await screenshot(page, 'creditos-imprimir-print-a4-tseltal');

    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await page.pdf({ format, printBackground: true });
      const text = pdf.toString('latin1');
      const pages = (text.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      // Two versions, each from a new page, each with its table: a few pages, never dozens.
      expect(pages, `${format} pages`).toBeGreaterThanOrEqual(2);
      expect(pages, `${format} pages`).toBeLessThanOrEqual(12);
      expect(pdf.length, `${format} bytes`).toBeGreaterThan(20_000);
      expect(pdf.length, `${format} bytes`).toBeLessThan(3_000_000);
    }
    await context.close();
  });

  it('the print preview on a phone', async () => {
    const rows = await api<ContractRow[]>(baseURL, 'gerente', 'contratos.json');
    const target = extendable(rows)[2] ?? extendable(rows)[0]!;
    const { context, page } = await openAs(browser, 'gerente', { viewport: PHONE });
    await openCreditos(page);
    const dialog = await openContract(page, target.id);
    await dialog.getByTestId('contract-print').click();
    await page.getByTestId('contract-document').waitFor();
    await screenshot(page, 'creditos-imprimir-phone');
    // The preview on a phone: both versions, the contract's own number, and no sideways scroll.
    await expect(page.getByTestId('contract-es').innerText()).resolves.toContain(String(target.id));
    await page.getByTestId('contract-tz').waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    const signatures = page.getByTestId('contract-es').locator('.contrato-signatures');
    await signatures.scrollIntoViewIfNeeded();
    await screenshot(page, 'creditos-imprimir-firmas-phone');
    const box = (await signatures.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});
