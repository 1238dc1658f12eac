import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { todayIn } from '#domain/dates';
import { getDb } from '#db/database';
import { outboxItems } from '#sync/queries';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json, type SeenRequest } from './api-fake-fetch';
import { freshDevice, setOnline } from './sync-fixtures';
import { openRequests, request, REQUESTS } from './solicitudes-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Ui = ReturnType<typeof userEvent.setup>;

const FORM = '/solicitud-formato';

/** The message shown under a control (its field's), or null. */
function messageOf(control: HTMLElement): string | null {
  return control.closest('.field')?.querySelector('.field-message')?.textContent ?? null;
}

const combo = (name: RegExp) => screen.getByRole('combobox', { name });
const queryCombo = (name: RegExp) => screen.queryByRole('combobox', { name });
const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
const queryTextbox = (name: RegExp) => screen.queryByRole('textbox', { name });
const selected = (select: HTMLElement) => {
  const s = select as HTMLSelectElement;
  return s.options[s.selectedIndex]?.textContent;
};

/** Open the member search of `testId`, type `query`, pick the row with `name`. */
async function pickMember(ui: Ui, testId: string, query: string, name: string) {
  await ui.click(await screen.findByTestId(testId));
  const picker = await screen.findByRole('dialog', { name: /^Buscar/ });
  await ui.type(within(picker).getByRole('searchbox'), query);
  await ui.click(await within(picker).findByRole('button', { name: new RegExp(name) }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: /^Buscar/ })).toBeNull());
}

/** Open the request form as `role` and wait for it (and for the replica's members). */
async function openForm(
  role: Parameters<typeof openRequests>[0],
  options: Parameters<typeof openRequests>[1] = {},
) {
  const opened = await openRequests(role, { path: FORM, ...options });
  if (role !== 'VI') await screen.findByTestId('solicitud-save', {}, { timeout: 10_000 });
  // The first pull has brought the members (an offline test cuts the network after it).
  await vi.waitFor(async () => expect(await getDb().socios.count()).toBeGreaterThan(0), {
    timeout: 10_000,
  });
  return opened;
}

async function submit(ui: Ui) {
  await ui.click(screen.getByTestId('solicitud-save'));
}

async function confirm(ui: Ui) {
  await ui.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
  );
}

/** A complete request: member 5 (coffee), guarantor 6, 2500.50 over 10 months. */
async function fillRequest(ui: Ui) {
  await pickMember(ui, 'solicitud-socio', 'Juana', 'Juana Gómez Cruz');
  await ui.type(textbox(/^Monto solicitado/), '2500.50');
  await ui.type(textbox(/^Plazo de pago/), '10');
  await ui.selectOptions(combo(/^Actividad productiva/), 'CA');
  await ui.type(textbox(/^Justificación/), 'Fertilizante para el cafetal');
  await pickMember(ui, 'solicitud-aval', '6', 'Pedro López Cruz');
  await ui.type(textbox(/^Familiar responsable/), 'Marta Gómez');
  await ui.type(textbox(/^Comentario del promotor/), 'Socia cumplida');
}

/** The server's answer to a create: the body as a request with its names. */
function createdAnswer(folio: number, seen: SeenRequest) {
  const body = seen.body as Record<string, unknown>;
  return request(folio, {
    ...body,
    aval_nombre: 'Pedro López Cruz',
    chat: [
      {
        id: 90,
        user: 'Ana López',
        fecha: '2026-03-10T15:00:00.000Z',
        comentario: body.comentarios_promotor,
      },
    ],
  });
}

