import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeError, isGenericErrorBody } from '#ui/error-description.ts';
import { ErrorModalHost } from '#ui/error-modal.tsx';
import { dismissError, showError, useErrorStore } from '#ui/error-store.ts';
import { useSpanish } from '#tests/helpers/i18n-test';

beforeAll(useSpanish);
beforeEach(() => dismissError());

describe('describeError', () => {
  it('titles a 500 as a server error and lists its detail', () => {
    const d = describeError({ status: 500, body: { detail: 'Fallo interno', request_id: 'r1' } });
    expect(d.title).toBe('ui.errorModal.title.server');
    expect(d.lines).toEqual(['Fallo interno']);
    expect(JSON.parse(d.raw)).toEqual({ detail: 'Fallo interno', request_id: 'r1' });
  });

  it('titles a 400 on a create call differently from another 400', () => {
    const body = { non_field_errors: ['Ya existe', 'Revisa el folio'] };
    expect(describeError({ status: 400, body }, { isCreate: true })).toMatchObject({
      title: 'ui.errorModal.title.createFailed',
      lines: ['Ya existe', 'Revisa el folio'],
    });
    expect(describeError({ status: 400, body })).toMatchObject({
      title: 'ui.errorModal.title.badRequest',
      lines: ['Ya existe', 'Revisa el folio'],
    });
  });

  it('titles a 401 as forbidden and other statuses as generic', () => {
    expect(describeError({ status: 401, body: { detail: 'Token inválido' } })).toMatchObject({
      title: 'ui.errorModal.title.forbidden',
      lines: ['Token inválido'],
    });
    expect(describeError({ status: 404, body: { detail: 'No encontrado' } }).title).toBe(
      'ui.errorModal.title.generic',
    );
    expect(describeError({ status: 409, body: { detail: 'x', code: 'c' } }).title).toBe(
      'ui.errorModal.title.generic',
    );
  });

  it('lists a string body as is and joins a list body', () => {
    expect(describeError({ status: 400, body: 'Texto plano' })).toMatchObject({
      lines: ['Texto plano'],
      raw: 'Texto plano',
    });
    expect(describeError({ status: 400, body: ['uno', 'dos'] }).lines).toEqual(['uno, dos']);
  });

  it('treats no answer as "server not responding"', () => {
    expect(describeError({ status: 0, body: null })).toMatchObject({
      title: 'ui.errorModal.title.noResponse',
      lines: [],
      raw: '',
      status: 0,
    });
    expect(describeError(new TypeError('Failed to fetch'))).toMatchObject({
      title: 'ui.errorModal.title.noResponse',
      status: 0,
    });
  });

  it('falls back to the generic title for anything else', () => {
    expect(describeError(new Error('boom'))).toMatchObject({
      title: 'ui.errorModal.title.generic',
      raw: 'boom',
    });
    expect(describeError(undefined).title).toBe('ui.errorModal.title.generic');
  });

  it('tells modal bodies from per-field bodies', () => {
    expect(isGenericErrorBody('x')).toBe(true);
    expect(isGenericErrorBody(['x'])).toBe(true);
    expect(isGenericErrorBody({ detail: 'x' })).toBe(true);
    expect(isGenericErrorBody({ non_field_errors: ['x'] })).toBe(true);
    expect(isGenericErrorBody({ monto: ['x'] })).toBe(false);
  });
});

describe('ErrorModalHost', () => {
  it('shows the translated title, the server lines and the raw answer folded', async () => {
    const user = userEvent.setup();
    render(<ErrorModalHost />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() =>
      showError(
        { status: 400, body: { non_field_errors: ['El folio ya existe.'] } },
        { isCreate: true },
      ),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'No se pudo crear el registro' });
    expect(within(dialog).getByText('El folio ya existe.')).toBeTruthy();
    const details = dialog.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(within(dialog).getByText('Ver respuesta del servidor')).toBeTruthy();
    expect(details.querySelector('pre')!.textContent).toContain('"non_field_errors"');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useErrorStore.getState().current).toBeNull();
  });

  it('says the changes were not saved on a server error', () => {
    render(<ErrorModalHost />);
    act(() => showError({ status: 500, body: '<html>Internal Server Error</html>' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Error del servidor.' });
    expect(dialog.textContent).toContain('Los cambios no se guardaron correctamente.');
  });

  it('shows "Servidor No Responde" when no answer came back', () => {
    render(<ErrorModalHost />);
    act(() => showError({ status: 0, body: null }));
    const dialog = screen.getByRole('alertdialog', { name: 'Servidor No Responde' });
    expect(dialog.textContent).toContain('Revisa tu conexión');
    expect(dialog.querySelector('details')).toBeNull();
  });
});
