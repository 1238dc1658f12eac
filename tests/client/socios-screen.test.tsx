import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import type { MemberValues } from '#domain/forms/member';
import { outboxItems } from '#sync/queries';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json } from './api-fake-fetch';
import { freshDevice, setOnline } from './sync-fixtures';
import { answerFor, MEMBERS, member, openSocios } from './socios-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const table = () => screen.getByRole('table', { name: 'Socios' });

/** The data rows once there are `n` (the "no records" row does not count). */
async function rowsShown(n: number) {
  const dataRows = () =>
    within(table())
      .getAllByRole('row')
      .slice(1)
      .filter((r) => !r.querySelector('.dt-empty'));
  await vi.waitFor(() => expect(dataRows()).toHaveLength(n), { timeout: 4000 });
  return dataRows();
}

const keyCells = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

async function openRow(ui: ReturnType<typeof userEvent.setup>, name: string) {
  await ui.click(await within(table()).findByText(name));
  return screen.findByRole('dialog');
}

async function confirm(ui: ReturnType<typeof userEvent.setup>) {
  await ui.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
  );
}

function setDate(label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

async function fillNewMember(ui: ReturnType<typeof userEvent.setup>) {
  await ui.click(screen.getByTestId('socio-new'));
  const dialog = await screen.findByRole('dialog');
  await ui.type(within(dialog).getByRole('textbox', { name: /^Nombres/ }), 'Marta');
  await ui.type(within(dialog).getByRole('textbox', { name: /^Apellido paterno/ }), 'Pérez');
  setDate(/^Fecha de nacimiento/, '1990-04-01');
  setDate(/^Fecha de ingreso a Yomol/, '2015-01-10');
  setDate(/^Fecha de ingreso al programa/, '2016-02-11');
  await ui.selectOptions(within(dialog).getByRole('combobox', { name: /^Comunidad/ }), '7');
  await ui.selectOptions(within(dialog).getByRole('combobox', { name: /^Cargo/ }), '1');
  await ui.click(within(dialog).getByRole('checkbox', { name: 'Socio' }));
  return dialog;
}

describe('members list by role', { timeout: 20_000 }, () => {
  it('a coordinator sees every member from the replica with a dot per area, export and new', async () => {
    await openSocios('CO');
    const rows = await rowsShown(MEMBERS.length);
    expect(keyCells()).toEqual(['5', '6', '12']);
    const first = within(rows[0]!);
    expect(first.getByText('Juana Gómez Cruz')).toBeTruthy();
    expect(first.getByText('Bachajón')).toBeTruthy();
    expect(first.getAllByRole('img').map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Activo',
      'No participa',
      'Inactivo',
      'No participa',
      'Activo',
    ]);
    // The post and the region wait in the columns chooser (the default set fits a desk screen).
    expect(first.queryByText('Productor')).toBeNull();
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('dt-columns'));
    await ui.click(screen.getByRole('checkbox', { name: 'Cargo' }));
    expect(
      await within((await rowsShown(MEMBERS.length))[0]!).findByText('Productor'),
    ).toBeTruthy();
    expect(screen.getByTestId('socios-export')).toBeTruthy();
    expect(screen.getByTestId('socio-new')).toBeTruthy();
  });

  it('the search box narrows the list, accent-insensitive', async () => {
    await openSocios('CO');
    await rowsShown(3);
    const ui = userEvent.setup();
    await ui.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'alvarez');
    await vi.waitFor(() => expect(keyCells()).toEqual(['12']));
  });

  it('a promoter reads members but neither exports nor creates nor edits', async () => {
    await openSocios('PR');
    await rowsShown(3);
    expect(screen.queryByTestId('socios-export')).toBeNull();
    expect(screen.queryByTestId('socio-new')).toBeNull();
    const dialog = await openRow(userEvent.setup(), 'Pedro López Cruz');
    expect(within(dialog).queryByTestId('socio-edit')).toBeNull();
    expect(within(dialog).queryByTestId('socio-evaluate')).toBeNull();
  });

  it('a visitor may export but not create', async () => {
    await openSocios('VI');
    await rowsShown(3);
    expect(screen.getByTestId('socios-export')).toBeTruthy();
    expect(screen.queryByTestId('socio-new')).toBeNull();
  });

  it('a member (SO) sees only its own record, read-only', async () => {
    await openSocios('SO', [member(6, { nombres: 'Pedro', apellido_paterno: 'López' })]);
    await rowsShown(1);
    expect(keyCells()).toEqual(['6']);
    expect(screen.queryByTestId('socios-export')).toBeNull();
    expect(screen.queryByTestId('socio-new')).toBeNull();
    const dialog = await openRow(userEvent.setup(), 'Pedro López Cruz');
    expect(within(dialog).queryByTestId('socio-edit')).toBeNull();
    expect(
      within(dialog)
        .getByRole('textbox', { name: /^Nombres/ })
        .hasAttribute('readonly'),
    ).toBe(true);
  });
});

