/**
 * The four capture forms of a promoter's day with the keyboard only (Tab, Shift+Tab, Enter,
 * Space, arrow keys, Escape) on a phone without signal: a credit request, a payment, an
 * acopio and a contribution, each choosing its member (or loan) in the picker popup. The
 * popups keep focus inside (Tab wraps both ways), close with Escape and give focus back to
 * the button that opened them; the contract picker's tabs move with the arrow keys. Nothing
 * is clicked. The captures stay in the phone's queue (the context closes offline), so the
 * server's data are left as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, launchBrowser, newContextWith, roleFilesCached, screenshot } from './browser';
import { axeFindings } from './a11y-support';
import { PASSWORD, login, serverURL } from './helpers';

interface Focus {
  /** tag|name|data-testid|accessible name|role */
  text: string;
  inDialog: boolean;
}

/** What has the focus now, as one searchable line. */
async function focused(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { text: 'body', inDialog: false };
    const byIds = el
      .getAttribute('aria-labelledby')
      ?.split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const labels = (el as HTMLInputElement).labels;
    const label =
      el.getAttribute('aria-label') ??
      byIds ??
      (labels && labels.length > 0 ? labels[0]!.textContent : null) ??
      el.textContent ??
      '';
    const parts = [
      el.tagName.toLowerCase(),
      el.getAttribute('name') ?? '',
      el.getAttribute('data-testid') ?? '',
      label.replace(/\s+/g, ' ').trim(),
      el.getAttribute('role') ?? '',
    ];
    return { text: parts.join('|'), inDialog: el.closest('[aria-modal="true"]') !== null };
  });
}

/**
 * The focused control is not hidden under the sticky top bar or the offline banner (WCAG
 * 2.4.11): what is drawn at its centre is the control itself (or a part of it).
 */
async function expectFocusNotObscured(page: Page): Promise<void> {
  const covered = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit && (el.contains(hit) || hit.contains(el))) return null;
    return `${el.outerHTML.slice(0, 80)} is under ${hit ? hit.outerHTML.slice(0, 80) : 'nothing'}`;
  });
  expect(covered).toBeNull();
}

/** Press Tab (or Shift+Tab) until the focused element matches; fail after `max` presses. */
async function tabTo(page: Page, match: RegExp, shift = false, max = 90): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (match.test(now.text)) {
      await expectFocusNotObscured(page);
      return;
    }
    seen.push(now.text);
  }
  throw new Error(`Tab never reached ${match}; went through:\n${seen.join('\n')}`);
}

/** Tab to a text field, replace its content by typing. */
async function typeInto(page: Page, match: RegExp, text: string): Promise<void> {
  await tabTo(page, match);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** Focus a <select> by Tab and walk its options with ArrowDown until `value` is chosen. */
async function chooseOption(page: Page, match: RegExp, value: string): Promise<void> {
  await tabTo(page, match);
  for (let i = 0; i < 30; i += 1) {
    const now = await page.evaluate(() => (document.activeElement as HTMLSelectElement).value);
    if (now === value) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`option ${value} never reached in ${match}`);
}

/** Tab and Shift+Tab `times` each inside the open dialog: focus never leaves it and wraps. */
async function expectFocusTrapped(page: Page, times: number): Promise<void> {
  const visited = new Set<string>();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < times; i += 1) {
      await page.keyboard.press(key);
      const now = await focused(page);
      expect(now.inDialog, `${key} #${i + 1} left the dialog: ${now.text}`).toBe(true);
      visited.add(now.text);
    }
  }
  // It went round: the close button in the header was reached as well as the list.
  expect([...visited].some((text) => /Cerrar/.test(text))).toBe(true);
}

/** Save by keyboard: Enter on the save button, then the confirmation has the focus on "Sí, enviar". */
async function saveAndConfirm(page: Page, saveTestId: string): Promise<void> {
  await tabTo(page, new RegExp(`\\|${saveTestId}\\|`));
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').waitFor();
  // A capture's button says what happens (saved and sent, or kept on the phone).
  expect((await focused(page)).text).toMatch(/Sí, enviar|Guardar y enviar|Guardar en el teléfono/);
  await page.keyboard.press('Enter');
}

