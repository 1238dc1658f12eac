/**
 * The trip's cash after a refused payment is corrected on the form: the
 * office refuses a payment, the promoter fixes the amount on the same form and it is accepted —
 * the trip summary counts the corrected payment once, as sent, and nothing of the refused
 * original in its cash.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { getDb } from '#db/database';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json, type SeenRequest } from './api-fake-fetch';
import { openApp, payment } from './pagos-fixtures';
import { freshDevice } from './sync-fixtures';

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

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function typeCapital(ui: Ui, capital: string) {
  for (const [name, value] of [
    [/^Abono a capital/, capital],
    [/^Interés ordinario/, '0'],
    [/^Interés moratorio/, '0'],
  ] as const) {
    const input = field(name);
    await ui.clear(input);
    await ui.type(input, value);
    fireEvent.blur(input);
  }
}

async function saveAndConfirm(ui: Ui) {
  await ui.click(screen.getByTestId('pago-save'));
  await ui.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', {
      name: /^Guardar (y enviar|en el teléfono)$/,
    }),
  );
}

describe('trip summary after a correction', { timeout: 40_000 }, () => {
  it('capture → refused → corrected → accepted: cash received is the corrected amount only', async () => {
    const posts: SeenRequest[] = [];
    const ui = userEvent.setup();
    const { router } = await openApp('PR', '/pago-formato', {
      heading: 'Registrar pago',
      extra: {
        'POST /api/pagos/': (request: SeenRequest) => {
          posts.push(request);
          return posts.length === 1
            ? json(
                { abono_capital: ['El abono a capital es mayor que el capital por pagar.'] },
                400,
              )
            : json(
                {
                  ...payment(77, 12, request.body as Record<string, never>),
                  estatus_previo: 'VI',
                  estatus_nuevo: 'VI',
                },
                201,
              );
        },
      },
    });
    await vi.waitFor(async () => expect(await getDb().contratos.count()).toBe(3), {
      timeout: 5000,
    });
    const credito = field(/^Folio del crédito/);
    await ui.type(credito, '12');
    fireEvent.change(screen.getByLabelText(/^Fecha de pago/), { target: { value: '2025-09-20' } });
    await typeCapital(ui, '900');
    await saveAndConfirm(ui);
    await screen.findByText('El abono a capital es mayor que el capital por pagar.', undefined, {
      timeout: 10_000,
    });

    // The same form corrects it: 400.00, accepted.
    await typeCapital(ui, '400');
    await saveAndConfirm(ui);
    await vi.waitFor(async () => expect(await getDb().pagos.get(77)).toBeTruthy(), {
      timeout: 10_000,
    });
    expect(posts).toHaveLength(2);
    // The form goes on to the payments list once the answer is in: only then leave for the
    // trip (navigating earlier, the form's own navigation would bring the list back).
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pagos'), {
      timeout: 10_000,
    });

    await router.navigate('/viaje');
    // The trip screen is its own chunk: under a loaded CI machine it can take a while.
    await waitFor(() => expect(screen.getByTestId('trip-cash-in').textContent).toBe('$400.00'), {
      timeout: 20_000,
    });
    expect(screen.getByTestId('trip-pago-enviado').textContent).toContain('$400.00');
    expect(screen.getByTestId('trip-pago-rechazado').textContent).not.toContain('$900.00');
    const lines = within(screen.getByTestId('trip-lines')).getAllByRole('listitem');
    expect(lines).toHaveLength(1);
  });
});
