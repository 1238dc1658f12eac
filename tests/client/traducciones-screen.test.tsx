/**
 * /traducciones after a real login against a scripted server: who reaches it, a
 * draft saved offline into the outbox with the request the server will get, the placeholder
 * rule refused on the phone, the second pair of eyes (no approve for the draft's author), and
 * the spreadsheet import's preview with its errors. Test texts are plainly not Tseltal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Role } from '#domain/roles';
import type { TranslationRow } from '#domain/translations';
import { msg } from '#domain/messages';
import { outboxItems } from '#sync/queries';
import { traduccionSaveCommand } from '#commands/traducciones';
import { appRoutes } from '#app/router.tsx';
import { login } from '#app/session.ts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch, json, meAnswer, type Handler } from './api-fake-fetch';
import { freshDevice, serverHandlers, setOnline } from './sync-fixtures';

function row(clave: string, patch: Partial<TranslationRow> = {}): TranslationRow {
  return {
    id: `tz:${clave}`,
    clave,
    idioma: 'tz',
    texto: null,
    revisor: null,
    fecha_aprobacion: null,
    borrador: null,
    autor_borrador: null,
    fecha_borrador: null,
    nota: null,
    fecha_modificacion: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}

function pull(rows: TranslationRow[]): Handler {
  return (request) =>
    json(
      request.path.includes('cursor=c1')
        ? { cursor: 'c1', hasMore: false, reset: false, changes: {} }
        : { cursor: 'c1', hasMore: false, reset: false, changes: { traducciones: rows } },
    );
}

async function openScreen(
  role: Role,
  traductor: boolean,
  rows: TranslationRow[] = [],
  extra: Record<string, Handler> = {},
) {
  const api = installFakeFetch(
    serverHandlers(role, {
      'GET /api/users/me.json': () => json({ ...meAnswer(role), traductor }),
      'GET /api/sync/pull/': pull(rows),
      ...extra,
    }),
  );
  await login({ username: 'user', password: 'comonsit-demo' });
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/traducciones'] });
  render(<RouterProvider router={router} />);
  return { api, router };
}

async function findRow(ui: ReturnType<typeof userEvent.setup>, key: string) {
  const search = await screen.findByRole('searchbox', {}, { timeout: 10_000 });
  await ui.clear(search);
  await ui.type(search, key);
  return waitFor(
    () => {
      const found = screen
        .getAllByTestId('translation-row')
        .find((el) => el.getAttribute('data-key') === key);
      if (!found) throw new Error(`no row ${key}`);
      return found;
    },
    { timeout: 5_000 },
  );
}

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/traducciones', { timeout: 30_000 }, () => {
  it('a promoter without the flag has no menu entry and is sent home', async () => {
    const { router } = await openScreen('PR', false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'));
    expect(screen.queryByTestId('menu-traducciones')).toBeNull();
  });

  it('a manager without the flag reads the list with its progress', async () => {
    await openScreen('GE', false);
    await screen.findByRole('heading', { level: 1, name: 'Traducciones' }, { timeout: 10_000 });
    expect(screen.getByTestId('menu-traducciones')).toBeTruthy();
    expect(screen.getByTestId('translation-count').textContent).toMatch(/^\d+ de \d+ textos$/);
    // A manager approves and reverts, but does not write drafts.
    expect(screen.queryByRole('button', { name: 'Guardar borrador' })).toBeNull();
  });

  it('a draft saved offline goes to the outbox with the request the server expects', async () => {
    const { api } = await openScreen('PR', true);
    const ui = userEvent.setup();
    const found = await findRow(ui, 'menu.sincronizacion');
    expect(screen.getByTestId('menu-traducciones')).toBeTruthy();
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await ui.click(within(found).getByRole('button', { name: 'Traducir' }));
    const editor = within(await screen.findByTestId('translation-editor'));
    await ui.type(editor.getByLabelText('Tseltal'), 'TZ-BORRADOR sync');
    await ui.click(editor.getByRole('button', { name: 'Guardar borrador' }));

    const queued = await waitFor(async () => {
      const [item] = await outboxItems();
      if (!item) throw new Error('nothing queued yet');
      return item;
    });
    expect(queued).toMatchObject({
      kind: 'traduccion.save',
      recordId: 'traduccion-tz:menu.sincronizacion',
      status: 'pending',
    });
    const payload = queued.payload as Parameters<typeof traduccionSaveCommand.request>[0];
    expect(
      traduccionSaveCommand.request(payload, { recordId: queued.recordId, serverId: null }),
    ).toEqual({
      method: 'PUT',
      path: 'traducciones/tz/menu.sincronizacion/',
      body: { texto: 'TZ-BORRADOR sync', nota: null },
    });
    // On the phone at once: the row is a draft, with the text, waiting to be sent.
    await waitFor(() =>
      expect(within(found).getByText('TZ-BORRADOR sync (promotor)')).toBeTruthy(),
    );
    expect(within(found).getByText('Por enviar')).toBeTruthy();
    expect(api.calls('PUT', '/api/traducciones/tz/menu.sincronizacion/')).toHaveLength(0);
  });

  it('a text that loses a placeholder is refused on the phone with a clear message', async () => {
    await openScreen('PR', true);
    const ui = userEvent.setup();
    const found = await findRow(ui, 'menu.bandejaCount');
    await ui.click(within(found).getByRole('button', { name: 'Traducir' }));
    const editor = within(await screen.findByTestId('translation-editor'));
    await ui.type(editor.getByLabelText('Tseltal'), 'TZ sin marcador');
    await ui.click(editor.getByRole('button', { name: 'Guardar borrador' }));
    const problems = await editor.findByTestId('translation-problems');
    expect(problems.textContent).toContain('Faltan: {{count}}');
    expect(await outboxItems()).toHaveLength(0);
  });

  it('warns when a short label grows too long for its button', async () => {
    await openScreen('PR', true);
    const ui = userEvent.setup();
    const found = await findRow(ui, 'menu.sincronizacion');
    await ui.click(within(found).getByRole('button', { name: 'Traducir' }));
    const editor = within(await screen.findByTestId('translation-editor'));
    await ui.type(editor.getByLabelText('Tseltal'), 'TZ corto');
    expect(editor.queryByTestId('translation-fit')).toBeNull();
    // "Sincronización" has 14 characters: more than 14 × 1.5 + 3 = 24 may not fit.
    await ui.type(editor.getByLabelText('Tseltal'), ' y mucho más largo que cabe');
    expect(editor.getByTestId('translation-fit').textContent).toContain('más de 24 caracteres');
  });

  it('the draft’s author sees no approve button; another translator approves', async () => {
    const drafts = [
      row('menu.sincronizacion', { borrador: 'TZ-MIO', autor_borrador: 'promotor' }),
      row('menu.bandeja', { borrador: 'TZ-OTRO', autor_borrador: 'otra' }),
    ];
    await openScreen('PR', true, drafts);
    const ui = userEvent.setup();
    const mine = await findRow(ui, 'menu.sincronizacion');
    await waitFor(() => expect(within(mine).getByText('TZ-MIO (promotor)')).toBeTruthy());
    expect(within(mine).queryByRole('button', { name: 'Aprobar' })).toBeNull();
    await ui.click(within(mine).getByRole('button', { name: 'Traducir' }));
    expect(
      within(await screen.findByTestId('translation-editor')).queryByRole('button', {
        name: 'Aprobar',
      }),
    ).toBeNull();

    const other = await findRow(ui, 'menu.bandeja');
    await waitFor(() => expect(within(other).getByText('TZ-OTRO (otra)')).toBeTruthy());
    setOnline(false);
    await ui.click(within(other).getByRole('button', { name: 'Aprobar' }));
    await waitFor(async () =>
      expect(await outboxItems()).toEqual([
        expect.objectContaining({
          kind: 'traduccion.approve',
          payload: expect.objectContaining({ clave: 'menu.bandeja', borrador: 'TZ-OTRO' }),
        }),
      ]),
    );
  });

  it('an import shows every change and every error before anything is applied', async () => {
    const preview = {
      cambios: [{ fila: 3, clave: 'menu.home', antes: null, despues: 'TZ-INICIO' }],
      errores: [
        { fila: 4, clave: 'menu.noExiste', mensaje: msg('server.translations.unknownKey') },
        { fila: 5, clave: 'menu.bandejaCount', mensaje: 'Falta el marcador {{count}}.' },
      ],
      aplicados: 0,
    };
    const { api } = await openScreen('PR', true, [], {
      'POST /api/traducciones/importar/': () => json(preview),
    });
    const ui = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Traducciones' }, { timeout: 10_000 });
    const file = new File([new Uint8Array([80, 75, 3, 4])], 'tz.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await ui.upload(screen.getByTestId('import-file'), file);
    const shown = await screen.findByTestId('import-preview');
    expect(shown.textContent).toContain('1 cambios y 2 errores en el archivo.');
    const errors = within(shown).getByTestId('import-errors');
    expect(errors.textContent).toContain('Fila 4 (menu.noExiste):');
    expect(errors.textContent).toContain(
      'Fila 5 (menu.bandejaCount): Falta el marcador {{count}}.',
    );
    expect(within(shown).getByTestId('import-changes').textContent).toContain('TZ-INICIO');
    // With errors there is nothing to apply; the preview asked with aplicar: false.
    expect(screen.queryByRole('button', { name: /Aplicar/ })).toBeNull();
    expect(api.calls('POST', '/api/traducciones/importar/')).toEqual([
      expect.objectContaining({ body: { archivo: btoa('PK\u0003\u0004'), aplicar: false } }),
    ]);
  });

  it('offline, the spreadsheets say they need a connection', async () => {
    // Logged in while online; then the signal goes.
    await openScreen('GE', false);
    // The first download over (the screen lists its strings), then the signal goes.
    await screen.findByRole('searchbox', {}, { timeout: 10_000 });
    setOnline(false);
    expect((await screen.findByTestId('sheets-offline', {}, { timeout: 10_000 })).textContent).toBe(
      'Las hojas de cálculo se descargan y se importan con conexión.',
    );
  });
});

/** The users list's row of the demo promoter, Ana López: not a translator, no device lost. */
function promoterRow() {
  return {
    id: 3,
    username: 'promotor',
    first_name: 'Ana',
    last_name: 'López',
    role: 'PR',
    traductor: false,
    activo: true,
    dispositivo_perdido: null as string | null,
    aviso_entregado: null,
  };
}

