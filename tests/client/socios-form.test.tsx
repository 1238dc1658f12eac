import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { ageInYears, todayIn } from '#domain/dates';
import { outboxItems } from '#sync/queries';
import { useSpanish } from '#tests/helpers/i18n-test';
import { freshDevice } from './sync-fixtures';
import { openSocios } from './socios-fixtures';

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

async function openNew(ui: Ui) {
  await openSocios('CO');
  await ui.click(await screen.findByTestId('socio-new'));
  return screen.findByRole('dialog');
}

/** The message shown under a control (its field's), or null. */
function messageOf(control: HTMLElement): string | null {
  return control.closest('.field')?.querySelector('.field-message')?.textContent ?? null;
}

function byName(dialog: HTMLElement, role: 'textbox' | 'combobox', name: RegExp) {
  return within(dialog).getByRole(role, { name });
}

function setDate(dialog: HTMLElement, label: RegExp, value: string) {
  const input = within(dialog).getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
}

const selected = (select: HTMLElement) => {
  const s = select as HTMLSelectElement;
  return s.options[s.selectedIndex]?.textContent;
};

describe('member form modes', { timeout: 30_000 }, () => {
  it('a new member opens editable with the defaults: NUEVO, region 1, MA, every status NP', async () => {
    const dialog = await openNew(userEvent.setup());
    expect(within(dialog).getByRole('heading', { name: 'Socio NUEVO' })).toBeTruthy();
    expect(within(dialog).getByTestId('socio-key').textContent).toBe('NUEVO');
    expect(selected(byName(dialog, 'combobox', /^Región/))).toBe('Región 1');
    expect(selected(byName(dialog, 'combobox', /^Género/))).toBe('Masculino');
    for (const area of [/^Café/, /^Miel/, /^Jabón/, /^Trabajador/, /^Comon Sit/]) {
      expect(selected(byName(dialog, 'combobox', area))).toBe('No participa');
    }
    const names = byName(dialog, 'textbox', /^Nombres/);
    expect(names.hasAttribute('readonly')).toBe(false);
    expect((names as HTMLInputElement).value).toBe('');
    expect(within(dialog).queryByTestId('socio-edit')).toBeNull();
    expect(within(dialog).getByTestId('socio-save')).toBeTruthy();
  });

  it('the community select lists the communities of the chosen region, labelled with it', async () => {
    const ui = userEvent.setup();
    const dialog = await openNew(ui);
    const community = byName(dialog, 'combobox', /^Comunidad/);
    const labels = () =>
      Array.from((community as HTMLSelectElement).options)
        .map((o) => o.textContent)
        .filter((label) => label !== 'Selecciona…');
    await vi.waitFor(() => expect(labels()).toEqual(['Bachajón — Región 1']));
    await ui.selectOptions(community, '7');
    await ui.selectOptions(byName(dialog, 'combobox', /^Región/), '2');
    expect(labels()).toEqual(['Guaquitepec — Región 2']);
    // Bachajón is not of region 2: it is no longer chosen.
    expect((community as HTMLSelectElement).value).toBe('');
  });

  it('the ages come from the birth and entry dates', async () => {
    const dialog = await openNew(userEvent.setup());
    const today = todayIn();
    setDate(dialog, /^Fecha de nacimiento/, '1980-03-15');
    setDate(dialog, /^Fecha de ingreso a Yomol/, '2010-05-02');
    expect(
      await within(dialog).findByText(`Edad: ${ageInYears('1980-03-15', today)} años`),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(`Antigüedad: ${ageInYears('2010-05-02', today)} años`),
    ).toBeTruthy();
  });
});

