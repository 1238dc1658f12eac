/**
 * Members imported from the original without birth or joining dates or cargo (docs/import.md):
 * /socios marks them "Datos por completar", filters them (the office's work list, also as
 * `?por_completar=1`), and their form says what is missing and requires it before saving.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import type { MemberValues } from '#domain/forms/member';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json } from './api-fake-fetch';
import { freshDevice } from './sync-fixtures';
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

const IMPORTED = [
  ...MEMBERS,
  member(30, {
    nombres: 'Ana',
    apellido_paterno: 'Gómez',
    apellido_materno: 'López',
    fecha_nacimiento: null,
  }),
  member(31, {
    nombres: 'Tomás',
    apellido_paterno: 'Jiménez',
    apellido_materno: '',
    genero: 'OT',
    cargo: null,
    fecha_ingr_programa: null,
  }),
];

/** Joined before 1990 (the importer keeps such dates; a new one could not be typed). */
const OLD_MEMBER = member(32, {
  nombres: 'Pascuala',
  apellido_paterno: 'Méndez',
  apellido_materno: 'Ruiz',
  fecha_ingr_yomol_atel: '1985-03-01',
  fecha_ingr_programa: '1987-06-15',
});

const table = () => screen.getByRole('table', { name: 'Socios' });
const names = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .filter((r) => !r.querySelector('.dt-empty'))
    .map((r) => within(r).getAllByRole('cell')[1]!.textContent);

describe('members imported with data to complete', { timeout: 30_000 }, () => {
  it('are marked with what they lack, and the filter lists only them', async () => {
    const ui = userEvent.setup();
    await openSocios('GE', IMPORTED);
    await vi.waitFor(() => expect(names()).toHaveLength(5), { timeout: 4000 });
    const marks = within(table()).getAllByTestId('socio-incomplete');
    expect(marks.map((m) => [m.textContent, m.title])).toEqual([
      ['Datos por completar', 'Falta: Fecha de nacimiento'],
      ['Datos por completar', 'Falta: Fecha de ingreso al programa, Cargo'],
    ]);
    const filter = screen.getByTestId('socios-incomplete-filter');
    expect(filter.textContent).toBe('Datos por completar (2)');
    await ui.click(filter);
    await vi.waitFor(() => expect(names()).toEqual(['Ana Gómez López', 'Tomás Jiménez']));
    expect(filter.getAttribute('aria-pressed')).toBe('true');
    await ui.click(filter);
    await vi.waitFor(() => expect(names()).toHaveLength(5));
  });

  it('the work list opens from ?por_completar=1', async () => {
    await openSocios('GE', IMPORTED, {}, '/socios?por_completar=1');
    await vi.waitFor(() => expect(names()).toEqual(['Ana Gómez López', 'Tomás Jiménez']), {
      timeout: 4000,
    });
  });

  it('the form says what is missing and requires it before saving', async () => {
    const ui = userEvent.setup();
    await openSocios('GE', IMPORTED);
    await vi.waitFor(() => expect(names()).toHaveLength(5), { timeout: 4000 });
    await ui.click(within(table()).getByText('Tomás Jiménez'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('socio-incomplete-note').textContent).toMatch(
      /sin estos datos: Fecha de ingreso al programa, Cargo\./,
    );
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: /^Género/ }).value).toBe(
      'OT',
    );
    await ui.click(within(dialog).getByRole('button', { name: 'Editar' }));
    await ui.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() =>
      expect(
        within(dialog)
          .getByRole('combobox', { name: /^Cargo/ })
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(
      within(dialog)
        .getByLabelText(/^Fecha de ingreso al programa/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('a member who joined before 1990 is saved with those dates; a date changed to 1950 is not', async () => {
    const ui = userEvent.setup();
    const { api } = await openSocios('GE', [...MEMBERS, OLD_MEMBER], {
      'PUT /api/socios/32.json': (request) => json(answerFor(32, request.body as MemberValues)),
    });
    await vi.waitFor(() => expect(names()).toContain('Pascuala Méndez Ruiz'), { timeout: 4000 });
    await ui.click(within(table()).getByText('Pascuala Méndez Ruiz'));
    const dialog = await screen.findByRole('dialog');
    await ui.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const joined = within(dialog).getByLabelText(/^Fecha de ingreso a Yomol/);
    fireEvent.change(joined, { target: { value: '1950-01-01' } });
    fireEvent.blur(joined);
    await vi.waitFor(() => expect(joined.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('La fecha no puede ser anterior al 1990-01-01')).toBeTruthy();
    fireEvent.change(joined, { target: { value: '1985-03-01' } });
    await vi.waitFor(() => expect(joined.getAttribute('aria-invalid')).not.toBe('true'));

    await ui.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await ui.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
    );
    await vi.waitFor(() => expect(api.calls('PUT', '/api/socios/32.json')).toHaveLength(1), {
      timeout: 10_000,
    });
    const [put] = api.calls('PUT', '/api/socios/32.json');
    expect(put!.body).toMatchObject({
      fecha_ingr_yomol_atel: '1985-03-01',
      fecha_ingr_programa: '1987-06-15',
    });
  });
});