describe('/traducciones: the manager, refusals, in context', { timeout: 30_000 }, () => {
  it('a manager grants the translator permission from the screen', async () => {
    let juana = promoterRow();
    const { api } = await openScreen('GE', false, [], {
      'GET /api/users.json': () => json([juana]),
      'PUT /api/users/3/traductor/': (request) => {
        juana = { ...juana, ...(request.body as { traductor: boolean }) };
        return json(juana);
      },
    });
    const ui = userEvent.setup();
    const panel = await screen.findByTestId('translators-panel', {}, { timeout: 10_000 });
    await ui.click(within(panel).getByText('Quién traduce'));
    const box = await within(panel).findByRole('checkbox', { name: /Ana López/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    await ui.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    expect(api.calls('PUT', '/api/users/3/traductor/')[0]!.body).toEqual({ traductor: true });
  });

  it("a manager marks a user's device lost after a dialog that names the user", async () => {
    let ana = promoterRow();
    const { api } = await openScreen('GE', false, [], {
      'GET /api/users.json': () => json([ana]),
      'POST /api/users/3/dispositivo-perdido/': () => {
        ana = { ...ana, dispositivo_perdido: '2026-11-29T15:30:00Z' };
        return json(ana);
      },
    });
    const ui = userEvent.setup();
    const panel = await screen.findByTestId('translators-panel', {}, { timeout: 10_000 });
    await ui.click(within(panel).getByText('Quién traduce'));
    await ui.click(
      await within(panel).findByRole('button', { name: 'Marcar dispositivo perdido: Ana López' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('¿Marcar perdido el dispositivo de Ana López?')).toBeTruthy();
    expect(dialog.textContent).toMatch(/enviará primero los registros que tenga sin enviar/);
    expect(api.calls('POST', '/api/users/3/dispositivo-perdido/')).toHaveLength(0);
    await ui.click(within(dialog).getByRole('button', { name: 'Marcar perdido' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('user-lost-3').textContent).toBe(
        'Dispositivo perdido desde 29 nov 2026 09:30: esperando a que el teléfono se conecte',
      ),
    );
    // The body names the user the dialog showed (the server refuses any other).
    expect(api.calls('POST', '/api/users/3/dispositivo-perdido/').map((c) => c.body)).toEqual([
      { username: 'promotor' },
    ]);
  });

  it('a refused draft shows on its row', async () => {
    const { router } = await openScreen('PR', true, [], {
      'PUT /api/traducciones/tz/menu.home/': () =>
        json({ texto: [msg('server.translations.notTranslator')] }, 400),
    });
    const ui = userEvent.setup();
    const found = await findRow(ui, 'menu.home');
    await ui.click(within(found).getByRole('button', { name: 'Traducir' }));
    const editor = within(await screen.findByTestId('translation-editor'));
    await ui.type(editor.getByLabelText('Tseltal'), 'TZ-INICIO');
    await ui.click(editor.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(
      () => expect(within(found).getByText('Rechazada: ver Sincronización')).toBeTruthy(),
      { timeout: 10_000 },
    );
    expect(router.state.location.pathname).toBe('/traducciones');
  });

  it('"translate this screen": tapping a visible text opens the editor of its key', async () => {
    await openScreen('PR', true);
    const ui = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Traducciones' }, { timeout: 10_000 });
    await ui.click(screen.getByTestId('context-translate'));
    await screen.findByTestId('context-bar');
    // The menu's "Sincronización" link: tapped, it opens the editor instead of navigating.
    await ui.click(screen.getByTestId('menu-sincronizacion'));
    const dialog = within(await screen.findByRole('dialog', { name: /menu\.sincronizacion/ }));
    expect(dialog.getByTestId('translation-editor').textContent).toContain('Sincronización');
    await ui.type(dialog.getByLabelText('Tseltal'), 'TZ-SYNC');
    await ui.click(dialog.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(async () =>
      expect(await outboxItems()).toEqual([
        expect.objectContaining({
          kind: 'traduccion.save',
          payload: expect.objectContaining({ clave: 'menu.sincronizacion', texto: 'TZ-SYNC' }),
        }),
      ]),
    );
    await ui.click(
      within(screen.getByTestId('context-bar')).getByRole('button', { name: 'Terminar' }),
    );
    await waitFor(() => expect(screen.queryByTestId('context-bar')).toBeNull());
  });
});