describe('new request form: defaults and conditional rules', { timeout: 30_000 }, () => {
  it('opens with today, type MC and reason TR; TR shows the activity, nothing else', async () => {
    await openForm('PR');
    expect((screen.getByLabelText(/^Fecha de solicitud/) as HTMLInputElement).value).toBe(
      todayIn(),
    );
    expect(selected(combo(/^Tipo de crédito/))).toBe('Microcrédito');
    expect(selected(combo(/^Motivo del crédito/))).toBe('Trabajo');
    expect(combo(/^Actividad productiva/)).toBeTruthy();
    expect(queryTextbox(/^Otro motivo/)).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Emergencia médica/ })).toBeNull();
    expect(queryTextbox(/^Otra actividad/)).toBeNull();
  });

  it('type CP hides the reason and forces TR (the activity stays); back to MC the reason is TR', async () => {
    const ui = userEvent.setup();
    await openForm('PR');
    await ui.selectOptions(combo(/^Motivo del crédito/), 'OT');
    await ui.type(textbox(/^Otro motivo/), 'Boda');
    await ui.selectOptions(combo(/^Tipo de crédito/), 'CP');
    expect(queryCombo(/^Motivo del crédito/)).toBeNull();
    expect(queryTextbox(/^Otro motivo/)).toBeNull();
    expect(screen.getByTestId('solicitud-cp-note').textContent).toContain('Trabajo');
    expect(combo(/^Actividad productiva/)).toBeTruthy();
    await ui.selectOptions(combo(/^Tipo de crédito/), 'MC');
    expect(selected(combo(/^Motivo del crédito/))).toBe('Trabajo');
    expect(queryTextbox(/^Otro motivo/)).toBeNull();
  });

  it('reason OT shows a free text that is required; the activity is not asked', async () => {
    const ui = userEvent.setup();
    await openForm('PR');
    await ui.selectOptions(combo(/^Motivo del crédito/), 'OT');
    const other = textbox(/^Otro motivo/);
    expect(queryCombo(/^Actividad productiva/)).toBeNull();
    await submit(ui);
    await vi.waitFor(() => expect(messageOf(other)).toBe('Campo requerido'));
    await ui.type(other, 'Reparar el techo');
    await ui.tab();
    expect(messageOf(other)).toBeNull();
  });

  it('reason SA shows the medical-emergency checkbox, and only SA', async () => {
    const ui = userEvent.setup();
    await openForm('PR');
    await ui.selectOptions(combo(/^Motivo del crédito/), 'SA');
    const emergency = screen.getByRole('checkbox', { name: 'Emergencia médica' });
    expect((emergency as HTMLInputElement).checked).toBe(false);
    await ui.click(emergency);
    expect((emergency as HTMLInputElement).checked).toBe(true);
    expect(queryCombo(/^Actividad productiva/)).toBeNull();
    for (const reason of ['AL', 'ED', 'FI', 'TR', 'OT']) {
      await ui.selectOptions(combo(/^Motivo del crédito/), reason);
      expect(screen.queryByRole('checkbox', { name: 'Emergencia médica' })).toBeNull();
    }
  });

  it('reason TR requires the activity; activity OT shows a required free text', async () => {
    const ui = userEvent.setup();
    await openForm('PR');
    await submit(ui);
    const activity = combo(/^Actividad productiva/);
    await vi.waitFor(() => expect(messageOf(activity)).toBe('Campo requerido'));
    await ui.selectOptions(activity, 'OT');
    expect(messageOf(activity)).toBeNull();
    const otherActivity = textbox(/^Otra actividad productiva/);
    await submit(ui);
    await vi.waitFor(() => expect(messageOf(otherActivity)).toBe('Campo requerido'));
    await ui.type(otherActivity, 'Carpintería');
    expect(messageOf(otherActivity)).toBeNull();
    await ui.selectOptions(activity, 'MI');
    expect(queryTextbox(/^Otra actividad productiva/)).toBeNull();
  });

  it('an empty form marks the required fields and queues nothing', async () => {
    const ui = userEvent.setup();
    await openForm('PR');
    await submit(ui);
    await vi.waitFor(() =>
      expect(messageOf(textbox(/^Monto solicitado/))).toBe('Se requiere un número'),
    );
    expect(messageOf(screen.getByTestId('solicitud-socio'))).toBe('Se requiere un número');
    expect(messageOf(screen.getByTestId('solicitud-aval'))).toBe('Se requiere un número');
    expect(messageOf(textbox(/^Plazo de pago/))).toBe('Se requiere un número');
    expect(messageOf(textbox(/^Justificación/))).toBe('Campo requerido');
    expect(messageOf(textbox(/^Familiar responsable/))).toBe('Campo requerido');
    expect(messageOf(textbox(/^Comentario del promotor/))).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await outboxItems()).toHaveLength(0);
  });

  it('opening the member search shows no message; closing it empty does; with another field in error each empty one shows its own', async () => {
    const ui = userEvent.setup();
    await openForm('PR');
    const applicant = screen.getByTestId('solicitud-socio');
    await ui.click(applicant);
    await screen.findByRole('dialog', { name: /^Buscar/ });
    expect(messageOf(applicant)).toBeNull();
    await ui.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: /^Buscar/ })).toBeNull());
    expect(messageOf(applicant)).toBe('Se requiere un número');
    // Another field in error (the amount); the empty required ones each say so.
    await ui.type(textbox(/^Monto solicitado/), '10.555');
    await ui.type(textbox(/^Plazo de pago/), '10');
    await ui.type(textbox(/^Justificación/), 'Fertilizante');
    await submit(ui);
    await vi.waitFor(() =>
      expect(messageOf(textbox(/^Monto solicitado/))).toBe(
        'Debe ser un número con máximo 2 decimales',
      ),
    );
    expect(messageOf(applicant)).toBe('Se requiere un número');
    expect(messageOf(screen.getByTestId('solicitud-aval'))).toBe('Se requiere un número');
    expect(messageOf(textbox(/^Familiar responsable/))).toBe('Campo requerido');
    expect(messageOf(combo(/^Actividad productiva/))).toBe('Campo requerido');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('amount 0.01–9999999 with 2 decimals, term 1–100, date not in the future', async () => {
    const ui = userEvent.setup();
    await openForm('PR');
    const amount = textbox(/^Monto solicitado/);
    await ui.type(amount, '10.555');
    await ui.tab();
    expect(messageOf(amount)).toBe('Debe ser un número con máximo 2 decimales');
    await ui.clear(amount);
    await ui.type(amount, '10000000');
    await ui.tab();
    expect(messageOf(amount)).toBe('el número debe ser menor a 9999999');
    const term = textbox(/^Plazo de pago/);
    await ui.type(term, '101');
    await ui.tab();
    expect(messageOf(term)).toBe('el número debe ser menor a 100');
    const date = screen.getByLabelText(/^Fecha de solicitud/);
    fireEvent.change(date, { target: { value: '2999-01-01' } });
    fireEvent.blur(date);
    await vi.waitFor(() => expect(messageOf(date)).toBe('La fecha debe ser hoy o anterior a hoy'));
  });
});

