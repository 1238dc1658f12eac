/**
 * Every screen of `src/app/screens.tsx` and the main modals, as states a person reaches: each
 * visit brings the page to one state (a route, a modal open, a screen reached through the row
 * it needs selected) for the accessibility checks. Screens that need a selection are reached
 * through the UI (list → detail → action), never by typing their address.
 */
import type { Locator, Page } from 'playwright-core';
import { goInApp, settle } from './a11y-support';
import { PASSWORD } from './helpers';

export interface Visit {
  name: string;
  open: (page: Page) => Promise<void>;
}

/** Records of the demo data the selection screens need, looked up through the API. */
export interface Picks {
  /** A request in review (control desk). */
  reviewFolio: number;
  /** An approved request waiting for the manager's evaluation. */
  evaluateFolio: number;
  /** A running loan (waiver, extension, print). */
  runningContract: number;
  /** A contract not started yet (activation). */
  pendingContract: number;
  /** A coffee member (the member's evaluation with its delivery charts). */
  memberKey: number;
}

interface RequestRow {
  folio_solicitud: number;
  estatus_solicitud: string;
  estatus_evaluacion: string;
}
interface ContractRow {
  id: number;
  estatus: string;
  estatus_contrato: string;
  estatus_ejecucion: string;
  fondo_comun: boolean;
  prorroga: number;
  fecha_inicio: string | null;
}

async function apiGet<T>(baseURL: string, path: string): Promise<T> {
  const { access } = await fetch(`${baseURL}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'gerente', password: PASSWORD }),
  }).then((r) => r.json() as Promise<{ access: string }>);
  const res = await fetch(`${baseURL}/api/${path}`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json() as Promise<T>;
}

export async function findPicks(baseURL: string): Promise<Picks> {
  const requests = await apiGet<RequestRow[]>(baseURL, 'solic-creditos/all/');
  const contracts = await apiGet<ContractRow[]>(baseURL, 'contratos.json');
  const members = await apiGet<{ clave_socio: number; estatus_cafe: string }[]>(
    baseURL,
    'socios.json',
  );
  const member = members.find((m) => m.estatus_cafe === 'AC');
  const review = requests.find((r) => r.estatus_solicitud === 'RV');
  const evaluate = requests.find(
    (r) => r.estatus_solicitud === 'AP' && r.estatus_evaluacion === 'RV',
  );
  const running = contracts.find(
    (c) =>
      !c.fondo_comun &&
      c.estatus === 'VI' &&
      c.estatus_ejecucion === 'CO' &&
      c.prorroga === 0 &&
      c.fecha_inicio !== null,
  );
  const pending = contracts.find(
    (c) => c.estatus_contrato === 'DP' && c.estatus_ejecucion === 'PC' && !c.fondo_comun,
  );
  if (!review || !evaluate || !running || !pending || !member)
    throw new Error('demo data lacks a record');
  return {
    reviewFolio: review.folio_solicitud,
    evaluateFolio: evaluate.folio_solicitud,
    runningContract: running.id,
    pendingContract: pending.id,
    memberKey: member.clave_socio,
  };
}

const route = (path: string): Visit => ({
  name: path,
  open: async (page) => {
    await goInApp(page, path);
    await settle(page);
  },
});

async function dialogOpen(page: Page, name?: string | RegExp): Promise<Locator> {
  const dialog = name ? page.getByRole('dialog', { name }) : page.getByRole('dialog');
  await dialog.first().waitFor();
  await page.waitForTimeout(150);
  return dialog.first();
}

async function openRequest(page: Page, folio: number): Promise<Locator> {
  await goInApp(page, '/solicitudes?vista=todas');
  await settle(page);
  await page.locator('.dt-search input').fill(String(folio));
  await page
    .locator('table tbody tr')
    .filter({ has: page.locator('td', { hasText: new RegExp(`^${folio}$`) }) })
    .first()
    .click();
  return dialogOpen(page, `Solicitud ${folio}`);
}

async function openContract(page: Page, id: number): Promise<Locator> {
  await goInApp(page, '/creditos');
  await settle(page);
  // Every contract (the list opens on the running ones; the pending one is not started).
  await page.getByTestId('creditos-view').selectOption('all');
  await page.locator('.dt-search input').fill(String(id));
  await page
    .locator('table tbody tr.is-clickable')
    // The contract number is the second cell, after the member's name.
    .filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${id}$`) }) })
    .first()
    .click();
  return dialogOpen(page, `Crédito ${id}`);
}

/** From the contract detail, press one of its actions and wait for the screen it opens. */
function contractAction(id: () => number, action: string, path: string): Visit {
  return {
    name: `${path} (via contract detail)`,
    open: async (page) => {
      const dialog = await openContract(page, id());
      await dialog.getByTestId(`contract-${action}`).click();
      // The screen's address names the contract.
      await page.waitForURL(`**${path}/${id()}`);
      await settle(page);
    },
  };
}

function requestAction(folio: () => number, action: string, path: string): Visit {
  return {
    name: `${path} (via request detail)`,
    open: async (page) => {
      const dialog = await openRequest(page, folio());
      await dialog.getByTestId(`solicitud-action-${action}`).click();
      // The screen's address names the request.
      await page.waitForURL(`**${path}/${folio()}`);
      await settle(page);
      await page.locator('main h2').first().waitFor();
    },
  };
}

export const PUBLIC_PATHS = ['/', '/conocenos', '/mapa', '/contacto', '/acceso'];

