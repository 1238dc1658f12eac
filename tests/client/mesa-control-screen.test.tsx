import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { getDb } from '#db/database';
import { outboxItems } from '#sync/queries';
import { getSelection, clearSelection } from '#ui/selection-store.ts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json } from './api-fake-fetch';
import { freshDevice, setOnline } from './sync-fixtures';
import { answerFor, fixToday, openDecisionScreen, request } from './mesa-control-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
  fixToday();
});

afterEach(async () => {
  clearSelection('solicitud');
  // The desk keeps what is typed per request for a reload; each test starts without it.
  sessionStorage.clear();
  await freshDevice();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Ui = ReturnType<typeof userEvent.setup>;

const SYNC_TITLE = 'Sincronización';
const PATCH_41 = 'PATCH /api/solic-creditos/41.json';

function open(
  extra: Parameters<typeof openDecisionScreen>[0]['extra'] = {},
  folio: number | null = 41,
) {
  return openDecisionScreen({
    role: 'CO',
    path: '/mesa-control',
    folio,
    title: 'Mesa de control',
    extra,
  });
}

async function tickAll(ui: Ui) {
  for (const box of within(screen.getByTestId('mesa-questions')).getAllByRole('checkbox')) {
    await ui.click(box);
  }
}

async function confirm(ui: Ui) {
  await ui.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
  );
}

const comment = () => screen.getByRole('textbox', { name: /^Comentario del coordinador/ });

describe('control desk: what the coordinator sees', { timeout: 30_000 }, () => {
  it('with no request chosen it goes back to /solicitudes, where requests are chosen', async () => {
    const { router } = await open({}, null);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/solicitudes'), {
      timeout: 10_000,
    });
  });

  it('shows the request, the applicant and guarantor, the history and the conversation', async () => {
    await open();
    const req = screen.getByTestId('review-request');
    expect(req.textContent).toContain('5 · Juana Gómez Cruz');
    expect(req.textContent).toContain('$6,000.00');
    expect(req.textContent).toContain('10 meses');
    expect(req.textContent).toContain('Renovar cafetal con plantas nuevas');

    const applicant = await screen.findByTestId('mesa-member');
    await within(applicant).findByText(/Juana Gómez Cruz/);
    expect(within(applicant).getByRole('img', { name: 'Activo' })).toBeTruthy();
    // Documents on file and missing.
    expect(within(applicant).getByText('CURP').closest('li')!.className).toBe('is-on-file');
    expect(within(applicant).getByText('Comprobante de domicilio').closest('li')!.className).toBe(
      'is-missing',
    );
    // The guarantor is inactive in coffee.
    const aval = screen.getByTestId('mesa-aval');
    expect(within(aval).getByRole('img', { name: 'Inactivo' })).toBeTruthy();

    // History: contract 101 overdue with its debt today (hand-computed: capital 9,000 +
    // ordinary 1,800 − 400 paid + late 900 = 11,300), contract 102 paid, request 30.
    const history = await screen.findByTestId('mesa-history');
    expect(within(history).getByTestId('mesa-overdue').textContent).toBe(
      'Tiene 1 crédito vencido.',
    );
    const contracts = within(history).getByRole('table', { name: 'Créditos' });
    const rows = within(contracts).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['101', '102']);
    expect(rows[0]!.textContent).toContain('Vencido');
    expect(rows[0]!.textContent).toContain('$11,300.00');
    expect(rows[1]!.textContent).toContain('Pagado');
    const requests = within(history).getByRole('table', { name: 'Otras solicitudes' });
    // Member 5's other requests: 42 (2026-03-02) and 30 (2025-05-20), newest first.
    const folios = within(requests)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(folios).toEqual(['42', '30']);
    expect(screen.getByTestId('review-chat').textContent).toContain('Socia cumplida');
  });
});

