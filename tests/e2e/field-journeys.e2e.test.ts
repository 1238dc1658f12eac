/**
 * Field readiness: four people's days against the real
 * server, each checked through the API as well as on screen.
 *
 * 1. A promoter on a cheap phone (360×740, CPU 4× slower, slow 3G while online) logs in at the
 *    office, syncs, loses the signal, captures two credit requests, five acopios, three payments
 *    on two contracts and two contributions, reloads, closes and reopens the app, and gets the
 *    signal back: every item arrives once (payments of one contract in capture order); the
 *    acopio of a member the office made inactive meanwhile is refused, fixed from the sync
 *    center and then arrives once.
 * 2. The office on a desktop: the coordinator finds the synced requests; one is approved on the
 *    control desk and in the evaluation (through the API: solicitudes-journey walks those
 *    screens), the coordinator starts its contract and reconciles the promoter's three payments
 *    against one bank deposit.
 * 3. A member (SO) sees only its own record and cannot open staff screens.
 * 4. A visitor (VI) sees the lists, has no way to change anything, and the API answers 403.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { todayIn } from '#domain/dates';
import { DESKTOP, PHONE, launchBrowser, newContext, screenshot } from './browser';
import {
  Api,
  PhoneProfile,
  SLOW_PHONE,
  badgeIs,
  pageRoundTrip,
  setSignal,
  takeOfflineControl,
  unlockIfLocked,
} from './journey-steps';
import { exactly } from '#tests/helpers/present';
import { approveThroughApi, confirmSend, login, openAs, serverURL } from './helpers';

interface Member {
  clave_socio: number;
  full_name: string;
  comunidad: number;
  estatus_cafe: string;
}
interface RequestRow {
  folio_solicitud: number;
  justificacion_credito: string;
  clave_socio: number;
  estatus_solicitud: string;
}
interface ContractRow {
  id: number;
  fondo_comun: boolean;
  estatus: string;
  estatus_ejecucion: string;
  fecha_inicio: string | null;
  deuda_al_dia: { capital_por_pagar: number } | null;
}
interface PaymentRow {
  id: number;
  cantidad: string;
  capturado_en: string;
}
interface AcopioRow {
  id: number;
  clave_socio: number;
  ingreso: string;
}
interface MovementRow {
  id: number;
  clave_socio: number;
  monto: string;
  aportacion: boolean;
}

/** The page in use, shot when a step fails (test-results/e2e/journey-failed-<test>.png). */
let current: Page | null = null;
const shot = (page: Page, name: string) => {
  current = page;
  return screenshot(page, `journey-${name}`);
};

/** What the promoter's day leaves behind for the office's day. */
interface FieldDay {
  requests: RequestRow[];
  payments: PaymentRow[];
}

