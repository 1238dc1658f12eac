/**
 * The control desk and the print screen keep their record in the address: a request and a
 * contract made here through the API, each screen opened at its own address, reloaded (the
 * contract also offline, from the phone's replica) — the same record comes back, and on the
 * desk the comment typed before the reload too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, launchBrowser, screenshot } from './browser';
import { todayIn } from '../../src/domain/dates';
import { api, approveThroughApi, openAs, serverURL } from './helpers';

interface Member {
  clave_socio: number;
  estatus_cafe: string;
}

interface CreatedRequest {
  folio_solicitud: number;
}

interface ContractRow {
  id: number;
  solicitud: number | null;
}

const WIDE = { width: 1366, height: 850 };

/** A new request in review for an active coffee member (some may already have an open one). */
async function newRequest(baseURL: string, members: Member[], amount: string): Promise<number> {
  const errors: string[] = [];
  for (let i = 0; i + 1 < members.length && i < 20; i += 2) {
    try {
      const created = await api<CreatedRequest>(baseURL, 'gerente', 'solic-creditos/', {
        method: 'POST',
        body: {
          // The cooperative's today (America/Mexico_City), not UTC's: after 18:00 there they differ.
          fecha_solicitud: todayIn(),
          clave_socio: members[i]!.clave_socio,
          proceso: 'CF',
          tipo_credito: 'MC',
          mot_credito: 'TR',
          act_productiva: 'CA',
          monto_solicitado: amount,
          plazo_de_pago_solicitado: 10,
          justificacion_credito: 'Renovar cafetal',
          aval: members[i + 1]!.clave_socio,
          familiar_responsable: 'Juana Pérez',
          comentarios_promotor: 'Socia cumplida',
        },
      });
      return created.folio_solicitud;
    } catch (error) {
      errors.push(String(error));
    }
  }
  throw new Error(`no request could be made: ${errors.join(' | ')}`);
}

/** Both screens' pictures, on a phone and on an office screen. */
async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(WIDE);
  await screenshot(page, `${name}-desktop`);
}

describe('one-record screens keep their record across a reload', () => {
  const baseURL = serverURL();
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let members: Member[];

  beforeAll(async () => {
    members = (await api<Member[]>(baseURL, 'gerente', 'socios.json')).filter(
      (m) => m.estatus_cafe === 'AC',
    );
    expect(members.length).toBeGreaterThanOrEqual(4);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('/mesa-control/:folio: the same request, and the comment typed, after a reload', async () => {
    const folio = await newRequest(baseURL, members, '1234.50');
    const { context, page } = await openAs(browser, 'coordinador', {
      path: `/mesa-control/${folio}`,
    });
    contexts.push(context);
    const heading = page.getByRole('heading', { level: 2, name: `Solicitud ${folio}` });
    await heading.waitFor({ timeout: 60_000 });
    const comment = page.getByRole('textbox', { name: /^Comentario del coordinador/ });
    await comment.fill('Falta la visita al cafetal');

    await page.reload();
    await heading.waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe(`/mesa-control/${folio}`);
    await expect(comment.inputValue()).resolves.toBe('Falta la visita al cafetal');
    await shots(page, 'mesa-control-address');
  });

  it('/credito-imprimir/:id: the same contract after a reload, offline too', async () => {
    const folio = await newRequest(baseURL, members.slice(2), '2345.50');
    await approveThroughApi(baseURL, folio, {
      monto: '2345.50',
      plazo: 10,
      tasa: '2',
      tasaMor: '3',
    });
    // The approval made the request's contract.
    const contracts = await api<ContractRow[]>(baseURL, 'gerente', 'contratos.json');
    const id = contracts.find((c) => c.solicitud === folio)?.id ?? null;
    expect(id).not.toBeNull();

    const { context, page } = await openAs(browser, 'gerente', {
      path: `/credito-imprimir/${id}`,
      readyOffline: true,
    });
    contexts.push(context);
    const header = page.getByTestId('contract-header');
    await expect(header.innerText({ timeout: 60_000 })).resolves.toContain(`Crédito ${id}`);
    await page.getByTestId('print-button').waitFor();

    await page.reload();
    await expect(header.innerText({ timeout: 60_000 })).resolves.toContain(`Crédito ${id}`);
    expect(new URL(page.url()).pathname).toBe(`/credito-imprimir/${id}`);

    // The phone without signal: the page and the contract come from the phone itself.
    await context.setOffline(true);
    await page.reload();
    await expect(header.innerText({ timeout: 60_000 })).resolves.toContain(`Crédito ${id}`);
    await page.getByTestId('print-button').waitFor();
    await shots(page, 'credito-imprimir-address');
  });
});