describe('saving members through the outbox', { timeout: 30_000 }, () => {
  it('online: a new member is created and the screen says "Socio N creado correctamente"', async () => {
    const { api } = await openSocios('CO', MEMBERS, {
      'POST /api/socios/': (request) => json(answerFor(901, request.body as MemberValues), 201),
    });
    await rowsShown(3);
    const ui = userEvent.setup();
    await fillNewMember(ui);
    await ui.click(screen.getByTestId('socio-save'));
    await confirm(ui);

    const alert = await screen.findByTestId('socios-alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Socio 901 creado correctamente');
    expect(screen.queryByRole('dialog')).toBeNull();
    const [post] = api.calls('POST', '/api/socios/');
    expect(post!.body).toMatchObject({
      clave_socio: null,
      nombres: 'Marta',
      apellido_paterno: 'Pérez',
      region: 1,
      genero: 'MA',
      comunidad: 7,
      cargo: 1,
      cargo_coop: [1],
      estatus_cafe: 'NP',
      estatus_comonSit: 'NP',
      fecha_nacimiento: '1990-04-01',
    });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(() => expect(keyCells()).toEqual(['5', '6', '12', '901']));
  });

  it('offline: saved on the phone, shown as NUEVO with the pending badge', async () => {
    await openSocios('CO');
    await rowsShown(3);
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const ui = userEvent.setup();
    await fillNewMember(ui);
    await ui.click(screen.getByTestId('socio-save'));
    await confirm(ui);

    const alert = await screen.findByTestId('socios-alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Guardado en el teléfono; se enviará al conectarse.');
    const rows = await rowsShown(4);
    const added = rows.find((r) => within(r).queryByText('Marta Pérez'))!;
    expect(within(added).getByText('NUEVO')).toBeTruthy();
    expect(within(added).getByText('pendiente de enviar')).toBeTruthy();
    const [row] = await outboxItems();
    expect(row).toMatchObject({ kind: 'socio.create', status: 'pending' });
    expect(row!.chainKey).toBe(`socio-${row!.recordId}`);
  });

  it('a refusal shows the server message under its field; the correction is sent again', async () => {
    let first = true;
    const { api } = await openSocios('CO', MEMBERS, {
      'POST /api/socios/': (request) => {
        if (first) {
          first = false;
          return json({ comunidad: ['No existe la comunidad 7.'] }, 400);
        }
        return json(answerFor(902, request.body as MemberValues), 201);
      },
    });
    await rowsShown(3);
    const ui = userEvent.setup();
    const dialog = await fillNewMember(ui);
    await ui.click(screen.getByTestId('socio-save'));
    await confirm(ui);

    expect(
      await within(dialog).findByText('No existe la comunidad 7.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const community = within(dialog).getByRole('combobox', { name: /^Comunidad/ });
    expect(community.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByTestId('socio-status').textContent).toContain('El servidor rechazó');

    await ui.click(screen.getByTestId('socio-save'));
    await confirm(ui);
    const alert = await screen.findByTestId('socios-alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Socio 902 creado correctamente');
    const posts = api.calls('POST', '/api/socios/');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers.get('Idempotency-Key')).not.toBe(
      posts[1]!.headers.get('Idempotency-Key'),
    );
  });

  it('the sync center link reopens a refused save in the form with its errors', async () => {
    const { router } = await openSocios('CO', MEMBERS, {
      'POST /api/socios/': () => json({ nombres: ['Nombre repetido.'] }, 400),
    });
    await rowsShown(3);
    const ui = userEvent.setup();
    await fillNewMember(ui);
    await ui.click(screen.getByTestId('socio-save'));
    await confirm(ui);
    await screen.findByText('Nombre repetido.', {}, { timeout: 10_000 });
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const [row] = await outboxItems();
    expect(row!.status).toBe('rejected');
    await router.navigate(`/socios?corregir=${row!.id}`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Nombre repetido.', {}, { timeout: 5000 })).toBeTruthy();
    expect(
      (within(dialog).getByRole('textbox', { name: /^Nombres/ }) as HTMLInputElement).value,
    ).toBe('Marta');
  });

  it('an existing member is read-only until Editar; the edit is a PUT with every field', async () => {
    const { api } = await openSocios('CO', MEMBERS, {
      'PUT /api/socios/5.json': (request) => json(answerFor(5, request.body as MemberValues)),
    });
    await rowsShown(3);
    const ui = userEvent.setup();
    const dialog = await openRow(ui, 'Juana Gómez Cruz');
    const phone = within(dialog).getByRole('textbox', { name: /^Teléfono/ });
    expect(phone.hasAttribute('readonly')).toBe(true);
    expect(within(dialog).queryByTestId('socio-save')).toBeNull();

    await ui.click(within(dialog).getByTestId('socio-edit'));
    expect(phone.hasAttribute('readonly')).toBe(false);
    // Pressing "Editar" only unlocks the form: nothing is sent, focus goes to the first field.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('textbox', { name: /^Nombres/ }),
      ),
    );
    await ui.clear(phone);
    await ui.type(phone, '9199999999');
    await ui.click(screen.getByTestId('socio-save'));
    await confirm(ui);

    const alert = await screen.findByTestId('socios-alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Socio 5 editado correctamente');
    const [put] = api.calls('PUT', '/api/socios/5.json');
    expect(put!.body).toMatchObject({ clave_socio: 5, telefono: '9199999999', nombres: 'Juana' });
  });

  it('the evaluate button leads to /evaluacion-socio with the member and the chosen process', async () => {
    const { router } = await openSocios('CO');
    await rowsShown(3);
    const ui = userEvent.setup();
    const dialog = await openRow(ui, 'Juana Gómez Cruz');
    // Honey is NP for this member: its icon cannot be chosen; coffee (AC) can.
    expect(within(dialog).getByRole('button', { name: 'Miel: No disponible' })).toHaveProperty(
      'disabled',
      true,
    );
    await ui.click(within(dialog).getByRole('button', { name: 'Café: Disponible' }));
    await ui.click(within(dialog).getByTestId('socio-evaluate'));
    await vi.waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/evaluacion-socio?socio=5&proceso=CF',
      ),
    );
  });
});
