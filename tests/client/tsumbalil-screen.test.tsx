/**
 * /tsumbalil after a real login against a scripted server: the two tables from the replica,
 * the community form (rules, create and edit modes, confirmation, server errors, offline
 * queue), who may edit or export, the spreadsheets' contents and the hermitage detail.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import * as XLSX from '@e965/xlsx';
import type { Role } from '#domain/roles';
import { getDb } from '#db/database';
import { outboxItems } from '#sync/queries';
import { appRoutes } from '#app/router.tsx';
import { login } from '#app/session.ts';
import {
  COMMUNITY_EXPORT_COLUMNS,
  expectExportHeader,
  HERMITAGE_EXPORT_COLUMNS,
} from '#tests/helpers/export-columns';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch, json, type Handler } from './api-fake-fetch';
import { freshDevice, serverHandlers, setOnline } from './sync-fixtures';

const region = (id: number) => ({ id, nombre_de_region: `Región ${id}`, poly: null });
const community = (id: number, name: string, r: number, ermita: number | null = null) => ({
  id,
  nombre_de_comunidad: name,
  region: r,
  nombre_region: `Región ${r}`,
  ermita,
  ermita_name: ermita === 4 ? 'San Jerónimo' : null,
  inegiLocalidad: id === 7 ? '070310001' : null,
  ubicacion: null,
});
const HERMITAGES = [
  {
    ermita_id: 4,
    nombre: 'San Jerónimo',
    zona: 'Zona Norte',
    interzona: 'Interzona A',
    municipio: 'Chilón',
    localidad: 'Bachajón',
    localidad_nota: 'Junto al río',
    ubicacion: [17.12, -92.1],
  },
  {
    ermita_id: 9,
    nombre: 'Santa Cruz',
    zona: 'Zona Sur',
    interzona: '',
    municipio: 'Sitalá',
    localidad: 'Pamalhá',
    localidad_nota: '',
    ubicacion: null,
  },
];
const COMMUNITIES = [community(7, 'Bachajón', 1, 4), community(8, 'Guaquitepec', 2)];

/** Like the server: everything on the first pull, then an empty delta for the cursor it gave. */
function pull(): Handler {
  return (request) =>
    json(
      request.path.includes('cursor=c1')
        ? { cursor: 'c1', hasMore: false, reset: false, changes: {} }
        : {
            cursor: 'c1',
            hasMore: false,
            reset: false,
            changes: {
              regiones: [region(1), region(2)],
              comunidades: COMMUNITIES,
              ermitas: HERMITAGES,
            },
          },
    );
}

/** The server's answer: the body with its display names, as services/communities builds it. */
function answer(
  id: number,
  body: { nombre_de_comunidad: string; region: number; ermita: number | null },
) {
  return {
    ...community(id, body.nombre_de_comunidad, body.region, body.ermita),
    inegiLocalidad: null,
  };
}

async function openTsumbalil(role: Role, extra: Record<string, Handler> = {}) {
  const api = installFakeFetch(serverHandlers(role, { 'GET /api/sync/pull/': pull(), ...extra }));
  await login({ username: 'user', password: 'comonsit-demo' });
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/tsumbalil'] });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: 'Tsumbalil' }, { timeout: 10_000 });
  await screen.findByRole('cell', { name: 'Guaquitepec' }, { timeout: 10_000 });
  // The two tables fill from separate replica reads: wait for the hermitages too.
  await waitFor(() => expect(within(table('Ermitas')).queryByText('No hay registros')).toBeNull(), {
    timeout: 10_000,
  });
  return { api, router };
}

function table(name: string) {
  return screen.getByRole('table', { name });
}