describe('members and processes', { timeout: 30_000 }, () => {
  it('only the processes the applicant is active in can be chosen; one is chosen for you', async () => {
    const ui = userEvent.setup();
    await openForm('PR');
    expect(screen.getByText('Elige primero al socio solicitante.')).toBeTruthy();
    await pickMember(ui, 'solicitud-socio', 'Pedro', 'Pedro López Cruz');
    expect(screen.getByTestId('solicitud-socio-value').textContent).toContain('6');
    const coffee = () => screen.getByRole('button', { name: /^Café:/ });
    const honey = () => screen.getByRole('button', { name: /^Miel:/ });
    expect(coffee()).toHaveProperty('disabled', false);
    expect(honey()).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: /^Jabones:/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /^Salarios:/ })).toHaveProperty('disabled', true);
    await ui.click(honey());
    expect(honey().getAttribute('aria-pressed')).toBe('true');

    // Juana is active in coffee only: honey cannot stay, coffee is the obvious choice.
    await pickMember(ui, 'solicitud-socio', '5', 'Juana Gómez Cruz');
    expect(coffee().getAttribute('aria-pressed')).toBe('true');
    expect(honey()).toHaveProperty('disabled', true);

    await pickMember(ui, 'solicitud-socio', 'Tomás', 'Tomás Ruiz Cruz');
    expect(screen.getByText(/no está activo en ningún proceso/)).toBeTruthy();
    for (const name of [/^Café:/, /^Miel:/, /^Jabones:/, /^Salarios:/]) {
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    }
    await submit(ui);
    const group = screen.getByRole('group', { name: 'Proceso' });
    await vi.waitFor(() => expect(messageOf(group)).toBe('Campo requerido'));
  });

  it('the guarantor search offers every member but the applicant', async () => {
    const ui = userEvent.setup();
    await openForm('PR');
    await pickMember(ui, 'solicitud-socio', 'Juana', 'Juana Gómez Cruz');
    await ui.click(screen.getByTestId('solicitud-aval'));
    const picker = await screen.findByRole('dialog', { name: 'Buscar aval' });
    const names = within(picker)
      .getAllByRole('button')
      .map((b) => b.textContent ?? '')
      .filter((text) => /\d/.test(text));
    expect(names.some((n) => n.includes('Pedro López Cruz'))).toBe(true);
    expect(names.some((n) => n.includes('Juana Gómez Cruz'))).toBe(false);
  });
});