describe('member form rules', { timeout: 30_000 }, () => {
  it('a message shows only once the field is touched', async () => {
    const ui = userEvent.setup();
    const dialog = await openNew(ui);
    const names = byName(dialog, 'textbox', /^Nombres/);
    expect(messageOf(names)).toBeNull();
    await ui.click(names);
    await ui.tab();
    expect(messageOf(names)).toBe('Campo requerido');
    expect(messageOf(byName(dialog, 'textbox', /^Apellido paterno/))).toBeNull();
  });

  it('sending an empty form marks every required field and queues nothing', async () => {
    const ui = userEvent.setup();
    const dialog = await openNew(ui);
    await ui.click(within(dialog).getByTestId('socio-save'));
    await vi.waitFor(() =>
      expect(messageOf(byName(dialog, 'textbox', /^Nombres/))).toBe('Campo requerido'),
    );
    expect(messageOf(byName(dialog, 'textbox', /^Apellido paterno/))).toBe('Campo requerido');
    expect(messageOf(within(dialog).getByLabelText(/^Fecha de nacimiento/))).toBe(
      'Campo requerido',
    );
    expect(messageOf(within(dialog).getByLabelText(/^Fecha de ingreso a Yomol/))).toBe(
      'Campo requerido',
    );
    expect(messageOf(within(dialog).getByLabelText(/^Fecha de ingreso al programa/))).toBe(
      'Campo requerido',
    );
    expect(messageOf(byName(dialog, 'combobox', /^Comunidad/))).toBe('Se requiere un número');
    expect(messageOf(byName(dialog, 'combobox', /^Cargo/))).toBe('Se requiere un número');
    const posts = within(dialog).getByRole('group', { name: /^Cargos en la cooperativa/ });
    expect(posts.querySelector('.field-message')?.textContent).toBe('Campo requerido');
    // Optional fields stay quiet.
    expect(messageOf(byName(dialog, 'textbox', /^CURP/))).toBeNull();
    expect(messageOf(byName(dialog, 'textbox', /^Apellido materno/))).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await outboxItems()).toHaveLength(0);
  });

  it('curp: exactly 18 letters or digits', async () => {
    const ui = userEvent.setup();
    const dialog = await openNew(ui);
    const curp = byName(dialog, 'textbox', /^CURP/);
    await ui.type(curp, 'GOCJ8001');
    await ui.tab();
    expect(messageOf(curp)).toBe('Deben ser al menos 18 caracteres');
    await ui.clear(curp);
    await ui.type(curp, 'GOCJ800101MCSMRN099');
    await ui.tab();
    expect(messageOf(curp)).toBe('Deben ser máximo 18 caracteres');
    await ui.clear(curp);
    await ui.type(curp, 'GOCJ800101MCSMRN-9');
    await ui.tab();
    expect(messageOf(curp)).toBe('Sólo pueden ser números o letras');
    await ui.clear(curp);
    await ui.type(curp, 'gocj800101mcsmrn09');
    await ui.tab();
    expect(messageOf(curp)).toBeNull();
    expect((curp as HTMLInputElement).value).toBe('GOCJ800101MCSMRN09');
  });

  it('telefono: at least 10 characters, digits only', async () => {
    const ui = userEvent.setup();
    const dialog = await openNew(ui);
    const phone = byName(dialog, 'textbox', /^Teléfono/);
    await ui.type(phone, '91912');
    await ui.tab();
    expect(messageOf(phone)).toBe('Deben ser al menos 10 caracteres');
    await ui.clear(phone);
    await ui.type(phone, '919-123-4567');
    await ui.tab();
    expect(messageOf(phone)).toBe('Debe ser un número entero');
    await ui.clear(phone);
    await ui.type(phone, '9191234567');
    await ui.tab();
    expect(messageOf(phone)).toBeNull();
  });

  it('clave_anterior: at most 11 characters', async () => {
    const ui = userEvent.setup();
    const dialog = await openNew(ui);
    const previous = byName(dialog, 'textbox', /^Clave anterior/);
    await ui.type(previous, 'CAF-1234567');
    await ui.tab();
    expect(messageOf(previous)).toBeNull();
    await ui.type(previous, '8');
    await ui.tab();
    expect(messageOf(previous)).toBe('Deben ser máximo 11 caracteres');
  });

  it('birth and group-entry dates: today or earlier; the program date at most tomorrow', async () => {
    // The cooperative's tomorrow, worked out here from its calendar (Mexico City).
    const todayThere = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
      new Date(),
    );
    const next = new Date(`${todayThere}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const tomorrow = next.toISOString().slice(0, 10);
    const ui = userEvent.setup();
    const dialog = await openNew(ui);
    const birth = setDate(dialog, /^Fecha de nacimiento/, '2999-01-01');
    const entry = setDate(dialog, /^Fecha de ingreso a Yomol/, '2999-01-01');
    const program = setDate(dialog, /^Fecha de ingreso al programa/, '2999-01-01');
    await vi.waitFor(() => expect(messageOf(birth)).toBe('La fecha debe ser hoy o anterior a hoy'));
    expect(messageOf(entry)).toBe('La fecha debe ser hoy o anterior a hoy');
    expect(messageOf(program)).toBe(`La fecha no puede ser posterior al ${tomorrow}`);
    setDate(dialog, /^Fecha de ingreso al programa/, tomorrow);
    await vi.waitFor(() => expect(messageOf(program)).toBeNull());
    // No age is shown for a date in the future.
    expect(within(dialog).queryByText(/^Edad:/)).toBeNull();
  });
});

describe('process icons', { timeout: 30_000 }, () => {
  it('only a process whose status is AC can be chosen', async () => {
    const ui = userEvent.setup();
    const dialog = await openNew(ui);
    const coffee = () => within(dialog).getByRole('button', { name: /^Café:/ });
    // Every status starts NP: nothing can be chosen.
    for (const name of [/^Café:/, /^Miel:/, /^Jabones:/, /^Salarios:/]) {
      expect(within(dialog).getByRole('button', { name })).toHaveProperty('disabled', true);
    }
    await ui.selectOptions(byName(dialog, 'combobox', /^Café/), 'AC');
    expect(coffee()).toHaveProperty('disabled', false);
    expect(coffee().getAttribute('aria-label')).toBe('Café: Disponible');
    await ui.click(coffee());
    expect(coffee().getAttribute('aria-pressed')).toBe('true');
    expect(coffee().getAttribute('aria-label')).toBe('Café: Seleccionado');
    // Inactive again (BA): the choice is gone and the icon is disabled.
    await ui.selectOptions(byName(dialog, 'combobox', /^Café/), 'BA');
    expect(coffee()).toHaveProperty('disabled', true);
    expect(coffee().getAttribute('aria-pressed')).toBe('false');
  });
});
