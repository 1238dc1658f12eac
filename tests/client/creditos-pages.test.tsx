import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { outboxItems } from '#sync/queries';
import { getSelection, setSelection } from '#ui/selection-store.ts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json } from './api-fake-fetch';
import { fixToday, forgetSelection, openCredits } from './creditos-fixtures';
import { freshDevice, setOnline } from './sync-fixtures';

beforeEach(async () => {
  fixToday();
  await useSpanish();
  await freshDevice();
  forgetSelection();
});

afterEach(async () => {
  await freshDevice();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const select = (id: number) => setSelection<number>('contrato', { [String(id)]: id });

async function confirm(ui: ReturnType<typeof userEvent.setup>) {
  await ui.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
  );
}

describe('a contract page opened without a contract goes to /creditos', { timeout: 20_000 }, () => {
  it.each([['/condonacion'], ['/prorroga'], ['/credito-activar'], ['/credito-imprimir']])(
    '%s',
    async (path) => {
      const { router } = await openCredits('GE', path, {}, null);
      // Where contracts are chosen.
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/creditos'), {
        timeout: 10_000,
      });
    },
  );

  it('a contract the replica does not hold: "Error al buscar información del crédito"', async () => {
    select(999);
    await openCredits('GE', '/prorroga', {}, 'Prórroga');
    expect((await screen.findByTestId('contract-not-found')).textContent).toBe(
      'Error al buscar información del crédito',
    );
  });
});