describe('control desk: the decision', { timeout: 30_000 }, () => {
  it('rejecting without a comment is refused with the spec message and queues nothing', async () => {
    const { api } = await open();
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('mesa-reject'));
    // The message shows under the comment, which takes the focus.
    await vi.waitFor(() =>
      expect(comment().closest('.field')?.querySelector('.field-message')?.textContent).toBe(
        'Por favor agrega algún comentario del porqué estás rechazando',
      ),
    );
    expect(document.activeElement).toBe(comment());
    expect(comment().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await outboxItems()).toHaveLength(0);
    expect(api.calls('PATCH', '/api/solic-creditos/41.json')).toHaveLength(0);
  });

  it('approving needs the four questions ticked', async () => {
    await open();
    const ui = userEvent.setup();
    const boxes = within(screen.getByTestId('mesa-questions')).getAllByRole('checkbox');
    await ui.click(boxes[0]!);
    await ui.click(boxes[1]!);
    await ui.click(boxes[2]!);
    await ui.click(screen.getByTestId('mesa-approve'));
    const questions = screen.getByTestId('mesa-questions');
    await vi.waitFor(() =>
      expect(questions.querySelector('.field-message')?.textContent).toBe(
        'Marca las cuatro preguntas para aprobar',
      ),
    );
    expect(boxes[3]!.getAttribute('aria-invalid')).toBe('true');
    expect(boxes[0]!.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await outboxItems()).toHaveLength(0);

    // The fourth one ticked: now the approval asks for confirmation.
    await ui.click(boxes[3]!);
    await ui.click(screen.getByTestId('mesa-approve'));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      '¿Aprobar la solicitud 41 y enviarla a evaluación del gerente?',
    );
  });

  it('approval: PATCH with the questions and the comment; success alert; selection cleared', async () => {
    const { api } = await open({
      [PATCH_41]: (req) => json(answerFor(41, req.body as Record<string, unknown>)),
    });
    const ui = userEvent.setup();
    await tickAll(ui);
    await ui.type(
      screen.getByRole('textbox', { name: /^Irregularidades/ }),
      '  Falta firma del aval ',
    );
    await ui.type(comment(), 'Todo en orden');
    await ui.click(screen.getByTestId('mesa-approve'));
    await confirm(ui);

    const alert = await screen.findByTestId('review-alert', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(alert.dataset.outcome).toBe('sent'));
    expect(alert.textContent).toContain('Solicitud de Crédito aprobado correctamente');
    const [patch] = api.calls('PATCH', '/api/solic-creditos/41.json');
    expect(patch!.body).toEqual({
      estatus_solicitud: 'AP',
      pregunta_1: true,
      pregunta_2: true,
      pregunta_3: true,
      pregunta_4: true,
      irregularidades: 'Falta firma del aval',
      comentarios_coordinador: 'Todo en orden',
    });
    expect(patch!.headers.get('Idempotency-Key')).toBeTruthy();
    await vi.waitFor(() => expect(getSelection('solicitud').ids).toEqual([]));
    // The screen stays on the decided request, now read-only, with the server's answer.
    expect(screen.queryByTestId('mesa-approve')).toBeNull();
    expect(screen.getByText('Solicitud: Aprobada')).toBeTruthy();
    expect(screen.getByTestId('review-chat').textContent).toContain('Todo en orden');
    const stored = await getDb().solicitudes.get(41);
    expect(stored?.estatus_solicitud).toBe('AP');
    expect(stored?._pending).toBeUndefined();
  });

  it('rejection with a comment: "rechazada y enviada a promotor"', async () => {
    const { api } = await open({
      [PATCH_41]: (req) => json(answerFor(41, req.body as Record<string, unknown>)),
    });
    const ui = userEvent.setup();
    await ui.type(comment(), 'Falta documentación');
    await ui.click(screen.getByTestId('mesa-reject'));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      '¿Rechazar la solicitud 41 y regresarla al promotor?',
    );
    await confirm(ui);
    const alert = await screen.findByTestId('review-alert', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(alert.dataset.outcome).toBe('sent'));
    expect(alert.textContent).toContain('Solicitud 41 rechazada y enviada a promotor');
    expect(api.calls('PATCH', '/api/solic-creditos/41.json')[0]!.body).toMatchObject({
      estatus_solicitud: 'RE',
      comentarios_coordinador: 'Falta documentación',
    });
  });

  it('a server refusal shows under its field; the correction is sent with a new key', async () => {
    let first = true;
    const { api } = await open({
      [PATCH_41]: (req) => {
        if (first) {
          first = false;
          return json({ comentarios_coordinador: ['Comentario no permitido.'] }, 400);
        }
        return json(answerFor(41, req.body as Record<string, unknown>));
      },
    });
    const ui = userEvent.setup();
    await ui.type(comment(), 'xx');
    await ui.click(screen.getByTestId('mesa-reject'));
    await confirm(ui);
    expect(
      await screen.findByText('Comentario no permitido.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(comment().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('review-status').textContent).toContain('El servidor rechazó');

    await ui.clear(comment());
    await ui.type(comment(), 'Falta documentación');
    await ui.click(screen.getByTestId('mesa-reject'));
    await confirm(ui);
    const alert = await screen.findByTestId('review-alert', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(alert.dataset.outcome).toBe('sent'));
    const patches = api.calls('PATCH', '/api/solic-creditos/41.json');
    expect(patches).toHaveLength(2);
    expect(patches[1]!.body).toMatchObject({ comentarios_coordinador: 'Falta documentación' });
    expect(patches[0]!.headers.get('Idempotency-Key')).not.toBe(
      patches[1]!.headers.get('Idempotency-Key'),
    );
  });

  it('offline: the decision is saved on the device and shown at once as pending', async () => {
    const { api } = await open();
    setOnline(false);
    const ui = userEvent.setup();
    await ui.type(comment(), 'Falta documentación');
    await ui.click(screen.getByTestId('mesa-reject'));
    await confirm(ui);
    const alert = await screen.findByTestId('review-alert', {}, { timeout: 10_000 });
    expect(alert.dataset.outcome).toBe('queued');
    expect(alert.textContent).toContain('guardada en este equipo');
    expect(api.calls('PATCH', '/api/solic-creditos/41.json')).toHaveLength(0);
    const [row] = await outboxItems();
    expect(row!.kind).toBe('solicitud.review');
    expect(row!.status).toBe('pending');
    const stored = await getDb().solicitudes.get(41);
    expect(stored?.estatus_solicitud).toBe('RE');
    expect(stored?._pending).toBe(row!.id);
  });
  it('a decision saved offline and refused once sent is corrected on the same screen', async () => {
    let first = true;
    const { api } = await open({
      [PATCH_41]: (req) => {
        if (first) {
          first = false;
          return json({ comentarios_coordinador: ['Comentario no permitido.'] }, 400);
        }
        return json(answerFor(41, req.body as Record<string, unknown>));
      },
    });
    setOnline(false);
    const ui = userEvent.setup();
    await ui.type(comment(), 'xx');
    await ui.click(screen.getByTestId('mesa-reject'));
    await confirm(ui);
    const queued = await screen.findByTestId('review-alert', {}, { timeout: 10_000 });
    expect(queued.dataset.outcome).toBe('queued');
    expect(screen.queryByTestId('mesa-reject')).toBeNull();

    setOnline(true);
    expect(
      await screen.findByText('Comentario no permitido.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect((comment() as HTMLTextAreaElement).value).toBe('xx');
    await ui.clear(comment());
    await ui.type(comment(), 'Falta documentación');
    await ui.click(screen.getByTestId('mesa-reject'));
    await confirm(ui);
    const alert = await screen.findByTestId('review-alert', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(alert.dataset.outcome).toBe('sent'));
    const patches = api.calls('PATCH', '/api/solic-creditos/41.json');
    expect(patches).toHaveLength(2);
    expect(patches[1]!.body).toMatchObject({ comentarios_coordinador: 'Falta documentación' });
  });
  it('the sync center reopens a refused decision with its values and the server message', async () => {
    const { router } = await open({
      [PATCH_41]: () => json({ comentarios_coordinador: ['Comentario no permitido.'] }, 400),
    });
    const ui = userEvent.setup();
    await ui.type(comment(), 'Falta INE');
    await ui.click(screen.getByTestId('mesa-reject'));
    await confirm(ui);
    await screen.findByText('Comentario no permitido.', {}, { timeout: 10_000 });
    const [row] = await outboxItems();
    expect(row!.status).toBe('rejected');

    // Later, from elsewhere: nothing is selected, the sync center link names the item.
    clearSelection('solicitud');
    await router.navigate('/sincronizacion');
    await screen.findByRole('heading', { level: 1, name: SYNC_TITLE });
    await router.navigate(`/mesa-control?corregir=${row!.id}`);
    // The desk moves to the request's own address, keeping the correction.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mesa-control/41'));
    expect(router.state.location.search).toBe(`?corregir=${row!.id}`);
    expect(
      await screen.findByText('Comentario no permitido.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect((comment() as HTMLTextAreaElement).value).toBe('Falta INE');
    expect(screen.getByTestId('mesa-reject')).toBeTruthy();
  });
});

describe('control desk: who may decide', { timeout: 30_000 }, () => {
  it('a visitor sees the request but no decision buttons', async () => {
    await openDecisionScreen({
      role: 'VI',
      path: '/mesa-control',
      folio: 41,
      title: 'Mesa de control',
    });
    expect(screen.getByTestId('review-state').textContent).toContain(
      'Sólo coordinación y gerencia pueden revisar solicitudes.',
    );
    expect(screen.queryByTestId('mesa-approve')).toBeNull();
    expect(screen.queryByTestId('mesa-reject')).toBeNull();
  });

  it('a request no longer in review is read-only', async () => {
    await openDecisionScreen({
      role: 'CO',
      path: '/mesa-control',
      folio: 41,
      title: 'Mesa de control',
      requests: [request(41, { estatus_solicitud: 'RE' })],
    });
    expect(screen.getByTestId('review-state').textContent).toContain('ya no está en revisión');
    expect(screen.queryByTestId('mesa-approve')).toBeNull();
  });
});
