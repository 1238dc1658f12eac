/**
 * /evaluacion-socio after a real login against a scripted server: the member's data and
 * balance, and the delivery charts — starting with coffee only,
 * per member, community or region, in MXN or kg — whose figures equal sums made by hand over
 * the collections the server has accepted.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { getDb } from '#db/database';
import { useSpanish } from '#tests/helpers/i18n-test';
import { acopio, movimiento, openApp } from './acopios-fixtures';
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

const ACOPIOS = [
  acopio(1, 5, '2023-02-10', 'CF', '1000.50', '40.25'),
  acopio(2, 5, '2023-11-30', 'CF', '999.50', '39.75'),
  acopio(3, 5, '2024-01-15', 'CF', '10.01', '0.33'),
  acopio(4, 6, '2024-06-01', 'CF', '2500.00', '100.00'),
  acopio(5, 6, '2024-06-02', 'MI', '300.00', '10.50'),
  acopio(6, 7, '2024-07-07', 'JA', '150.25'),
  acopio(7, 12, '2024-02-02', 'CF', '700.00', '28.00'),
];

async function openEvaluation(path: string) {
  await openApp('GE', path, 'Evaluación de socio', {
    acopios: ACOPIOS,
    movimientos: [movimiento(1, 5, { monto: '640.00' })],
  });
  await vi.waitFor(async () => expect(await getDb().acopios.count()).toBe(7), {
    timeout: 10_000,
  });
}

/** The figures table as text rows. */
function figures(): string[] {
  return within(screen.getByTestId('delivery-year-table'))
    .getAllByRole('row')
    .map((row) =>
      Array.from(row.children)
        .map((cell) => cell.textContent)
        .join(' | '),
    );
}

describe('member evaluation', { timeout: 30_000 }, () => {
  it('shows the member, its balance and its coffee deliveries per year first', async () => {
    await openEvaluation('/evaluacion-socio?socio=5&proceso=CF');
    const card = within(await screen.findByTestId('evaluacion-member', {}, { timeout: 10_000 }));
    expect(card.getByText('Juana Gómez Cruz')).toBeTruthy();
    expect(card.getByText('Bachajón')).toBeTruthy();
    expect(card.getByTestId('evaluacion-saldo').textContent).toBe('$640.00');
    expect(card.getByRole('img', { name: 'Café: Seleccionado' })).toBeTruthy();
    await screen.findByTestId('delivery-year-table', {}, { timeout: 10_000 });
    // Coffee only to start with: 1000.50 + 999.50 in 2023, 10.01 in 2024.
    expect(figures()).toEqual(['Año | Café', '2023 | $2,000.00', '2024 | $10.01']);
  });

  it('processes, kg and scope change the sums, always equal to sums made by hand', async () => {
    await openEvaluation('/evaluacion-socio?socio=6');
    const ui = userEvent.setup();
    await screen.findByTestId('delivery-year-table', {}, { timeout: 10_000 });
    expect(figures()).toEqual(['Año | Café', '2024 | $2,500.00']);
    await ui.click(screen.getByRole('checkbox', { name: 'Miel' }));
    expect(figures()).toEqual(['Año | Café | Miel', '2024 | $2,500.00 | $300.00']);
    await ui.click(screen.getByTestId('delivery-unit-kg'));
    expect(figures()).toEqual(['Año | Café | Miel', '2024 | 100 kg | 10.5 kg']);

    // The community of Juana and Pedro (Bachajón): 40.25 + 39.75 = 80; 0.33 + 100 = 100.33.
    await ui.click(screen.getByTestId('delivery-scope-comunidad'));
    expect(figures()).toEqual([
      'Año | Café | Miel',
      '2023 | 80 kg | 0 kg',
      '2024 | 100.33 kg | 10.5 kg',
    ]);
    // Region 2: only Rosa's coffee.
    await ui.click(screen.getByTestId('delivery-scope-region'));
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Región' }), '2');
    await ui.click(screen.getByTestId('delivery-unit-mxn'));
    expect(figures()).toEqual(['Año | Café | Miel', '2024 | $700.00 | $0.00']);
    // Region 1 with every process: 2024 coffee 10.01 + 2500, honey 300, soap 150.25.
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Región' }), '1');
    await ui.click(screen.getByRole('checkbox', { name: 'Jabones' }));
    await ui.click(screen.getByRole('checkbox', { name: 'Salarios' }));
    expect(figures()).toEqual([
      'Año | Café | Miel | Jabones | Salarios',
      '2023 | $2,000.00 | $0.00 | $0.00 | $0.00',
      '2024 | $2,510.01 | $300.00 | $150.25 | $0.00',
    ]);
  });

  it('without any process ticked it asks for one', async () => {
    await openEvaluation('/evaluacion-socio?socio=5');
    const ui = userEvent.setup();
    await screen.findByTestId('delivery-year-table', {}, { timeout: 10_000 });
    await ui.click(screen.getByRole('checkbox', { name: 'Café' }));
    expect(screen.getByText('Marca al menos un proceso.')).toBeTruthy();
  });

  it('"Buscar" with a key shows that member under one search box, and the key follows the address', async () => {
    await openEvaluation('/evaluacion-socio');
    const ui = userEvent.setup();
    const field = await screen.findByRole(
      'textbox',
      { name: /Clave de socio/ },
      { timeout: 10_000 },
    );
    await ui.type(field, '6');
    await ui.click(screen.getByTestId('evaluacion-search'));
    await screen.findByTestId('delivery-year-table', {}, { timeout: 10_000 });
    expect(screen.getAllByTestId('evaluacion-search')).toHaveLength(1);
    expect(screen.getAllByRole('textbox', { name: /Clave de socio/ })).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /Clave de socio/ })).toHaveProperty('value', '6');
  });
});
