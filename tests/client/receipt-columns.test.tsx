/**
 * Receipts in lists and details ("number and code … shown in lists, details
 * and exports"): the payments, movements and collections lists carry a "Recibo" column with
 * the number a phone gave the record ("—" for office captures); the collection's detail,
 * opened from its row, shows the number and the grouped code; the phone's spreadsheets carry
 * both.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { getDb } from '#db/database';
import { pagoExportRows } from '#features/pagos/export-pagos-button.tsx';
import { PAYMENT_SHEET } from '#domain/credit-shapes';
import { sheetHeader, worksheetOf, type SheetCell } from '#domain/sheet';
import { useSpanish } from '#tests/helpers/i18n-test';
import { acopio, movimiento, openApp as openDeliveries } from './acopios-fixtures';
import { openApp as openCredits, payment, PAYMENTS } from './pagos-fixtures';
import { freshDevice } from './sync-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

afterEach(async () => {
  await freshDevice();
  vi.restoreAllMocks();
});

const RECEIPT = { recibo: '12-K7QM-0042', recibo_codigo: 'ABCD2345', recibo_reemplaza: null };

/** The cells of the column headed `header` in `table`, top to bottom. */
function columnCells(table: HTMLElement, header: string): (string | null)[] {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim() ?? '');
  const index = headers.findIndex((h) => h.startsWith(header));
  expect(index).toBeGreaterThanOrEqual(0);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]?.textContent ?? null);
}

describe('receipt column and detail', { timeout: 30_000 }, () => {
  it('payments: the list shows the receipt number; the spreadsheet its number and code', async () => {
    const withReceipt = payment(33, 12, { fecha_pago: '2025-04-01', ...RECEIPT });
    await openCredits('CO', '/pagos', { heading: 'Pagos', pagos: [...PAYMENTS, withReceipt] });
    const table = await screen.findByRole('table', { name: 'Pagos' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4), {
      timeout: 10_000,
    });
    // Newest first: 33 (with its receipt), then the office's 31 and 32.
    expect(columnCells(table, 'Recibo')).toEqual(['12-K7QM-0042', '—', '—']);
    const ui = userEvent.setup();
    await ui.click(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[3]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('receipt-ref').textContent).toBe('12-K7QM-0042 · ABCD-2345');

    const sheet = worksheetOf(PAYMENT_SHEET, pagoExportRows(await getDb().pagos.toArray()), {
      label: (_list, code) => String(code),
    });
    const header = sheetHeader(PAYMENT_SHEET);
    // Row 1 is the header; rows 2 and 3 the two payments, newest first.
    const cell = (name: string, row: number) => {
      const letter = String.fromCharCode(65 + header.indexOf(name));
      const found = sheet[`${letter}${row}`] as SheetCell | undefined;
      return found?.v ?? null;
    };
    expect(header.length).toBeLessThan(26);
    expect(cell('id', 2)).toBe(33);
    expect([cell('recibo', 2), cell('recibo_codigo', 2)]).toEqual(['12-K7QM-0042', 'ABCD2345']);
    expect([cell('recibo', 3), cell('recibo_codigo', 3)]).toEqual([null, null]);
  });

  it('movements: the group list shows the receipt number', async () => {
    await openDeliveries('CO', '/movimientos', 'Aportaciones y retiros', {
      movimientos: [
        movimiento(40, 5, { fecha_entrega: '2025-03-02', ...RECEIPT }),
        movimiento(41, 5, { fecha_entrega: '2025-03-01' }),
      ],
    });
    await vi.waitFor(async () => expect(await getDb().movimientos.count()).toBe(2), {
      timeout: 10_000,
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByTestId('movement-tab-grupo', {}, { timeout: 10_000 }));
    await ui.selectOptions(screen.getByTestId('movement-group-kind'), 'proceso');
    await ui.selectOptions(screen.getByTestId('movement-group-value'), 'CF');
    const table = await screen.findByRole('table', { name: 'Movimientos del grupo' });
    expect(columnCells(table, 'Recibo')).toEqual(['12-K7QM-0042', '—']);
  });

  it('collections: the list shows the number; the row opens a detail with number and code', async () => {
    await openDeliveries('CO', '/acopios', 'Acopios', {
      acopios: [
        { ...acopio(1, 5, '2025-02-10', 'CF', '1000.50', '40.25'), ...RECEIPT },
        acopio(2, 6, '2024-11-30', 'MI', '300.00', '10.00'),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Acopios' });
    await within(table).findByRole('cell', { name: 'Juana Gómez Cruz' }, { timeout: 10_000 });
    expect(columnCells(table, 'Recibo')).toEqual(['12-K7QM-0042', '—']);

    const ui = userEvent.setup();
    await ui.click(within(table).getByRole('cell', { name: 'Juana Gómez Cruz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acopio 1' });
    const detail = within(within(dialog).getByTestId('acopio-detail'));
    const item = (label: string) =>
      detail.getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(item('Socio')).toBe('5 · Juana Gómez Cruz');
    expect(item('Fecha')).toMatch(/10 feb 2025/);
    expect(item('Ingreso')).toBe('$1,000.50');
    expect(item('Producto')).toBe('Café');
    expect(item('Kilos')).toBe('40.25 kg');
    expect(item('Recibo')).toBe('12-K7QM-0042 · ABCD-2345');
    await ui.click(within(dialog).getByTestId('acopio-detail-close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // An office capture has no receipt: "—".
    await ui.click(within(table).getByRole('cell', { name: 'Pedro López Cruz' }));
    const other = await screen.findByRole('dialog', { name: 'Acopio 2' });
    const otherItem = within(other).getByText('Recibo').closest('div')?.querySelector('dd');
    expect(otherItem?.textContent).toBe('—');
  });
});