describe('saving through the outbox', { timeout: 40_000 }, () => {
  it('online: the request is sent and the screen says "Solicitud 41 creado correctamente"', async () => {
    const ui = userEvent.setup();
    const { api } = await openForm('PR', {
      extra: { 'POST /api/solic-creditos/': (seen) => json(createdAnswer(41, seen), 201) },
    });
    await fillRequest(ui);
    await submit(ui);
    await confirm(ui);
    const result = await screen.findByTestId('solicitud-result', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(result.textContent).toBe('Solicitud 41 creado correctamente'), {
      timeout: 10_000,
    });
    const [post] = api.calls('POST', '/api/solic-creditos/');
    expect(post!.body).toEqual({
      fecha_solicitud: todayIn(),
      clave_socio: 5,
      proceso: 'CF',
      tipo_credito: 'MC',
      mot_credito: 'TR',
      mot_credito_otro: null,
      emergencia_medica: false,
      act_productiva: 'CA',
      act_productiva_otro: null,
      monto_solicitado: '2500.50',
      plazo_de_pago_solicitado: 10,
      justificacion_credito: 'Fertilizante para el cafetal',
      aval: 6,
      familiar_responsable: 'Marta Gómez',
      comentarios_promotor: 'Socia cumplida',
    });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The server's request replaced the phone's: the list shows its folio, nothing pending.
    await ui.click(screen.getByTestId('solicitud-to-list'));
    const table = await screen.findByRole('table', { name: 'Solicitudes de crédito' });
    const folio = await within(table).findByText('41');
    expect(within(folio.closest('tr')!).queryByText('pendiente de enviar')).toBeNull();
    expect(within(table).queryByText('NUEVA')).toBeNull();
  });

  it('the confirmation shows what will be saved: applicant, process, date, credit, term, guarantor, amount in figures and words', async () => {
    const ui = userEvent.setup();
    await openForm('PR');
    await fillRequest(ui);
    await submit(ui);
    const review = within(await screen.findByRole('alertdialog')).getByTestId('solicitud-review');
    const line = (label: string) =>
      within(review).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(line('Socio')).toBe('5 Juana Gómez Cruz');
    expect(line('Proceso')).toBe('Café');
    expect(line('Fecha de solicitud')).toMatch(/\d{1,2} \w{3} \d{4}/);
    expect(line('Tipo de crédito')).toBe('Microcrédito');
    expect(line('Plazo de pago solicitado (meses)')).toBe('10');
    expect(line('Aval')).toBe('6 Pedro López Cruz');
    expect(within(review).getByTestId('solicitud-review-total').textContent).toBe('$2,500.50');
    expect(within(review).getByTestId('solicitud-review-words').textContent).toBe(
      'dos mil quinientos pesos 50/100 M.N.',
    );
    expect(await outboxItems()).toEqual([]);
  });

  it('offline: lands in the outbox, shows saved-on-the-phone, and pending in the list', async () => {
    const ui = userEvent.setup();
    const { router } = await openForm('PR');
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await fillRequest(ui);
    await submit(ui);
    await confirm(ui);
    const result = await screen.findByTestId('solicitud-result', {}, { timeout: 10_000 });
    expect(result.textContent).toBe('Guardado en el teléfono; se enviará al conectarse.');

    const [row] = await outboxItems();
    expect(row).toMatchObject({ kind: 'solicitud.create', status: 'pending' });
    expect(row!.chainKey).toBe(`solicitud-${row!.recordId}`);
    expect(
      (row!.payload as { request: { monto_solicitado: string } }).request.monto_solicitado,
    ).toBe('2500.50');

    await ui.click(screen.getByTestId('solicitud-to-list'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/solicitudes'));
    const table = await screen.findByRole('table', { name: 'Solicitudes de crédito' });
    const added = await within(table).findByText('NUEVA');
    const tr = added.closest('tr')!;
    expect(await within(tr).findByText('pendiente de enviar')).toBeTruthy();
    expect(within(tr).getByText('$2,500.50')).toBeTruthy();
    // Its detail says it waits, and offers no decision.
    await ui.click(within(tr).getAllByRole('cell')[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Solicitud NUEVA' });
    expect(within(dialog).getByTestId('solicitud-pending-note')).toBeTruthy();
    expect(within(dialog).getByText('Socia cumplida')).toBeTruthy();
  });

  it('offline, a second request for the same member, date and amount is stopped before it is queued', async () => {
    const ui = userEvent.setup();
    const { router } = await openForm('PR');
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await fillRequest(ui);
    await submit(ui);
    await confirm(ui);
    await screen.findByTestId('solicitud-result', {}, { timeout: 10_000 });

    await router.navigate('/solicitudes');
    await screen.findByRole('table', { name: 'Solicitudes de crédito' });
    await router.navigate(FORM);
    await screen.findByTestId('solicitud-save');
    await fillRequest(ui);
    await submit(ui);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(
      'Este teléfono ya guardó una solicitud de este socio con la misma fecha y el mismo monto solicitado; todavía no se envía.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await outboxItems()).toHaveLength(1);
  });

  it('a refusal shows the server’s messages under their fields, also when reopened from the sync center', async () => {
    const ui = userEvent.setup();
    let first = true;
    const { router, api } = await openForm('PR', {
      extra: {
        'POST /api/solic-creditos/': (seen) => {
          if (first) {
            first = false;
            return json(
              {
                proceso: ['El socio no está activo en el proceso CF.'],
                non_field_errors: ['Ya existe la solicitud 11 con el mismo socio, fecha y monto.'],
              },
              400,
            );
          }
          return json(createdAnswer(42, seen), 201);
        },
      },
    });
    await fillRequest(ui);
    await submit(ui);
    await confirm(ui);
    expect(
      await screen.findByText('El socio no está activo en el proceso CF.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('solicitud-status').textContent).toContain('El servidor rechazó');

    const [row] = await outboxItems();
    expect(row!.status).toBe('rejected');
    // The sync center lists the refused item; its link reopens it in the form.
    await router.navigate('/sincronizacion');
    const item = await screen.findByTestId('outbox-item', {}, { timeout: 5000 });
    expect(item.textContent).toContain('Nueva solicitud de crédito: Juana Gómez Cruz');
    await ui.click(within(item).getByTestId('outbox-open'));
    await vi.waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/solicitud-formato?corregir=${row!.id}`,
      ),
    );
    expect(
      await screen.findByText('El socio no está activo en el proceso CF.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(
      screen.getByText('Ya existe la solicitud 11 con el mismo socio, fecha y monto.'),
    ).toBeTruthy();
    expect((textbox(/^Monto solicitado/) as HTMLInputElement).value).toBe('2500.50');
    expect(screen.getByTestId('solicitud-socio-value').textContent).toContain('Juana Gómez Cruz');
    expect((textbox(/^Familiar responsable/) as HTMLInputElement).value).toBe('Marta Gómez');

    // The correction replaces the refused item (a new key) and is accepted.
    await submit(ui);
    await confirm(ui);
    const result = await screen.findByTestId('solicitud-result', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(result.textContent).toBe('Solicitud 42 creado correctamente'), {
      timeout: 10_000,
    });
    const posts = api.calls('POST', '/api/solic-creditos/');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers.get('Idempotency-Key')).not.toBe(
      posts[1]!.headers.get('Idempotency-Key'),
    );
  });
});

describe('correct and resend (RE) and renegotiation (AP + NE)', { timeout: 40_000 }, () => {
  it('a rejected request reopens with its data; the comment is required; PATCH with RV', async () => {
    const ui = userEvent.setup();
    const { api } = await openForm('PR', {
      path: '/solicitud-formato?reenviar=14',
      extra: {
        'PATCH /api/solic-creditos/14.json': (seen) =>
          json(request(14, { ...(seen.body as object), estatus_solicitud: 'RV' })),
      },
    });
    expect(await screen.findByText('Corregir y reenviar la solicitud 14')).toBeTruthy();
    expect((textbox(/^Monto solicitado/) as HTMLInputElement).value).toBe('1500.00');
    expect(screen.getByTestId('solicitud-aval-value').textContent).toContain('Pedro López Cruz');
    const comment = textbox(/^Comentario del promotor/);
    await submit(ui);
    await vi.waitFor(() => expect(messageOf(comment)).toBe('Campo requerido'));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await ui.clear(textbox(/^Monto solicitado/));
    await ui.type(textbox(/^Monto solicitado/), '1200');
    await ui.type(comment, 'Ya está el aval');
    await submit(ui);
    await confirm(ui);
    const result = await screen.findByTestId('solicitud-result', {}, { timeout: 10_000 });
    await vi.waitFor(
      () => expect(result.textContent).toBe('Solicitud 14 corregida y reenviada correctamente'),
      { timeout: 10_000 },
    );
    const [patch] = api.calls('PATCH', '/api/solic-creditos/14.json');
    expect(patch!.body).toMatchObject({
      estatus_solicitud: 'RV',
      monto_solicitado: '1200.00',
      comentarios_promotor: 'Ya está el aval',
      clave_socio: 5,
      aval: 6,
    });
  });

  it('renegotiation shows the request and its chat, needs a comment, PATCH evaluation RV', async () => {
    const ui = userEvent.setup();
    const { api } = await openForm('PR', {
      path: '/solicitud-formato?renegociar=13',
      extra: {
        'PATCH /api/solic-creditos/13.json': () =>
          json({ ...REQUESTS[2]!, estatus_evaluacion: 'RV' }),
      },
    });
    expect(await screen.findByText('Renegociar la solicitud 13')).toBeTruthy();
    expect(within(screen.getByTestId('solicitud-chat')).getByText('Baja el monto')).toBeTruthy();
    const comment = textbox(/^Comentario del promotor/);
    await submit(ui);
    await vi.waitFor(() => expect(messageOf(comment)).toBe('Campo requerido'));
    await ui.type(comment, 'Acepta 1000 pesos');
    await submit(ui);
    await confirm(ui);
    const result = await screen.findByTestId('solicitud-result', {}, { timeout: 10_000 });
    await vi.waitFor(
      () => expect(result.textContent).toBe('Renegociación enviada correctamente.'),
      {
        timeout: 10_000,
      },
    );
    const [patch] = api.calls('PATCH', '/api/solic-creditos/13.json');
    expect(patch!.body).toEqual({
      estatus_evaluacion: 'RV',
      comentarios_promotor: 'Acepta 1000 pesos',
    });
  });

  it('offline renegotiation: the chat shows the comment as pending and the buttons wait', async () => {
    const ui = userEvent.setup();
    const { router } = await openForm('PR', { path: '/solicitud-formato?renegociar=13' });
    await screen.findByText('Renegociar la solicitud 13');
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await ui.type(textbox(/^Comentario del promotor/), 'Acepta 1000 pesos');
    await submit(ui);
    await confirm(ui);
    await screen.findByText(
      'Guardado en el teléfono; se enviará al conectarse.',
      {},
      { timeout: 10_000 },
    );
    const [row] = await outboxItems();
    expect(row).toMatchObject({
      kind: 'solicitud.renegotiate',
      recordId: 'solicitud-13',
      chainKey: 'solicitud-13',
    });

    await router.navigate('/solicitudes');
    const table = await screen.findByRole('table', { name: 'Solicitudes de crédito' });
    // Back in review of evaluation, it is recent again.
    const cell = await within(table).findByText('13');
    const tr = cell.closest('tr')!;
    expect(await within(tr).findByText('pendiente de enviar')).toBeTruthy();
    await ui.click(within(tr).getAllByRole('cell')[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Solicitud 13' });
    const chat = within(within(dialog).getByTestId('solicitud-chat'));
    const last = chat.getAllByRole('listitem').at(-1)!;
    expect(last.textContent).toContain('Acepta 1000 pesos');
    expect(last.textContent).toContain('pendiente de enviar');
    expect(within(dialog).queryByTestId('solicitud-action-renegociar')).toBeNull();
  });

  it('a request not in that state cannot be reopened for it', async () => {
    await openRequests('PR', { path: '/solicitud-formato?reenviar=11' });
    expect(await screen.findByText('Esta solicitud ya no está en ese estado.')).toBeTruthy();
    expect(screen.queryByTestId('solicitud-save')).toBeNull();
  });

  it('a visitor cannot capture requests', async () => {
    await openRequests('VI', { path: FORM });
    expect(await screen.findByText('Tu rol no puede capturar solicitudes.')).toBeTruthy();
    expect(screen.queryByTestId('solicitud-save')).toBeNull();
  });
});
