/**
 * Steps of the field-money journeys: the system share sheet replaced by a recorder
 * (what the page shared is read back), the receipt sheet read as the member sees it, a payment
 * captured on the payment form, and a debt lookup's figures (cents) as the phone shows them.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { confirmSend } from './helpers';

/** What the page handed to `navigator.share`. */
export interface SharedText {
  title: string;
  text: string;
}

/**
 * Every page of `context` gets a `navigator.share` that records its data and resolves, as
 * a phone's share sheet does once the person picks an app. Given as text: the page never
 * sees this file's compiled helpers.
 */
export async function recordShares(context: BrowserContext): Promise<void> {
  await context.addInitScript({
    content: `
      window.__shared = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: function (data) {
          window.__shared.push({ title: String(data.title || ''), text: String(data.text || '') });
          return Promise.resolve();
        },
      });
    `,
  });
}

export async function sharedTexts(page: Page): Promise<SharedText[]> {
  return page.evaluate((): SharedText[] => {
    const shared: unknown = Reflect.get(window, '__shared');
    if (!Array.isArray(shared)) return [];
    return shared.map((entry: unknown) => ({
      title: String(Reflect.get(Object(entry), 'title') ?? ''),
      text: String(Reflect.get(Object(entry), 'text') ?? ''),
    }));
  });
}

/** The receipt on screen as the member reads it. */
export interface ShownReceipt {
  number: string;
  /** Grouped as shown ("ABCD-EFGH"). */
  code: string;
  total: string;
  state: string;
}

export async function readReceipt(page: Page): Promise<ShownReceipt> {
  const receipt = page.getByTestId('receipt');
  await receipt.getByTestId('receipt-words').waitFor();
  const title = await receipt.locator('#receipt-title').innerText();
  const number = /(\d+-[0-9A-Z]{4}-\d{4,})/.exec(title)?.[1];
  if (!number) throw new Error(`no receipt number in "${title}"`);
  return {
    number,
    code: (await receipt.getByTestId('receipt-code').innerText()).trim(),
    total: (await receipt.getByTestId('receipt-total').innerText()).trim(),
    state: (await receipt.getByTestId('receipt-state').innerText()).trim(),
  };
}

/** The debt lookup's figures in cents, as the payment form shows them. */
export interface ShownDebt {
  capital: number;
  ordinario: number;
  moratorio: number;
  total: number;
  abonado: number;
}

const centsOf = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).getAttribute('data-cents'));

/** Type the folio on /pago-formato, keep the date, look the debt up and read its figures. */
export async function lookUpDebt(page: Page, folio: number): Promise<ShownDebt> {
  await page.locator('input[name="credito"]').fill(String(folio));
  await page.getByTestId('debt-lookup').click();
  await page.getByTestId('debt-panel').waitFor({ timeout: 30_000 });
  return {
    capital: await centsOf(page, 'debt-capital'),
    ordinario: await centsOf(page, 'debt-ordinario'),
    moratorio: await centsOf(page, 'debt-moratorio'),
    total: await centsOf(page, 'debt-total'),
    abonado: await centsOf(page, 'debt-abonado'),
  };
}

/** Fill the three parts (capital, then no interest) and press save. */
export async function fillPayment(page: Page, capital: string): Promise<void> {
  await page.locator('input[name="abono_capital"]').fill(capital);
  await page.locator('input[name="interes_ord"]').fill('0');
  await page.locator('input[name="interes_mor"]').fill('0');
  await page.getByTestId('pago-save').click();
}

/** A payment saved offline: confirmed, and its receipt on screen at once. */
export async function payOffline(page: Page, capital: string): Promise<ShownReceipt> {
  await fillPayment(page, capital);
  await confirmSend(page);
  await page.getByTestId('receipt-sheet').waitFor();
  return readReceipt(page);
}

/** The message under a payment field (the computed amount has no input of its own). */
export function messageUnder(page: Page, field: string) {
  const shell =
    field === 'cantidad'
      ? page.locator('.field.pago-amount')
      : page.locator('.field', { has: page.locator(`[name="${field}"]`) });
  return shell.locator('.field-message');
}

/** "$1,234.50" for cents, the app's one money format. */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Pesos as the API answers them (number or decimal text) in cents. */
export const centsOfPesos = (pesos: number | string): number => Math.round(Number(pesos) * 100);
