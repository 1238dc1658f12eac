/**
 * One-record screens carry their record in the address (#domain/record-routes): opened at
 * `/mesa-control/<folio>` or `/credito-imprimir/<id>` with nothing chosen before — a reload or
 * a shared link — they show that record from the replica, offline too; the bare path moves to
 * the chosen record's address, or to the list where records are chosen; what the coordinator
 * typed on the control desk comes back after a reload until the decision is saved.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '#i18n/setup';
import { appRoutes } from '#app/router.tsx';
import { parseRecordPath } from '#domain/record-routes';
import { recordRoute } from '#features/bandeja/inbox-links.ts';
import { actionRoute } from '#features/creditos/contract-actions.ts';
import { clearSelection, setSelection } from '#ui/selection-store.ts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json } from './api-fake-fetch';
import { forgetSelection, openCredits } from './creditos-fixtures';
import { answerFor, fixToday, openDecisionScreen } from './mesa-control-fixtures';
import { freshDevice, setOnline } from './sync-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
  fixToday();
  forgetSelection();
  clearSelection('solicitud');
  sessionStorage.clear();
});

afterEach(async () => {
  clearSelection('solicitud');
  sessionStorage.clear();
  await freshDevice();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The app started again at `path` on the same device and session (what a reload does). */
function reloadAt(path: string) {
  cleanup();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const header = () => screen.findByTestId('contract-header', {}, { timeout: 10_000 });

describe('addresses of one-record screens', () => {
  it('reads `<screen>/<id>` and nothing else as a record address', () => {
    expect(parseRecordPath('/mesa-control/41')).toEqual({ route: '/mesa-control', id: 41 });
    expect(parseRecordPath('/Credito-Imprimir/101/')).toEqual({
      route: '/credito-imprimir',
      id: 101,
    });
    expect(parseRecordPath('/mesa-control/0')).toBeNull();
    expect(parseRecordPath('/mesa-control/4a')).toBeNull();
    expect(parseRecordPath('/mesa-control/41/x')).toBeNull();
    expect(parseRecordPath('/socios/41')).toBeNull();
  });

  it('the links that open them name the record', () => {
    expect(actionRoute('print', 101)).toBe('/credito-imprimir/101');
    expect(actionRoute('activate', 7)).toBe('/credito-activar/7');
    expect(actionRoute('waive', 7)).toBe('/condonacion/7');
    expect(actionRoute('extend', 7)).toBe('/prorroga/7');
    expect(actionRoute('pay', 7)).toBe('/pago-formato');
    expect(recordRoute('solicitud.create', '41', 5)).toBe('/mesa-control/41');
    expect(recordRoute('viaje.close', '12', null)).toBe('/cierres-viaje?abrir=12');
  });
});

describe('/credito-imprimir/<id>', { timeout: 30_000 }, () => {
  it('opens the contract its address names, with nothing chosen, and again after a reload', async () => {
    const { router } = await openCredits('GE', '/credito-imprimir/102', {}, 'Imprimir contrato');
    expect((await header()).textContent).toContain('Crédito 102');
    expect(router.state.location.pathname).toBe('/credito-imprimir/102');

    const again = reloadAt('/credito-imprimir/102');
    await screen.findByRole('heading', { level: 1, name: 'Imprimir contrato' });
    expect((await header()).textContent).toContain('Crédito 102');
    expect(again.state.location.pathname).toBe('/credito-imprimir/102');
  });

  it('offline: the phone opens it from its replica', async () => {
    const { router } = await openCredits('GE');
    setOnline(false);
    await router.navigate('/credito-imprimir/101');
    expect((await header()).textContent).toContain('Crédito 101');
    expect(screen.getByTestId('print-button')).toBeTruthy();
  });

  it('the bare path moves to the chosen contract’s address; with none, to /creditos', async () => {
    const { router } = await openCredits('GE', '/creditos');
    setSelection<number>('contrato', { '101': 101 });
    await router.navigate('/credito-imprimir');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/credito-imprimir/101'));
    expect((await header()).textContent).toContain('Crédito 101');

    forgetSelection();
    const bare = reloadAt('/credito-imprimir');
    await vi.waitFor(() => expect(bare.state.location.pathname).toBe('/creditos'));
  });

  it('a contract the phone does not hold says so', async () => {
    await openCredits('GE', '/credito-imprimir/999', {}, 'Imprimir contrato');
    expect((await screen.findByTestId('contract-not-found')).textContent).toBe(
      'Error al buscar información del crédito',
    );
  });
});

function openDesk(path: string, folio: number | null = null) {
  return openDecisionScreen({ role: 'CO', path, folio, title: 'Mesa de control' });
}

const requestHeading = (folio: number) =>
  screen.findByRole('heading', { level: 2, name: `Solicitud ${folio}` }, { timeout: 10_000 });

const comment = () => screen.getByRole('textbox', { name: /^Comentario del coordinador/ });

describe('/mesa-control/<folio>', { timeout: 30_000 }, () => {
  it('opens the request its address names, with nothing chosen, and again after a reload', async () => {
    const { router } = await openDesk('/mesa-control/41');
    await requestHeading(41);
    expect(router.state.location.pathname).toBe('/mesa-control/41');

    const again = reloadAt('/mesa-control/41');
    await screen.findByRole('heading', { level: 1, name: 'Mesa de control' });
    await requestHeading(41);
    expect(again.state.location.pathname).toBe('/mesa-control/41');
  });

  it('the chosen request and the field inbox’s older `?folio=` move to the address', async () => {
    const { router } = await openDesk('/mesa-control', 41);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mesa-control/41'));
    clearSelection('solicitud');
    const fromInbox = reloadAt('/mesa-control?folio=41');
    await vi.waitFor(() => expect(fromInbox.state.location.pathname).toBe('/mesa-control/41'));
    expect(fromInbox.state.location.search).toBe('');
    await requestHeading(41);
  });

  it('the bare path with nothing chosen leads to /solicitudes', async () => {
    const { router } = await openDesk('/mesa-control');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/solicitudes'));
  });

  it('a folio the phone does not hold says so', async () => {
    await openDesk('/mesa-control/999');
    expect(await screen.findByText('La solicitud 999 no está en este equipo.')).toBeTruthy();
  });

  it('the evaluation keeps its request in the address too', async () => {
    await openDecisionScreen({
      role: 'GE',
      path: '/evaluacion/41',
      folio: null,
      title: 'Evaluación de solicitud',
    });
    await requestHeading(41);
  });

  it('what is typed survives a reload until the decision is saved', async () => {
    const { api } = await openDecisionScreen({
      role: 'CO',
      path: '/mesa-control/41',
      folio: null,
      title: 'Mesa de control',
      extra: {
        'PATCH /api/solic-creditos/41.json': (req) =>
          json(answerFor(41, req.body as Record<string, unknown>)),
      },
    });
    await requestHeading(41);
    const ui = userEvent.setup();
    await ui.type(comment(), 'Falta el aval en la visita');
    const questions = within(screen.getByTestId('mesa-questions')).getAllByRole('checkbox');
    await ui.click(questions[0]!);

    reloadAt('/mesa-control/41');
    await requestHeading(41);
    expect((comment() as HTMLTextAreaElement).value).toBe('Falta el aval en la visita');
    const again = within(screen.getByTestId('mesa-questions')).getAllByRole('checkbox');
    expect(again.map((box) => (box as HTMLInputElement).checked)).toEqual([
      true,
      false,
      false,
      false,
    ]);

    // Rejected with that comment: sent, and a later visit starts from the request again.
    await ui.click(screen.getByTestId('mesa-reject'));
    await ui.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
    );
    const alert = await screen.findByTestId('review-alert', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(alert.dataset.outcome).toBe('sent'));
    expect(api.calls('PATCH', '/api/solic-creditos/41.json')[0]!.body).toMatchObject({
      comentarios_coordinador: 'Falta el aval en la visita',
    });
    reloadAt('/mesa-control/41');
    await requestHeading(41);
    expect((comment() as HTMLTextAreaElement).value).toBe('');
  });
});