export const MEMBER_VISITS: Visit[] = [
  route('/inicio'),
  route('/socios'),
  {
    name: "member's own record (modal)",
    open: async (page) => {
      await goInApp(page, '/socios');
      await settle(page);
      await page.locator('table tbody tr').first().click();
      await dialogOpen(page);
    },
  },
];

/** The promoter's own variants of the field screens (its region only, capture first). */
export const PROMOTER_VISITS: Visit[] = [
  route('/inicio'),
  route('/solicitudes'),
  route('/solicitud-formato'),
  route('/pago-formato'),
  route('/acopio-formato'),
  route('/movimiento-formato'),
  route('/sincronizacion'),
  route('/viaje'),
  route('/recibos'),
];

/** The manager reaches every private route; the coordinator's screens are the same ones. */
export function managerVisits(picks: () => Picks): Visit[] {
  return [
    route('/inicio'),
    route('/reportes'),
    route('/socios'),
    {
      name: 'member form (modal)',
      open: async (page) => {
        await goInApp(page, '/socios');
        await settle(page);
        await page.getByTestId('socio-new').click();
        await dialogOpen(page);
      },
    },
    route('/evaluacion-socio'),
    {
      name: "a member's evaluation",
      open: async (page) => {
        await goInApp(page, `/evaluacion-socio?socio=${picks().memberKey}&proceso=CF`);
        await settle(page);
        await page.getByTestId('evaluacion-member').waitFor();
      },
    },
    route('/perfil'),
    route('/acopios'),
    route('/acopio-formato'),
    {
      name: 'acopio form: member picker',
      open: async (page) => {
        await goInApp(page, '/acopio-formato');
        await settle(page);
        await page.getByTestId('member-search').click();
        await dialogOpen(page);
      },
    },
    route('/carteras'),
    route('/creditos'),
    {
      name: 'contract detail (modal)',
      open: async (page) => {
        await openContract(page, picks().runningContract);
      },
    },
    contractAction(() => picks().runningContract, 'waive', '/condonacion'),
    contractAction(() => picks().runningContract, 'extend', '/prorroga'),
    contractAction(() => picks().runningContract, 'print', '/credito-imprimir'),
    contractAction(() => picks().pendingContract, 'activate', '/credito-activar'),
    route('/fondos-comunes'),
    route('/mapa-procesos'),
    route('/mapa-mision'),
    route('/pagos'),
    route('/pago-formato'),
    {
      name: 'payment form: contract picker',
      open: async (page) => {
        await goInApp(page, '/pago-formato');
        await settle(page);
        await page.getByTestId('pago-folio-search').click();
        await dialogOpen(page);
        await page.getByTestId('picker-contract').first().waitFor();
      },
    },
    {
      name: 'payment form: debt of a loan looked up',
      open: async (page) => {
        await goInApp(page, '/pago-formato');
        await settle(page);
        await page.locator('input[name="credito"]').fill(String(picks().runningContract));
        await page.getByTestId('debt-lookup').click();
        await page.getByTestId('debt-panel').waitFor();
      },
    },
    route('/tsumbalil'),
    {
      name: 'community form (modal)',
      open: async (page) => {
        await goInApp(page, '/tsumbalil');
        await settle(page);
        await page.getByTestId('new-community').click();
        await dialogOpen(page);
      },
    },
    route('/movimientos'),
    {
      name: 'movements: group tab',
      open: async (page) => {
        await goInApp(page, '/movimientos');
        await settle(page);
        await page.getByTestId('movement-tab-grupo').click();
        await page.getByTestId('movement-group-tab').waitFor();
      },
    },
    route('/movimiento-formato'),
    route('/solicitudes'),
    {
      name: 'request detail (modal)',
      open: async (page) => {
        await openRequest(page, picks().reviewFolio);
      },
    },
    requestAction(() => picks().reviewFolio, 'mesaControl', '/mesa-control'),
    requestAction(() => picks().evaluateFolio, 'evaluacion', '/evaluacion'),
    route('/solicitud-formato'),
    {
      name: 'request form: member picker',
      open: async (page) => {
        await goInApp(page, '/solicitud-formato');
        await settle(page);
        await page.getByTestId('solicitud-socio').click();
        await dialogOpen(page);
      },
    },
    route('/formatos'),
    route('/bancos'),
    route('/subcuentas'),
    {
      name: 'bank form: payments tab',
      open: async (page) => {
        await goInApp(page, '/bancos');
        await settle(page);
        await page.getByTestId('bank-new').click();
        await page.waitForURL('**/banco-form');
        await settle(page);
        await page.getByTestId('bank-tab-Pagos').click();
        await page.getByRole('table', { name: 'Pagos' }).waitFor();
      },
    },
    {
      name: 'bank form: other tab',
      open: async (page) => {
        await goInApp(page, '/banco-form');
        await settle(page);
        await page.getByTestId('bank-tab-Otros').click();
        await page.getByRole('combobox', { name: /^Subcuenta/ }).waitFor();
      },
    },
    route('/banco-form'),
    route('/sincronizacion'),
    route('/visita'),
    route('/viaje'),
    route('/cierres-viaje'),
    route('/recibos'),
    route('/bandeja'),
    route('/traducciones'),
    // Last: the open drawer stays open.
    {
      name: 'menu drawer (phone) / side menu',
      open: async (page) => {
        await goInApp(page, '/reportes');
        await settle(page);
        const toggle = page.getByTestId('drawer-toggle');
        if (await toggle.isVisible()) {
          await toggle.click();
          await page.locator('.drawer.is-open').waitFor();
          await page.waitForTimeout(300);
        }
      },
    },
  ];
}