async function confirmSave(ui: ReturnType<typeof userEvent.setup>) {
  await ui.click(screen.getByTestId('community-save'));
  await ui.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
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

describe('/tsumbalil tables', () => {
  it('lists communities and hermitages from the replica', async () => {
    await openTsumbalil('CO');
    const communities = within(table('Comunidades'));
    expect(communities.getByRole('cell', { name: 'Bachajón' })).toBeTruthy();
    expect(communities.getByRole('cell', { name: 'San Jerónimo' })).toBeTruthy();
    expect(communities.getByRole('cell', { name: '070310001' })).toBeTruthy();
    const hermitages = within(table('Ermitas'));
    expect(hermitages.getByRole('cell', { name: 'Santa Cruz' })).toBeTruthy();
    expect(hermitages.getByRole('cell', { name: 'Chilón' })).toBeTruthy();
  });

  it.each(['PR', 'VI'] as const)(
    '%s sees no new-community button and opens no community',
    async (role) => {
      await openTsumbalil(role);
      expect(screen.queryByTestId('new-community')).toBeNull();
      await userEvent
        .setup()
        .click(within(table('Comunidades')).getByRole('cell', { name: 'Bachajón' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it('PR has no export buttons (the spreadsheets are for the office)', async () => {
    await openTsumbalil('PR');
    expect(screen.queryByTestId('export-communities')).toBeNull();
    expect(screen.queryByTestId('export-hermitages')).toBeNull();
  });

  it('the spreadsheets are built on the phone with the server export columns', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:test';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const clicks = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { api } = await openTsumbalil('VI');
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('export-communities'));
    await ui.click(screen.getByTestId('export-hermitages'));
    await waitFor(() => expect(blobs).toHaveLength(2));
    expect(clicks).toHaveBeenCalledTimes(2);
    // Built from the replica: no XLSX call to the server.
    expect(api.seen.some((r) => r.path.includes('XLSX'))).toBe(false);

    const sheet = async (blob: Blob) => {
      const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
      const name = book.SheetNames[0]!;
      return { name, rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1 }) };
    };
    const communities = await sheet(blobs[0]!);
    expect(communities.name).toBe('Comunidades');
    expectExportHeader(communities.rows[0], COMMUNITY_EXPORT_COLUMNS);
    expect(communities.rows.slice(1)).toEqual([
      [7, 'Bachajón', 1, 'Región 1', 4, 'San Jerónimo', '070310001'],
      [8, 'Guaquitepec', 2, 'Región 2'],
    ]);
    const hermitages = await sheet(blobs[1]!);
    expect(hermitages.name).toBe('Ermitas');
    expectExportHeader(hermitages.rows[0], HERMITAGE_EXPORT_COLUMNS);
    expect(hermitages.rows[1]).toEqual([
      4,
      'San Jerónimo',
      'Zona Norte',
      'Interzona A',
      'Chilón',
      'Bachajón',
      'Junto al río',
      '17.12, -92.1',
    ]);
  });
});

describe('community form', () => {
  it('edit: opens with the row, sends PUT through the outbox, says "Comunidad 7 editada correctamente"', async () => {
    const { api } = await openTsumbalil('CO', {
      'PUT /api/comunidades/7.json': (request) =>
        json(answer(7, request.body as Parameters<typeof answer>[1])),
    });
    const ui = userEvent.setup();
    await ui.click(within(table('Comunidades')).getByRole('cell', { name: 'Bachajón' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar comunidad 7' }));
    const name = dialog.getByLabelText(/Nombre de la comunidad/);
    expect((name as HTMLInputElement).value).toBe('Bachajón');
    expect((dialog.getByLabelText(/^Región/) as HTMLSelectElement).value).toBe('1');
    expect((dialog.getByLabelText(/^Ermita/) as HTMLSelectElement).value).toBe('4');
    await ui.clear(name);
    await ui.type(name, 'Bachajón Centro');
    await ui.selectOptions(dialog.getByLabelText(/^Región/), '2');
    await confirmSave(ui);

    expect(
      (await screen.findByTestId('community-banner', {}, { timeout: 5000 })).textContent,
    ).toContain('Comunidad 7 editada correctamente');
    expect(screen.queryByRole('dialog')).toBeNull();
    const puts = api.calls('PUT', '/api/comunidades/7.json');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({ nombre_de_comunidad: 'Bachajón Centro', region: 2, ermita: 4 });
    expect(puts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await getDb().comunidades.get(7)).toMatchObject({
      nombre_de_comunidad: 'Bachajón Centro',
      nombre_region: 'Región 2',
    });
  });

  it('new: region 1 by default, name required, then POST; "Comunidad 61 creada correctamente"', async () => {
    const { api } = await openTsumbalil('GE', {
      'POST /api/comunidades/': (request) =>
        json(answer(61, request.body as Parameters<typeof answer>[1]), 201),
    });
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('new-community'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nueva comunidad' }));
    expect((dialog.getByLabelText(/^Región/) as HTMLSelectElement).value).toBe('1');
    expect((dialog.getByLabelText(/^Ermita/) as HTMLSelectElement).value).toBe('');

    await ui.click(screen.getByTestId('community-save'));
    expect(await dialog.findByText('Campo requerido')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await outboxItems()).toHaveLength(0);

    await ui.type(dialog.getByLabelText(/Nombre de la comunidad/), '  Nuevo Progreso ');
    await confirmSave(ui);
    expect(
      (await screen.findByTestId('community-banner', {}, { timeout: 5000 })).textContent,
    ).toContain('Comunidad 61 creada correctamente');
    expect(api.calls('POST', '/api/comunidades/')[0]!.body).toEqual({
      nombre_de_comunidad: 'Nuevo Progreso',
      region: 1,
      ermita: null,
    });
    expect(
      await within(table('Comunidades')).findByRole('cell', { name: 'Nuevo Progreso' }),
    ).toBeTruthy();
    // The optimistic row (client UUID) was replaced by the server's.
    const ids = (await getDb().comunidades.toArray()).map((c) => c.id);
    expect(ids.sort()).toEqual([61, 7, 8]);
  });

  it('two hermitages with one name are told apart by zone and municipality', async () => {
    const namesake = { ...HERMITAGES[1]!, ermita_id: 12, zona: 'Zona Norte', municipio: 'Chilón' };
    await openTsumbalil('CO', {
      'GET /api/sync/pull/': (request) =>
        json({
          cursor: 'c1',
          hasMore: false,
          reset: false,
          changes: request.path.includes('cursor=c1')
            ? {}
            : {
                regiones: [region(1)],
                comunidades: COMMUNITIES,
                ermitas: [...HERMITAGES, namesake],
              },
        }),
    });
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('new-community'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nueva comunidad' }));
    const options = Array.from((dialog.getByLabelText(/^Ermita/) as HTMLSelectElement).options);
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['', expect.any(String)],
      ['4', 'San Jerónimo'],
      ['9', 'Santa Cruz — Zona Sur, Sitalá'],
      ['12', 'Santa Cruz — Zona Norte, Chilón'],
    ]);
  });

  it('a refusal shows the server message under its field; the correction resends the same item', async () => {
    let first = true;
    const { api } = await openTsumbalil('CO', {
      'POST /api/comunidades/': (request) => {
        if (first) {
          first = false;
          return json({ nombre_de_comunidad: ['Ya existe una comunidad con ese nombre.'] }, 400);
        }
        return json(answer(62, request.body as Parameters<typeof answer>[1]), 201);
      },
    });
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('new-community'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nueva comunidad' }));
    const name = dialog.getByLabelText(/Nombre de la comunidad/);
    await ui.type(name, 'Bachajón');
    await confirmSave(ui);

    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'), { timeout: 5000 });
    expect(dialog.getByText('Ya existe una comunidad con ese nombre.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Nueva comunidad' })).toBeTruthy();

    await ui.clear(name);
    await ui.type(name, 'Bachajón Alto');
    await confirmSave(ui);
    expect(
      (await screen.findByTestId('community-banner', {}, { timeout: 5000 })).textContent,
    ).toContain('Comunidad 62 creada correctamente');
    const posts = api.calls('POST', '/api/comunidades/');
    expect(posts.map((p) => p.body)).toEqual([
      { nombre_de_comunidad: 'Bachajón', region: 1, ermita: null },
      { nombre_de_comunidad: 'Bachajón Alto', region: 1, ermita: null },
    ]);
    // One record: the refused mutation was replaced, not duplicated.
    expect((await outboxItems()).filter((r) => r.status !== 'done')).toHaveLength(0);
  });

  it('a refused edit reopens from the sync center link with the server message', async () => {
    const { router } = await openTsumbalil('CO', {
      'PUT /api/comunidades/8.json': () =>
        json({ region: ['No existe el elemento con id 2.'] }, 400),
    });
    const ui = userEvent.setup();
    await ui.click(within(table('Comunidades')).getByRole('cell', { name: 'Guaquitepec' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Editar comunidad 8' }));
    await ui.type(dialog.getByLabelText(/Nombre de la comunidad/), ' Sur');
    await confirmSave(ui);
    await dialog.findByText('No existe el elemento con id 2.', {}, { timeout: 5000 });
    await ui.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const [refused] = await outboxItems({ statuses: ['rejected'] });
    expect(refused).toMatchObject({ kind: 'comunidad.update', recordId: 'comunidad-8' });
    await router.navigate(`/tsumbalil?corregir=${refused!.id}`);
    dialog = within(await screen.findByRole('dialog', { name: 'Editar comunidad 8' }));
    expect((dialog.getByLabelText(/Nombre de la comunidad/) as HTMLInputElement).value).toBe(
      'Guaquitepec Sur',
    );
    expect(await dialog.findByText('No existe el elemento con id 2.')).toBeTruthy();
  });

  it('offline: saved on the phone, shown at once with the pending badge', async () => {
    await openTsumbalil('CO');
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const ui = userEvent.setup();
    await ui.click(within(table('Comunidades')).getByRole('cell', { name: 'Guaquitepec' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar comunidad 8' }));
    const name = dialog.getByLabelText(/Nombre de la comunidad/);
    await ui.clear(name);
    await ui.type(name, 'Guaquitepec Bajo');
    await confirmSave(ui);

    const banner = await screen.findByTestId('community-banner');
    expect(banner.textContent).toContain('Guardado en el teléfono; se enviará al conectarse.');
    const rows = within(table('Comunidades'));
    const row = (await rows.findByRole('cell', { name: 'Guaquitepec Bajo' })).closest('tr')!;
    expect(within(row).getByText('Pendiente de sincronizar')).toBeTruthy();
    const [queued] = await outboxItems();
    expect(queued).toMatchObject({
      kind: 'comunidad.update',
      recordId: 'comunidad-8',
      chainKey: 'comunidad:comunidad-8',
      status: 'pending',
    });
  });
});

describe('hermitage detail', () => {
  it('shows every field read-only and the map (a clear fallback without WebGL)', async () => {
    await openTsumbalil('PR');
    const ui = userEvent.setup();
    await ui.click(within(table('Ermitas')).getByRole('cell', { name: 'San Jerónimo' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'San Jerónimo' }));
    for (const text of ['Zona Norte', 'Interzona A', 'Chilón', 'Bachajón', 'Junto al río'])
      expect(dialog.getByText(text)).toBeTruthy();
    expect(dialog.getByTestId('hermitage-location').textContent).toBe('17.12000, -92.10000');
    expect(dialog.queryByRole('textbox')).toBeNull();
    expect(dialog.getByTestId('map-fallback').textContent).toContain(
      'San Jerónimo: 17.12000, -92.10000',
    );
  });

  it('a hermitage without location still opens, says so, and nothing breaks', async () => {
    await openTsumbalil('VI');
    const ui = userEvent.setup();
    await ui.click(within(table('Ermitas')).getByRole('cell', { name: 'Santa Cruz' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Santa Cruz' }));
    expect(dialog.getByTestId('hermitage-location').textContent).toBe('Sin ubicación registrada');
    expect(dialog.getByText('Sitalá')).toBeTruthy();
    await ui.click(dialog.getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