describe('field journeys: a promoter, the office, a member and a visitor', () => {
  const baseURL = serverURL();
  const api = new Api(baseURL);
  const contexts: BrowserContext[] = [];
  const restore: (() => Promise<unknown>)[] = [];
  let browser: Browser;
  let day: FieldDay | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  beforeEach(({ task, onTestFailed }) => {
    current = null;
    onTestFailed(async () => {
      if (current && !current.isClosed())
        await screenshot(current, `journey-failed-${task.name.slice(0, 12).replace(/\W+/g, '-')}`);
    });
  });
  afterAll(async () => {
    for (const undo of restore) await undo();
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it("a promoter's day offline on a slow phone: everything arrives once, a refused acopio is fixed", async ({
    annotate,
  }) => {
    // ---- The data of the day, chosen through the API: members of the promoter's region active
    // in coffee, grouped by community; two running loans with enough capital left.
    const members = (await api.get<Member[]>('promotor', 'socios.json')).filter(
      (m) => m.estatus_cafe === 'AC',
    );
    expect(members.length).toBeGreaterThanOrEqual(11);
    // From the end of the list: the other journeys pick the first members.
    const pool = members.slice(-11);
    const [req1, aval1, req2, aval2] = pool as [Member, Member, Member, Member];
    const acopioMembers = pool.slice(4, 9);
    const refusedMember = acopioMembers[2]!;
    const fixMember = pool[9]!;
    const contributors = [pool[10]!, acopioMembers[0]!];

    const loans = (await api.get<ContractRow[]>('promotor', 'contratos.json'))
      .filter(
        (c) =>
          !c.fondo_comun &&
          c.estatus_ejecucion === 'CO' &&
          c.fecha_inicio !== null &&
          (c.deuda_al_dia?.capital_por_pagar ?? 0) >= 500,
      )
      .slice(-2);
    expect(loans).toHaveLength(2);
    const [loanA, loanB] = loans as [ContractRow, ContractRow];

    const stamp = Date.now().toString(36);
    const justifications = [`Jornada ${stamp} cafetal`, `Jornada ${stamp} colmena`];
    // Amounts no other journey uses: each item is found on the server by its amount.
    const acopioIncomes = ['2101.11', '2102.22', '2103.33', '2104.44', '2105.55'];
    const payments = [
      { loan: loanA, capital: '101.17' },
      { loan: loanA, capital: '52.33' },
      { loan: loanB, capital: '33.71' },
    ];
    const contributionAmount = '277.19';

    const before = {
      requests: (await api.get<RequestRow[]>('promotor', 'solic-creditos/all/')).length,
      acopios: (await api.get<AcopioRow[]>('promotor', 'acopios.json')).length,
      paymentsA: (await api.get<PaymentRow[]>('promotor', `contratos/${loanA.id}/pagos/`)).length,
      paymentsB: (await api.get<PaymentRow[]>('promotor', `contratos/${loanB.id}/pagos/`)).length,
      movements: await Promise.all(
        contributors.map(
          async (m) =>
            (await api.get<MovementRow[]>('promotor', `movimientos/?clave_socio=${m.clave_socio}`))
              .length,
        ),
      ),
    };

    // ---- At the office, with the slow link: log in, full sync, app under the worker.
    const context = await newContext(browser, baseURL, PHONE);
    contexts.push(context);
    let page = await context.newPage();
    current = page;
    const profile = await PhoneProfile.apply(context, page, { online: true });
    const started = Date.now();
    await login(page, 'promotor', { wait: 'sync-center' });
    await annotate(`login and first full sync on the slow phone: ${Date.now() - started} ms`);
    expect(await pageRoundTrip(page)).toBeGreaterThanOrEqual(SLOW_PHONE.latencyMs);
    await takeOfflineControl(page);
    await shot(page, '1-promoter-synced-phone');

    // ---- In the communities, without signal.
    await setSignal(context, false, profile);
    await badgeIs(page, 'online', false);

    // Two credit requests.
    for (const [index, [applicant, guarantor]] of [
      [req1, aval1],
      [req2, aval2],
    ].entries()) {
      await page.goto('/solicitud-formato');
      await pickMember(page, 'solicitud-socio', applicant!);
      await page.getByRole('button', { name: /^Café: / }).click();
      await page.getByRole('textbox', { name: /^Monto solicitado/ }).fill(`${3100 + index}.50`);
      await page.getByRole('textbox', { name: /^Plazo/ }).fill('10');
      await page.getByRole('combobox', { name: /^Actividad productiva/ }).selectOption('CA');
      await page.getByRole('textbox', { name: /^Justificación/ }).fill(justifications[index]!);
      await pickMember(page, 'solicitud-aval', guarantor!);
      await page.getByRole('textbox', { name: /^Familiar responsable/ }).fill('Rosa Méndez');
      await page.getByRole('textbox', { name: /^Comentario/ }).fill('Capturada sin señal');
      await page.getByTestId('solicitud-save').click();
      await confirmSend(page);
      await page
        .getByTestId('solicitud-result')
        .filter({ hasText: 'se enviará al conectarse' })
        .waitFor();
    }
    await badgeIs(page, 'pending', 2);

    // Five acopios in a row: the form is free again after each.
    await page.goto('/acopio-formato');
    await page.getByTestId('acopio-save').waitFor();
    for (const [index, member] of acopioMembers.entries()) {
      await captureAcopio(page, member, `${30 + index}.5`, acopioIncomes[index]!);
    }
    await shot(page, '2-acopio-queued-phone');
    await badgeIs(page, 'pending', 7);

    // Three payments on two contracts, each looked up offline first.
    await page.goto('/pago-formato');
    for (const [index, payment] of payments.entries()) {
      if (index > 0) await page.getByTestId('pago-new').click();
      await page.locator('input[name="credito"]').fill(String(payment.loan.id));
      await page.getByTestId('debt-lookup').click();
      await page.getByTestId('debt-panel').waitFor();
      await page.locator('input[name="abono_capital"]').fill(payment.capital);
      await page.locator('input[name="interes_ord"]').fill('0');
      await page.locator('input[name="interes_mor"]').fill('0');
      await page.getByTestId('pago-save').click();
      await confirmSend(page);
      await page
        .getByTestId('pagos-alert')
        .filter({ hasText: 'se enviará al conectarse' })
        .waitFor();
    }
    await badgeIs(page, 'pending', 10);

    // Two contributions.
    for (const member of contributors) {
      await page.goto(`/movimiento-formato?socio=${member.clave_socio}`);
      await page.getByTestId('member-found').waitFor();
      await page
        .getByRole('group', { name: /^Proceso/ })
        .getByRole('button', { name: /^Café/ })
        .click();
      await page.getByRole('textbox', { name: /^Monto/ }).fill(contributionAmount);
      await page.getByRole('combobox', { name: /^Tipo de movimiento/ }).selectOption('EF');
      await page.getByTestId('movimiento-save').click();
      await confirmSend(page);
      await page.locator('[data-testid="movimiento-status"][data-outcome="queued"]').waitFor();
    }
    await badgeIs(page, 'pending', 12);

    // Nothing reached the server yet.
    expect((await api.get<RequestRow[]>('promotor', 'solic-creditos/all/')).length).toBe(
      before.requests,
    );

    // A reload, then the app closed and opened again — still without signal.
    await page.reload();
    await badgeIs(page, 'pending', 12);
    await page.close();
    page = await context.newPage();
    current = page;
    const reopened = await PhoneProfile.apply(context, page, { online: false });
    await page.goto('/inicio');
    await unlockIfLocked(page);
    await badgeIs(page, 'pending', 12);
    await badgeIs(page, 'online', false);
    await page.goto('/acopios');
    const pendingAcopios = page.locator('table tbody tr', { hasText: 'pendiente de enviar' });
    await pendingAcopios.first().waitFor();
    await expect.poll(() => pendingAcopios.count()).toBe(5);
    await shot(page, '3-reopened-offline-pending-phone');
    await page.getByTestId('sync-badge').click();
    await page.getByTestId('sync-section-pending').getByTestId('outbox-item').first().waitFor();
    await expect
      .poll(() => page.getByTestId('sync-section-pending').getByTestId('outbox-item').count())
      .toBe(12);
    await shot(page, '4-sync-center-12-pending-phone');

    // Meanwhile the office makes one acopio member inactive in coffee.
    const detail = await api.get<Record<string, unknown>>(
      'coordinador',
      `socios/${refusedMember.clave_socio}.json`,
    );
    await api.write('coordinador', 'PUT', `socios/${refusedMember.clave_socio}.json`, {
      ...detail,
      estatus_cafe: 'BA',
    });
    restore.push(() =>
      api.write('coordinador', 'PUT', `socios/${refusedMember.clave_socio}.json`, {
        ...detail,
        estatus_cafe: 'AC',
      }),
    );

    // ---- Signal again (still the slow link): eleven go, the inactive member's acopio is refused.
    await setSignal(context, true, reopened);
    expect(await pageRoundTrip(page)).toBeGreaterThanOrEqual(SLOW_PHONE.latencyMs);
    await badgeIs(page, 'pending', 0, 150_000);
    await badgeIs(page, 'attention', 1);
    await shot(page, '5-online-one-refused-phone');

    const acopiosWith = async (ingreso: string) =>
      (await api.get<AcopioRow[]>('promotor', 'acopios.json')).filter((r) => r.ingreso === ingreso);
    for (const [index, member] of acopioMembers.entries()) {
      const found = await acopiosWith(acopioIncomes[index]!);
      if (member === refusedMember) expect(found).toEqual([]);
      else expect(found.map((r) => r.clave_socio)).toEqual([member.clave_socio]);
    }

    // The sync center names the reason; "Corregir" opens the acopio with the reason shown.
    const refused = page.locator('[data-testid="outbox-item"][data-status="rejected"]');
    await refused.waitFor();
    expect(await refused.innerText()).toContain('no está activo');
    await refused.getByTestId('outbox-open').click();
    await page.getByTestId('acopio-fixing').waitFor();
    await page
      .locator('[data-field="tipo_de_producto"] .field-message')
      .filter({ hasText: `El socio ${refusedMember.clave_socio} no está activo` })
      .waitFor();
    await shot(page, '6-acopio-refused-fix-phone');
    // It was another member's coffee.
    await page
      .getByRole('textbox', { name: /^Clave de socio/ })
      .fill(String(fixMember.clave_socio));
    await page.getByTestId('member-found').filter({ hasText: fixMember.full_name }).waitFor();
    await page.getByTestId('acopio-save').click();
    await confirmSend(page);
    await page
      .getByTestId('acopio-status')
      .filter({ hasText: /Acopio \d+ creado correctamente/ })
      .waitFor({ timeout: 90_000 });
    await badgeIs(page, 'attention', 0);
    await badgeIs(page, 'pending', 0);
    await shot(page, '7-acopio-fixed-sent-phone');

    // ---- Each item once on the server.
    const requests = (await api.get<RequestRow[]>('promotor', 'solic-creditos/all/')).filter((r) =>
      justifications.includes(r.justificacion_credito),
    );
    expect(requests.map((r) => r.clave_socio).sort()).toEqual(
      [req1.clave_socio, req2.clave_socio].sort(),
    );
    expect((await api.get<RequestRow[]>('promotor', 'solic-creditos/all/')).length).toBe(
      before.requests + 2,
    );

    expect((await api.get<AcopioRow[]>('promotor', 'acopios.json')).length).toBe(
      before.acopios + 5,
    );
    expect((await acopiosWith(acopioIncomes[2]!)).map((r) => r.clave_socio)).toEqual([
      fixMember.clave_socio,
    ]);

    const historyA = await api.get<PaymentRow[]>('promotor', `contratos/${loanA.id}/pagos/`);
    const historyB = await api.get<PaymentRow[]>('promotor', `contratos/${loanB.id}/pagos/`);
    expect(historyA).toHaveLength(before.paymentsA + 2);
    expect(historyB).toHaveLength(before.paymentsB + 1);
    const newA = historyA.slice(-2);
    expect(newA.map((p) => p.cantidad)).toEqual(['101.17', '52.33']);
    expect(newA[0]!.id).toBeLessThan(newA[1]!.id);
    expect(Date.parse(newA[0]!.capturado_en)).toBeLessThan(Date.parse(newA[1]!.capturado_en));
    const newB = historyB.slice(-1);
    expect(newB.map((p) => p.cantidad)).toEqual(['33.71']);

    for (const [index, member] of contributors.entries()) {
      const rows = await api.get<MovementRow[]>(
        'promotor',
        `movimientos/?clave_socio=${member.clave_socio}`,
      );
      expect(rows).toHaveLength(before.movements[index]! + 1);
      expect(rows.filter((r) => r.monto === contributionAmount && r.aportacion)).toHaveLength(1);
    }

    day = { requests, payments: [...newA, ...newB] };
    await context.close();
    contexts.splice(contexts.indexOf(context), 1);
  }, 300_000); // a whole day on a throttled phone, on a busy 2-core machine

  it("the office's day: the synced requests, contract start and bank reconciliation", async () => {
    expect(day, "the promoter's day ran first").not.toBeNull();
    const [request] = day!.requests as [RequestRow];
    const folio = request.folio_solicitud;

    // ---- The coordinator reviews the synced requests and approves one on the control desk.
    // The office's computers are in use: their copies only pull what the day changed.
    const { context: office, page: coordinator } = await openAs(browser, 'coordinador');
    contexts.push(office);
    current = coordinator;
    await coordinator.goto('/solicitudes');
    for (const r of day!.requests)
      await coordinator
        .locator('table tbody tr')
        .filter({ hasText: r.justificacion_credito.slice(0, 20) })
        .or(coordinator.locator('table tbody tr').filter({ hasText: String(r.folio_solicitud) }))
        .first()
        .waitFor();
    await shot(coordinator, '8-office-requests-desktop');

    // ---- The control desk and the evaluation approve it (their screens are walked in
    // solicitudes-journey): the approval creates the contract.
    await approveThroughApi(baseURL, folio, {
      monto: '3000',
      plazo: 10,
      tasa: '1.5',
      tasaMor: '2',
    });
    const contracts = await api.get<{ id: number; solicitud: number | null }[]>(
      'gerente',
      'contratos.json',
    );
    const [{ id: contractId }] = exactly(
      contracts.filter((c) => c.solicitud === folio),
      1,
      'the contract of the approved request',
    );
    expect(
      await api.get<{ solicitud: number; estatus_ejecucion: string; fecha_inicio: null }>(
        'gerente',
        `contratos/${contractId}.json`,
      ),
    ).toMatchObject({ solicitud: folio, estatus_ejecucion: 'PC', fecha_inicio: null });

    // ---- The coordinator starts the contract from its detail (/credito-activar).
    const today = todayIn();
    const reference = `JOR${Date.now().toString(36).toUpperCase()}`;
    await openContract(coordinator, contractId);
    await coordinator.getByTestId('contract-activate').click();
    await coordinator.waitForURL(`**/credito-activar/${contractId}`);
    await coordinator.getByTestId('activate-save').waitFor();
    await coordinator.locator('input[name="fecha_inicio"]').fill(today);
    await coordinator.locator('select[name="tipo_tasa"]').selectOption('FI');
    await coordinator.locator('select[name="estatus_ejecucion"]').selectOption('CO');
    await coordinator.locator('input[name="fecha_banco"]').fill(today);
    await coordinator.locator('input[name="referencia_banco"]').fill(reference);
    await shot(coordinator, '11-activation-desktop');
    await coordinator.getByTestId('activate-save').click();
    await confirmSend(coordinator);
    await coordinator.waitForURL('**/creditos');
    await coordinator
      .getByTestId('creditos-alert')
      .filter({ hasText: `Crédito ${contractId} actualizado correctamente` })
      .waitFor({ timeout: 30_000 });
    expect(
      await api.get<Record<string, unknown>>('coordinador', `contratos/${contractId}.json`),
    ).toMatchObject({
      fecha_inicio: today,
      tipo_tasa: 'FI',
      estatus_ejecucion: 'CO',
      referencia_banco: reference,
    });

    // ---- The coordinator reconciles the promoter's three payments against one deposit.
    await coordinator.goto('/bancos');
    await coordinator.getByTestId('bank-pending').waitFor({ timeout: 30_000 });
    const badgeBefore = Number(await coordinator.getByTestId('bank-pending').textContent());
    expect(badgeBefore).toBeGreaterThanOrEqual(3);
    const unlinked = await api.get<{ results: { id: number }[] }>('coordinador', 'pagos/no-link/');
    const ids = day!.payments.map((p) => p.id);
    expect(unlinked.results.map((p) => p.id)).toEqual(expect.arrayContaining(ids));
    const deposit = day!.payments.reduce((sum, p) => sum + Math.round(Number(p.cantidad) * 100), 0);

    await coordinator.getByTestId('bank-new').click();
    await coordinator.getByTestId('bank-tab-Pagos').click();
    const table = coordinator.getByRole('table', { name: 'Pagos' });
    const search = coordinator.getByRole('searchbox').first();
    for (const id of ids) {
      await search.fill(String(id));
      const row = table.locator('tbody tr').filter({
        // The first cell holds the row's checkbox; the payment number comes next.
        has: coordinator.locator('td:nth-child(2)', { hasText: new RegExp(`^${id}$`) }),
      });
      await row.getByRole('checkbox').check();
    }
    await search.fill('');
    const bankRef = `DEP${Date.now().toString(36).toUpperCase()}`;
    await coordinator.getByRole('textbox', { name: /^Referencia bancaria/ }).fill(bankRef);
    await coordinator.getByRole('textbox', { name: /^Cantidad/ }).fill((deposit / 100).toFixed(2));
    await coordinator.getByRole('textbox', { name: /^Referencia alfanumérica/ }).click();
    await coordinator
      .getByTestId('bank-sum')
      .and(coordinator.locator('[data-state="match"]'))
      .waitFor();
    await shot(coordinator, '12-bank-reconcile-desktop');
    await coordinator.getByTestId('bank-save').click();
    await confirmSend(coordinator);
    await coordinator
      .getByTestId('bank-booked')
      .filter({ hasText: `Movimiento bancario ${bankRef} registrado` })
      .waitFor({ timeout: 30_000 });
    await coordinator.getByTestId('bank-finish').click();
    await coordinator.waitForURL('**/bancos');
    await expect
      .poll(async () => Number(await coordinator.getByTestId('bank-pending').textContent()), {
        timeout: 20_000,
      })
      .toBe(badgeBefore - 3);
    await shot(coordinator, '13-bank-after-desktop');
    const stillUnlinked = await api.get<{ results: { id: number }[] }>(
      'coordinador',
      'pagos/no-link/',
    );
    for (const id of ids) expect(stillUnlinked.results.map((p) => p.id)).not.toContain(id);
  });

  it("a member's view: only its own record, no staff screens", async () => {
    const own = await api.get<Member[]>('socio', 'socios.json');
    expect(own).toHaveLength(1);
    const me = own[0]!;

    const context = await newContext(browser, baseURL, PHONE);
    contexts.push(context);
    const page = await context.newPage();
    current = page;
    // A member has no sync badge: its replica is one record.
    await login(page, 'socio', { wait: 'shell' });
    await page.waitForURL('**/socios');
    const rows = page.locator('table tbody tr');
    await rows.filter({ hasText: me.full_name }).waitFor({ timeout: 30_000 });
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(String(me.clave_socio));
    await shot(page, '14-member-socios-phone');
    await rows.first().click();
    await page
      .getByTestId('socio-key')
      .filter({ hasText: String(me.clave_socio) })
      .waitFor();
    expect(await page.getByTestId('socio-edit').count()).toBe(0);
    expect(await page.getByTestId('socio-save').count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto('/inicio');
    await page.getByTestId('home-member-record').waitFor();
    expect(await page.getByTestId('portfolio-totals').count()).toBe(0);
    await shot(page, '15-member-home-phone');

    for (const route of ['/creditos', '/pagos', '/acopio-formato', '/bancos', '/evaluacion']) {
      await page.goto(route);
      await page.waitForURL('**/socios');
    }
    expect((await api.call('socio', 'GET', 'contratos.json')).status).toBe(403);
    expect((await api.call('socio', 'GET', 'solic-creditos/all/')).status).toBe(403);
  });

  it('a visitor sees the lists but cannot change anything', async () => {
    const context = await newContext(browser, baseURL, DESKTOP);
    contexts.push(context);
    const page = await context.newPage();
    current = page;
    await login(page, 'visitante', { wait: 'sync-center' });

    const lists: [string, string][] = [
      ['/socios', 'socio-new'],
      ['/solicitudes', 'solicitud-new'],
      ['/pagos', 'pago-new'],
      ['/acopios', 'acopio-new'],
    ];
    for (const [route, newButton] of lists) {
      await page.goto(route);
      await page.locator('table tbody tr').first().waitFor({ timeout: 30_000 });
      expect(await page.getByTestId(newButton).count(), `${route} ${newButton}`).toBe(0);
    }
    await page.goto('/socios');
    await page.locator('table tbody tr').first().click();
    await page.getByTestId('socio-key').waitFor();
    expect(await page.getByTestId('socio-edit').count()).toBe(0);
    await shot(page, '16-visitor-member-desktop');
    await page.keyboard.press('Escape');

    // A contract's detail offers no action at all.
    const contract = (await api.get<ContractRow[]>('visitante', 'contratos.json')).find(
      (c) => c.estatus_ejecucion === 'CO' && !c.fondo_comun,
    )!;
    await openContract(page, contract.id);
    const actions = page.getByTestId('contract-actions').getByRole('button');
    for (const action of ['pay', 'activate', 'print', 'waive', 'extend'])
      expect(await page.getByTestId(`contract-${action}`).count(), action).toBe(0);
    expect(await actions.count()).toBe(1); // only "Cerrar"
    await shot(page, '17-visitor-contract-desktop');

    // Capture screens: guarded away, or saying the role may not.
    await page.goto('/acopio-formato');
    await page.waitForURL('**/inicio');
    const captureScreens: [string, string, string][] = [
      ['/solicitud-formato', 'Tu rol no puede capturar solicitudes.', 'solicitud-save'],
      ['/pago-formato', 'Tu rol no puede registrar pagos.', 'pago-save'],
    ];
    for (const [route, refusal, save] of captureScreens) {
      await page.goto(route);
      await page.getByText(refusal).waitFor();
      expect(await page.getByTestId(save).count(), route).toBe(0);
    }
    await page.goto('/banco-form');
    await page.getByTestId('bank-save').waitFor();
    expect(await page.getByTestId('bank-save').isDisabled()).toBe(true);
    await shot(page, '18-visitor-bank-form-desktop');

    // Writes straight to the API: 403, and nothing changed.
    const target = (await api.get<Member[]>('visitante', 'socios.json'))[0]!;
    const detail = await api.get<Record<string, unknown>>(
      'visitante',
      `socios/${target.clave_socio}.json`,
    );
    const put = await api.call('visitante', 'PUT', `socios/${target.clave_socio}.json`, {
      ...detail,
      nombres: 'Cambiado por visitante',
    });
    expect(put.status).toBe(403);
    const acopio = await api.call('visitante', 'POST', 'acopios/', {
      clave_socio: target.clave_socio,
      fecha: todayIn(),
      tipo_de_producto: 'CF',
      kilos_de_producto: '10',
      ingreso: '100',
    });
    expect(acopio.status).toBe(403);
    const contribution = await api.call('visitante', 'POST', 'movimientos/', {
      clave_socio: target.clave_socio,
      monto: '10',
      aportacion: true,
      proceso: 'CF',
    });
    expect(contribution.status).toBe(403);
    expect(
      await api.get<Record<string, unknown>>('coordinador', `socios/${target.clave_socio}.json`),
    ).toEqual(detail);
  });
});

/** Search the member popup behind `testId` by key and pick it. */
async function pickMember(page: Page, testId: string, member: Member): Promise<void> {
  await page.getByTestId(testId).click();
  const picker = page.getByRole('dialog', { name: /^Buscar/ });
  await picker.getByRole('searchbox').fill(String(member.clave_socio));
  await picker.locator('.member-picker-row').first().click();
  await picker.waitFor({ state: 'detached' });
}

async function captureAcopio(page: Page, member: Member, kilos: string, ingreso: string) {
  await page.getByRole('textbox', { name: /^Clave de socio/ }).fill(String(member.clave_socio));
  await page.getByTestId('member-found').filter({ hasText: member.full_name }).waitFor();
  await page
    .getByRole('group', { name: /^Producto/ })
    .getByRole('button', { name: /^Café/ })
    .click();
  await page.getByRole('textbox', { name: /^Kilos/ }).fill(kilos);
  await page.getByRole('textbox', { name: /^Ingreso/ }).fill(ingreso);
  await page.getByTestId('acopio-save').click();
  await confirmSend(page);
  await page.locator('[data-testid="acopio-status"][data-outcome="queued"]').waitFor();
  await page.waitForFunction(
    () =>
      (document.querySelector('input[name="clave_socio"]') as HTMLInputElement | null)?.value ===
      '',
  );
}

/** Open contract `id`'s detail from /creditos, waiting for the replica to hold it. */
async function openContract(page: Page, id: number): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.goto('/creditos');
    // Every contract: the list opens on the running ones, and a new one is not started yet.
    await page.getByTestId('creditos-view').selectOption('all');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(String(id));
    // The contract number is the second cell, after the member's name.
    const row = page.locator('table tbody tr.is-clickable').filter({
      has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${id}`) }),
    });
    try {
      await row.first().click({ timeout: 5_000 });
      await page.getByRole('dialog', { name: `Crédito ${id}` }).waitFor();
      return;
    } catch {
      // Not pulled yet: the next visit starts a pull.
    }
  }
  throw new Error(`contract ${id} never reached the replica`);
}