/** Enter on the opener, type in the picker's search, Tab to the row, Enter: focus returns. */
async function pickByKeyboard(page: Page, openerTestId: string, query: string, row: RegExp) {
  await tabTo(page, new RegExp(`\\|${openerTestId}\\|`));
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  const start = await focused(page);
  expect(start.inDialog).toBe(true);
  expect(start.text).toMatch(/^input\|/);
  // The box keeps an earlier search: replace it, and let the list catch up with the typing.
  await page.keyboard.press('Control+A');
  await page.keyboard.type(query);
  await page.getByRole('dialog').locator('li button').filter({ hasText: row }).first().waitFor();
  await tabTo(page, row, false, 10);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  expect((await focused(page)).text).toMatch(new RegExp(`\\|${openerTestId}\\|`));
}

interface Member {
  clave_socio: number;
  full_name: string;
  estatus_cafe: string;
}
interface ContractRow {
  id: number;
  fondo_comun: boolean;
  estatus_ejecucion: string;
  fecha_inicio: string | null;
  deuda_al_dia: { capital_por_pagar: number } | null;
}

async function api<T>(baseURL: string, path: string): Promise<T> {
  const { access } = await fetch(`${baseURL}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'promotor', password: PASSWORD }),
  }).then((r) => r.json() as Promise<{ access: string }>);
  const res = await fetch(`${baseURL}/api/${path}`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(res.status, path).toBe(200);
  return res.json() as Promise<T>;
}

describe('keyboard only: the four capture forms and their pickers', () => {
  const baseURL = serverURL();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let members: Member[];
  let loan: ContractRow;

  beforeAll(async () => {
    members = (await api<Member[]>(baseURL, 'socios.json')).filter((m) => m.estatus_cafe === 'AC');
    loan = (await api<ContractRow[]>(baseURL, 'contratos.json')).find(
      (c) =>
        !c.fondo_comun &&
        c.estatus_ejecucion === 'CO' &&
        c.fecha_inicio !== null &&
        (c.deuda_al_dia?.capital_por_pagar ?? 0) >= 500,
    )!;
    expect(members.length).toBeGreaterThanOrEqual(2);
    expect(loan).toBeTruthy();

    browser = await launchBrowser();
    context = await newContextWith(browser, {
      baseURL,
      viewport: PHONE,
      locale: 'es-MX',
      serviceWorkers: 'allow',
      reducedMotion: 'reduce',
    });
    page = await context.newPage();
    await login(page, 'promotor');
    // The app shell and its screens come from the service worker once offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByTestId('sync-badge').waitFor();
    // Offline only once the phone holds its screens, as a promoter leaves for the field.
    await roleFilesCached(page, 'PR');
    await context.setOffline(true);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('a credit request: member and guarantor pickers, process, amounts, select, texts', async () => {
    const [applicant, guarantor] = members as [Member, Member];
    await page.goto('/solicitud-formato');
    await page.getByTestId('solicitud-save').waitFor();

    // An empty form sent by keyboard: the messages show, with no serious axe finding.
    await tabTo(page, /\|solicitud-save\|/);
    await page.keyboard.press('Enter');
    await page.locator('.field-message').first().waitFor();
    expect(await axeFindings(page)).toEqual([]);

    // The member picker keeps focus inside, Escape closes it and focus comes back.
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, /\|solicitud-socio\|/, true);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    // A name leaves a short list, so a few Tabs go all the way round.
    await page.keyboard.type(applicant.full_name);
    await page
      .getByRole('dialog')
      .locator('li button')
      .filter({ hasText: applicant.full_name })
      .first()
      .waitFor();
    expect(await page.getByRole('dialog').locator('li button').count()).toBeLessThan(4);
    await expectFocusTrapped(page, 6);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await focused(page)).text).toMatch(/\|solicitud-socio\|/);

    await page.keyboard.press('Shift+Tab');
    await pickByKeyboard(
      page,
      'solicitud-socio',
      String(applicant.clave_socio),
      new RegExp(`${applicant.clave_socio}${applicant.full_name}`),
    );
    await expect(page.getByTestId('solicitud-socio-value').innerText()).resolves.toContain(
      applicant.full_name,
    );
    await tabTo(page, /\|Café: /);
    await page.keyboard.press('Space');
    expect(await page.getByRole('button', { name: /^Café: / }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await typeInto(page, /^input\|monto_solicitado\|/, '2500');
    await typeInto(page, /^input\|plazo_de_pago_solicitado\|/, '10');
    await chooseOption(page, /^select\|act_productiva\|/, 'CA');
    await typeInto(page, /^textarea\|justificacion_credito\|/, 'Renovar el cafetal');
    await pickByKeyboard(
      page,
      'solicitud-aval',
      String(guarantor.clave_socio),
      new RegExp(`${guarantor.clave_socio}${guarantor.full_name}`),
    );
    await typeInto(page, /^input\|familiar_responsable\|/, 'Mario Gómez');
    await typeInto(page, /^textarea\|comentarios_promotor\|/, 'Capturada con el teclado');
    await screenshot(page, 'a11y-keyboard-solicitud-phone');
    await saveAndConfirm(page, 'solicitud-save');
    await page
      .getByTestId('solicitud-result')
      .filter({ hasText: 'se enviará' })
      .waitFor({ timeout: 30_000 });
  });

  it('a payment: the loan picker (tabs by arrow keys), the debt lookup and the amounts', async () => {
    await page.goto('/pago-formato');
    await page.getByTestId('pago-save').waitFor();
    await tabTo(page, /\|pago-folio-search\|/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    // Focus starts on the selected tab; arrows move between tabs and select them.
    expect((await focused(page)).text).toMatch(/\|picker-tab-prestamos\|.*\|tab$/);
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).text).toMatch(/\|picker-tab-fondos\|/);
    await expect(page.getByTestId('picker-tab-fondos').getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await page.keyboard.press('ArrowLeft');
    await expect(
      page.getByTestId('picker-tab-prestamos').getAttribute('aria-selected'),
    ).resolves.toBe('true');
    // One Tab leaves the tab list for the search box (the other tab is not a Tab stop).
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toMatch(/^input\|/);
    await page.keyboard.type(String(loan.id));
    const row = new RegExp(`^${loan.id}\\D`);
    await page.getByTestId('picker-contract').filter({ hasText: row }).first().waitFor();
    await tabTo(page, new RegExp(`\\|picker-contract\\|${loan.id}\\D`), false, 5);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await focused(page)).text).toMatch(/\|pago-folio-search\|/);
    expect(await page.locator('input[name="credito"]').inputValue()).toBe(String(loan.id));

    await tabTo(page, /\|debt-lookup\|/);
    await page.keyboard.press('Enter');
    await page.getByTestId('debt-panel').waitFor();
    await typeInto(page, /^input\|abono_capital\|/, '100');
    await typeInto(page, /^input\|interes_ord\|/, '0');
    await typeInto(page, /^input\|interes_mor\|/, '0');
    await screenshot(page, 'a11y-keyboard-pago-phone');
    await saveAndConfirm(page, 'pago-save');
    await page.getByTestId('pagos-alert').filter({ hasText: 'se enviará al conectarse' }).waitFor();
  });

  it('an acopio: the member picker, the product, kilos and income', async () => {
    const member = members[2] ?? members[0]!;
    await page.goto('/acopio-formato');
    await page.getByTestId('acopio-save').waitFor();
    await pickByKeyboard(
      page,
      'member-search',
      String(member.clave_socio),
      new RegExp(`${member.clave_socio}${member.full_name}`),
    );
    await page.getByTestId('member-found').waitFor();
    await tabTo(page, /\|Café: /);
    await page.keyboard.press('Space');
    await typeInto(page, /^input\|kilos_de_producto\|/, '12.5');
    await typeInto(page, /^input\|ingreso\|/, '250');
    await screenshot(page, 'a11y-keyboard-acopio-phone');
    await saveAndConfirm(page, 'acopio-save');
    await page.locator('[data-testid="acopio-status"][data-outcome="queued"]').waitFor();
  });

  it('a contribution: kind, member picker, amount, process and movement type', async () => {
    const member = members[3] ?? members[0]!;
    await page.goto('/movimiento-formato');
    await page.getByTestId('movimiento-save').waitFor();
    await tabTo(page, /\|movement-kind-A\|/);
    await page.keyboard.press('Space');
    expect(await page.getByTestId('movement-kind-A').getAttribute('aria-pressed')).toBe('true');
    await pickByKeyboard(
      page,
      'member-search',
      String(member.clave_socio),
      new RegExp(`${member.clave_socio}${member.full_name}`),
    );
    await page.getByTestId('member-found').waitFor();
    await typeInto(page, /^input\|monto\|/, '75');
    await tabTo(page, /\|Café: /);
    await page.keyboard.press('Space');
    await chooseOption(page, /^select\|tipo_de_movimiento\|/, 'EF');
    await screenshot(page, 'a11y-keyboard-movimiento-phone');
    await saveAndConfirm(page, 'movimiento-save');
    await page.locator('[data-testid="movimiento-status"][data-outcome="queued"]').waitFor();
  });
});