describe('waiver (/condonacion)', { timeout: 30_000 }, () => {
  it('with capital still owed the manager sees the amounts and why it cannot be waived', async () => {
    select(101);
    await openCredits('GE', '/condonacion', {}, 'Condonación');
    const blocked = await screen.findByTestId('waiver-blocked', {}, { timeout: 5000 });
    expect(blocked.textContent).toBe(
      'No se puede condonar: el capital por pagar es $9,000.00; debe ser 0.',
    );
    expect(screen.getByTestId('contract-figures').textContent).toContain('$9,400.00');
    expect(screen.queryByTestId('waiver-save')).toBeNull();
  });

  it('a coordinator cannot waive', async () => {
    select(107);
    await openCredits('CO', '/condonacion', {}, 'Condonación');
    expect((await screen.findByTestId('waiver-blocked', {}, { timeout: 5000 })).textContent).toBe(
      'Sólo el gerente puede condonar un crédito.',
    );
  });

  it('a paid contract is not waived (status must be VI or VE)', async () => {
    select(103);
    await openCredits('GE', '/condonacion', {}, 'Condonación');
    expect((await screen.findByTestId('waiver-blocked', {}, { timeout: 5000 })).textContent).toBe(
      'Sólo se puede condonar un crédito vigente o vencido y cobrado.',
    );
  });

  it('justification required, confirmation, POST /condonaciones/, success and finish', async () => {
    select(107);
    const { api, router } = await openCredits(
      'GE',
      '/condonacion',
      {
        'POST /api/condonaciones/': (request) =>
          json(
            {
              id: 31,
              credito: 107,
              fecha: '2026-03-15',
              total: '40.00',
              interes_ord: '40.00',
              interes_mor: '0.00',
              estatus_previo: 'VI',
              justificacion: (request.body as { justificacion: string }).justificacion,
            },
            201,
          ),
      },
      'Condonación',
    );
    const ui = userEvent.setup();
    expect(
      (await screen.findByTestId('waiver-message', {}, { timeout: 5000 })).textContent,
    ).toContain('crédito 107');
    expect(screen.getByTestId('contract-figures').textContent).toContain('$40.00');
    await ui.click(screen.getByTestId('waiver-save'));
    expect(await screen.findByText('Campo requerido')).toBeTruthy();
    await ui.type(screen.getByRole('textbox', { name: /^Justificación/ }), 'Siniestro en la milpa');
    await ui.click(screen.getByTestId('waiver-save'));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      '¿Condonar el crédito 107?',
    );
    await confirm(ui);

    const result = await screen.findByTestId('credito-result', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(result.dataset.outcome).toBe('sent'), { timeout: 10_000 });
    expect(result.textContent).toContain('Crédito 107 condonado correctamente');
    const [post] = api.calls('POST', '/api/condonaciones/');
    expect(post!.body).toEqual({ credito: 107, justificacion: 'Siniestro en la milpa' });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    await ui.click(screen.getByTestId('credito-finish'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/creditos'));
    expect(getSelection('contrato').ids).toEqual([]);
  });
});

describe('extension (/prorroga)', { timeout: 30_000 }, () => {
  it('previews the current and the new due date, validates 1–14, sends and shows the new date', async () => {
    select(101);
    const { api } = await openCredits(
      'GE',
      '/prorroga',
      {
        'PATCH /api/contratos/101/prorroga/': () =>
          json({ id: 101, prorroga: 3, plazo_disp: '6+3', fecha_vencimiento: '2026-09-01' }),
      },
      'Prórroga',
    );
    const ui = userEvent.setup();
    const months = await screen.findByRole(
      'textbox',
      { name: /^Meses de prórroga/ },
      { timeout: 5000 },
    );
    const preview = screen.getByTestId('extension-preview');
    const due = (which: string) =>
      preview.querySelector(`[data-figure="${which}"] dd`)!.textContent;
    expect(due('current')).toBe('1 jun 2026');
    expect(due('new')).toBe('—');

    await ui.type(months, '15');
    fireEvent.blur(months);
    expect(await screen.findByText('el número debe ser menor a 14')).toBeTruthy();
    expect(due('new')).toBe('—');
    await ui.clear(months);
    await ui.type(months, '3');
    await vi.waitFor(() => expect(due('new')).toBe('1 sep 2026'));

    await ui.click(screen.getByTestId('extension-save'));
    expect(await screen.findByText('Campo requerido')).toBeTruthy();
    await ui.type(screen.getByRole('textbox', { name: /^Justificación/ }), 'Helada');
    await ui.click(screen.getByTestId('extension-save'));
    await confirm(ui);

    const newDue = await screen.findByTestId('extension-new-due', {}, { timeout: 10_000 });
    await vi.waitFor(() =>
      expect(screen.getByTestId('credito-result').dataset.outcome).toBe('sent'),
    );
    expect(newDue.textContent).toBe('Nuevo vencimiento: 1 sep 2026');
    const [patch] = api.calls('PATCH', '/api/contratos/101/prorroga/');
    expect(patch!.body).toEqual({ prorroga: 3, prorroga_justificacion: 'Helada' });
  });

  it('an extension exists already: refused before sending', async () => {
    select(106);
    await openCredits('GE', '/prorroga', {}, 'Prórroga');
    expect(
      (await screen.findByTestId('extension-blocked', {}, { timeout: 5000 })).textContent,
    ).toBe('El crédito ya tiene una prórroga de 2 meses; sólo se permite una.');
  });

  it('only the manager extends', async () => {
    select(101);
    await openCredits('CO', '/prorroga', {}, 'Prórroga');
    expect(
      (await screen.findByTestId('extension-blocked', {}, { timeout: 5000 })).textContent,
    ).toBe('Sólo el gerente puede prorrogar un crédito.');
  });

  it('offline: saved on the phone in the chain of the contract; the list shows it pending', async () => {
    select(101);
    const { router } = await openCredits('GE', '/prorroga', {}, 'Prórroga');
    const ui = userEvent.setup();
    const months = await screen.findByRole(
      'textbox',
      { name: /^Meses de prórroga/ },
      { timeout: 5000 },
    );
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await ui.type(months, '2');
    await ui.type(screen.getByRole('textbox', { name: /^Justificación/ }), 'Lluvias');
    await ui.click(screen.getByTestId('extension-save'));
    await confirm(ui);

    const result = await screen.findByTestId('credito-result', {}, { timeout: 10_000 });
    expect(result.dataset.outcome).toBe('queued');
    expect(result.textContent).toContain('Guardado en el teléfono; se enviará al conectarse.');
    expect(screen.getByTestId('extension-new-due').textContent).toBe(
      'Nuevo vencimiento: 1 ago 2026',
    );
    const [row] = await outboxItems();
    expect(row).toMatchObject({
      kind: 'contrato.extend',
      status: 'pending',
      chainKey: 'credito-101',
      recordId: 'contrato-101',
    });

    await ui.click(screen.getByTestId('credito-finish'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/creditos'));
    const table = await screen.findByRole('table', { name: 'Créditos' });
    // The term and the due date are in the chooser, off by default.
    await ui.click(screen.getByTestId('dt-columns'));
    await ui.click(screen.getByRole('checkbox', { name: 'Plazo' }));
    await ui.click(screen.getByRole('checkbox', { name: 'Fecha de vencimiento' }));
    const line = await vi.waitFor(() => {
      const found = within(table)
        .getAllByRole('row')
        .find((r) => r.querySelectorAll('td')[1]?.textContent?.startsWith('101'));
      if (!found) throw new Error('no row 101');
      return found;
    });
    expect(line.textContent).toContain('pendiente de enviar');
    expect(line.textContent).toContain('6+2');
    expect(line.textContent).toContain('1 ago 2026');
  });
});

describe('a refused write comes back to its form', { timeout: 30_000 }, () => {
  it('the server message shows under its field; reopened from the sync center and sent again', async () => {
    select(101);
    let refuse = true;
    const { api, router } = await openCredits(
      'GE',
      '/prorroga',
      {
        'PATCH /api/contratos/101/prorroga/': () =>
          refuse
            ? json({ prorroga_justificacion: ['La justificación debe explicar la causa.'] }, 400)
            : json({ id: 101, prorroga: 4, plazo_disp: '6+4', fecha_vencimiento: '2026-10-01' }),
      },
      'Prórroga',
    );
    const ui = userEvent.setup();
    const months = await screen.findByRole(
      'textbox',
      { name: /^Meses de prórroga/ },
      { timeout: 5000 },
    );
    await ui.type(months, '4');
    await ui.type(screen.getByRole('textbox', { name: /^Justificación/ }), 'X');
    await ui.click(screen.getByTestId('extension-save'));
    await confirm(ui);
    expect(
      await screen.findByText('La justificación debe explicar la causa.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const [refused] = await outboxItems();
    expect(refused).toMatchObject({ kind: 'contrato.extend', status: 'rejected' });

    // The sync center's "Corregir" link: no selection needed, the item names the contract.
    forgetSelection();
    await router.navigate('/creditos');
    await screen.findByRole('heading', { level: 1, name: 'Créditos' });
    await router.navigate(`/prorroga?corregir=${refused!.id}`);
    // The page moves to the contract's own address, keeping the correction.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/prorroga/101'));
    expect(router.state.location.search).toBe(`?corregir=${refused!.id}`);
    expect(
      await screen.findByText('La justificación debe explicar la causa.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: /^Meses de prórroga/ }) as HTMLInputElement).value,
    ).toBe('4');
    refuse = false;
    const justification = screen.getByRole('textbox', { name: /^Justificación/ });
    await ui.clear(justification);
    await ui.type(justification, 'Helada de enero en el cafetal');
    await ui.click(screen.getByTestId('extension-save'));
    await confirm(ui);
    await vi.waitFor(
      () => expect(screen.getByTestId('credito-result').dataset.outcome).toBe('sent'),
      { timeout: 10_000 },
    );
    expect(screen.getByTestId('extension-new-due').textContent).toBe(
      'Nuevo vencimiento: 1 oct 2026',
    );
    const patches = api.calls('PATCH', '/api/contratos/101/prorroga/');
    expect(patches.map((p) => p.body)).toEqual([
      { prorroga: 4, prorroga_justificacion: 'X' },
      { prorroga: 4, prorroga_justificacion: 'Helada de enero en el cafetal' },
    ]);
    expect(patches[0]!.headers.get('Idempotency-Key')).not.toBe(
      patches[1]!.headers.get('Idempotency-Key'),
    );
  });
});

describe('a write refused after the page showed it saved', { timeout: 30_000 }, () => {
  it('comes back to its form with the server message; the correction replaces it', async () => {
    select(101);
    let refuse = true;
    const { api } = await openCredits(
      'GE',
      '/prorroga',
      {
        'PATCH /api/contratos/101/prorroga/': () =>
          refuse
            ? json({ prorroga_justificacion: ['La justificación debe explicar la causa.'] }, 400)
            : json({ id: 101, prorroga: 3, plazo_disp: '6+3', fecha_vencimiento: '2026-09-01' }),
      },
      'Prórroga',
    );
    const ui = userEvent.setup();
    const months = await screen.findByRole(
      'textbox',
      { name: /^Meses de prórroga/ },
      { timeout: 5000 },
    );
    const serverFetch = globalThis.fetch;
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await ui.type(months, '3');
    await ui.type(screen.getByRole('textbox', { name: /^Justificación/ }), 'Y');
    await ui.click(screen.getByTestId('extension-save'));
    await confirm(ui);
    const saved = await screen.findByTestId('credito-result', {}, { timeout: 10_000 });
    expect(saved.dataset.outcome).toBe('queued');

    // Back online the write is sent and refused: the form is back, holding it.
    vi.stubGlobal('fetch', serverFetch);
    setOnline(true);
    expect(
      await screen.findByText('La justificación debe explicar la causa.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('credito-result')).toBeNull();
    expect(
      (screen.getByRole('textbox', { name: /^Meses de prórroga/ }) as HTMLInputElement).value,
    ).toBe('3');

    refuse = false;
    const justification = screen.getByRole('textbox', { name: /^Justificación/ });
    await ui.clear(justification);
    await ui.type(justification, 'Plaga de roya');
    await ui.click(screen.getByTestId('extension-save'));
    await confirm(ui);
    await vi.waitFor(
      () => expect(screen.getByTestId('credito-result').dataset.outcome).toBe('sent'),
      { timeout: 10_000 },
    );
    expect(screen.getByTestId('extension-new-due').textContent).toBe(
      'Nuevo vencimiento: 1 sep 2026',
    );
    // The correction replaced the refused write: one row, sent; nothing left to fix.
    expect(api.calls('PATCH', '/api/contratos/101/prorroga/').map((p) => p.body)).toEqual([
      { prorroga: 3, prorroga_justificacion: 'Y' },
      { prorroga: 3, prorroga_justificacion: 'Plaga de roya' },
    ]);
    const rows = await outboxItems();
    expect(rows.map((r) => [r.kind, r.status])).toEqual([['contrato.extend', 'done']]);
  });
});

describe('activation (/credito-activar)', { timeout: 30_000 }, () => {
  it('start date, rate type and execution; PATCH; back to /creditos with the success', async () => {
    select(104);
    const { api, router } = await openCredits(
      'CO',
      '/credito-activar',
      {
        'PATCH /api/contratos/104.json': () => json({ id: 104, nombres: 'Juana Gómez Cruz' }),
      },
      'Activar contrato',
    );
    const ui = userEvent.setup();
    const start = await screen.findByLabelText(/^Fecha de firma/, {}, { timeout: 5000 });
    fireEvent.change(start, { target: { value: '2026-03-10' } });
    fireEvent.blur(start);
    await ui.selectOptions(screen.getByRole('combobox', { name: /^Tipo de tasa/ }), 'FI');
    const execution = screen.getByRole('combobox', { name: /^Estatus de ejecución/ });
    // A coordinator may disburse (CO) but not cancel (CA, manager only).
    expect(
      within(execution)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Por cobrar', 'Cobrado']);
    await ui.selectOptions(execution, 'CO');
    await ui.type(screen.getByRole('textbox', { name: /^Referencia banco/ }), 'TRF2026');
    await ui.click(screen.getByTestId('activate-save'));
    await confirm(ui);

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/creditos'), {
      timeout: 10_000,
    });
    expect((await screen.findByTestId('creditos-alert')).textContent).toContain(
      'Crédito 104 actualizado correctamente',
    );
    const [patch] = api.calls('PATCH', '/api/contratos/104.json');
    expect(patch!.body).toEqual({
      fecha_inicio: '2026-03-10',
      tipo_tasa: 'FI',
      estatus_ejecucion: 'CO',
      fecha_banco: null,
      referencia_banco: 'TRF2026',
    });
  });

  it('a started contract keeps its date and rate type locked', async () => {
    select(101);
    await openCredits('GE', '/credito-activar', {}, 'Activar contrato');
    expect(
      (await screen.findByTestId('activate-not-allowed', {}, { timeout: 5000 })).textContent,
    ).toBe('Este crédito ya está iniciado y cobrado: no hay nada que activar.');
  });

  it('a refusal shows the server message under its field', async () => {
    select(104);
    await openCredits(
      'GE',
      '/credito-activar',
      {
        'PATCH /api/contratos/104.json': () =>
          json({ fecha_inicio: ['El crédito ya tiene fecha de inicio (2026-03-01).'] }, 400),
      },
      'Activar contrato',
    );
    const ui = userEvent.setup();
    const start = await screen.findByLabelText(/^Fecha de firma/, {}, { timeout: 5000 });
    fireEvent.change(start, { target: { value: '2026-03-10' } });
    await ui.selectOptions(screen.getByRole('combobox', { name: /^Tipo de tasa/ }), 'VA');
    await ui.click(screen.getByTestId('activate-save'));
    await confirm(ui);
    expect(
      await screen.findByText(
        'El crédito ya tiene fecha de inicio (2026-03-01).',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });
});
