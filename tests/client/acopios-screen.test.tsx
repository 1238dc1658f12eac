/**
 * /acopios after a real login against a scripted server: the list from the replica with the
 * product as its pictogram, the community/region filter block, who may capture or export, the
 * per-product spreadsheet built offline with the columns of GET /acopiosXLSX/, and the yearly
 * charts' figures against sums made by hand.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as XLSX from '@e965/xlsx';
import '#i18n/setup';
import { enqueue } from '#sync/commands';
import { ACOPIO_EXPORT_COLUMNS, expectExportHeader } from '#tests/helpers/export-columns';
import { excelDay, expectSheetSettings, FORMATS, readSheet } from '#tests/helpers/xlsx-cells';
import { useSpanish } from '#tests/helpers/i18n-test';
import { acopio, openApp } from './acopios-fixtures';
import { freshDevice, setOnline } from './sync-fixtures';

const originalUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

afterEach(async () => {
  URL.createObjectURL = originalUrl.create;
  URL.revokeObjectURL = originalUrl.revoke;
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ACOPIOS = [
  acopio(1, 5, '2023-02-10', 'CF', '1000.50', '40.25'),
  acopio(2, 5, '2023-11-30', 'CF', '999.50', '39.75'),
  acopio(3, 6, '2024-01-15', 'MI', '300.00', '10.00'),
  acopio(4, 6, '2024-06-01', 'CF', '2500.00', '100.00'),
  acopio(5, 7, '2024-07-07', 'JA', '150.25'),
  acopio(6, 7, '2025-03-03', 'SL', '4000.00'),
  acopio(7, 12, '2024-02-02', 'CF', '700.00', '28.00'),
];

async function openAcopios(role: 'CO' | 'PR' | 'VI' | 'GE' = 'CO') {
  const opened = await openApp(role, '/acopios', 'Acopios', { acopios: ACOPIOS });
  await screen.findByRole('cell', { name: 'Rosa Álvarez Cruz' }, { timeout: 10_000 });
  // The place filter's regions come from the reference lists, read apart from the rows.
  await waitFor(() =>
    expect(
      within(screen.getByTestId('acopios-place'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toContain('2'),
  );
  return opened;
}

const table = () => screen.getByRole('table', { name: 'Acopios' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('/acopios list', { timeout: 30_000 }, () => {
  it('lists the collections newest first, with the product as its pictogram', async () => {
    await openAcopios();
    const rows = bodyRows();
    expect(rows).toHaveLength(7);
    const first = within(rows[0]!);
    // Newest first: 2025-03-03, salaries of Marta in Sitalá.
    expect(first.getByText('Marta Pérez Cruz')).toBeTruthy();
    expect(first.getByText('Sitalá')).toBeTruthy();
    expect(first.getByText('$4,000.00')).toBeTruthy();
    expect(first.getByRole('img', { name: 'Salarios' })).toBeTruthy();
    expect(first.getAllByText('—').length).toBeGreaterThan(0);
    const coffee = within(rows.find((r) => within(r).queryByText('$2,500.00'))!);
    expect(coffee.getByRole('img', { name: 'Café' })).toBeTruthy();
    expect(coffee.getByText('100 kg')).toBeTruthy();
  });

  it('?abrir=<id> (the field inbox\'s "Abrir") opens that collection\'s detail, not just the list', async () => {
    await openApp('CO', '/acopios?abrir=4', 'Acopios', { acopios: ACOPIOS });
    const detail = await screen.findByTestId('acopio-detail', {}, { timeout: 10_000 });
    expect(detail.textContent).toContain('$2,500.00');
    expect(detail.textContent).toContain('100 kg');
  });

  it('the community/region block narrows the list and the charts', async () => {
    await openAcopios();
    const ui = userEvent.setup();
    const block = within(screen.getByTestId('acopios-place'));
    await ui.selectOptions(block.getByRole('combobox', { name: 'Región' }), '2');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0]!).getByText('Guaquitepec')).toBeTruthy();
    // Only the communities of region 2 are offered.
    const communities = block.getByRole('combobox', { name: 'Comunidad' }) as HTMLSelectElement;
    expect(Array.from(communities.options).map((o) => o.textContent)).toEqual([
      'Todas las comunidades',
      'Guaquitepec',
    ]);
    await ui.selectOptions(block.getByRole('combobox', { name: 'Región' }), '1');
    await ui.selectOptions(block.getByRole('combobox', { name: 'Comunidad' }), '9');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    for (const row of bodyRows()) expect(within(row).getByText('Sitalá')).toBeTruthy();
    const figures = screen.getByTestId('delivery-year-table');
    expect(
      within(figures)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'AñoCaféMielJabonesSalarios',
      '2024$0.00$0.00$150.25$0.00',
      '2025$0.00$0.00$0.00$4,000.00',
    ]);
  });

  it('the yearly figures of the four processes equal sums made by hand', async () => {
    await openAcopios();
    const ui = userEvent.setup();
    await ui.click(screen.getByText('Ver las cifras'));
    const figures = () => screen.getByTestId('delivery-year-table');
    const cells = (year: string) =>
      Object.fromEntries(
        within(within(figures()).getByRole('rowheader', { name: year }).closest('tr')!)
          .getAllByRole('cell')
          .map((cell) => [cell.getAttribute('data-process'), cell.textContent]),
      );
    // 2023: coffee 1000.50 + 999.50.
    expect(cells('2023')).toEqual({ CF: '$2,000.00', MI: '$0.00', JA: '$0.00', SL: '$0.00' });
    // 2024: coffee 2500 + 700 (two regions), honey 300, soap 150.25.
    expect(cells('2024')).toEqual({
      CF: '$3,200.00',
      MI: '$300.00',
      JA: '$150.25',
      SL: '$0.00',
    });
    expect(cells('2025')).toEqual({ CF: '$0.00', MI: '$0.00', JA: '$0.00', SL: '$4,000.00' });
    // In kg only coffee and honey: 40.25 + 39.75 = 80; 100 + 28 = 128.
    await ui.click(screen.getByRole('button', { name: 'kg' }));
    expect(cells('2023')).toEqual({ CF: '80 kg', MI: '0 kg' });
    expect(cells('2024')).toEqual({ CF: '128 kg', MI: '10 kg' });
    expect(within(figures()).queryByRole('rowheader', { name: '2025' })).toBeNull();
  });

  it('a collection captured offline shows at once with the pending badge, not yet in the charts', async () => {
    await openAcopios('PR');
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await enqueue('acopio.create', {
      acopio: {
        clave_socio: 6,
        fecha: '2025-04-01',
        tipo_de_producto: 'CF',
        kilos_de_producto: '5.00',
        ingreso: '125.00',
      },
      display: {
        nombre_socio: 'Pedro López Cruz',
        region: 1,
        nombre_region: 'Región 1',
        comunidad: 7,
        nombre_comunidad: 'Bachajón',
      },
    });
    await waitFor(() => expect(bodyRows()).toHaveLength(8));
    const first = within(bodyRows()[0]!);
    expect(first.getByText('pendiente de enviar')).toBeTruthy();
    expect(first.getByText('$125.00')).toBeTruthy();
    expect(screen.getByText('1 acopio pendiente de enviar no se cuenta todavía.')).toBeTruthy();
  });
});

describe('who may capture and export', { timeout: 30_000 }, () => {
  it('a promoter captures but does not export', async () => {
    const { router } = await openAcopios('PR');
    expect(screen.queryByTestId('acopios-export')).toBeNull();
    await userEvent.setup().click(screen.getByTestId('acopio-new'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acopio-formato'));
  });

  it('a visitor exports but does not capture', async () => {
    await openAcopios('VI');
    expect(screen.getByTestId('acopios-export')).toBeTruthy();
    expect(screen.queryByTestId('acopio-new')).toBeNull();
  });

  it('exports one product offline with the columns, sheet and file name of GET /acopiosXLSX/', async () => {
    await openAcopios('GE');
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const files: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:acopios';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByTestId('acopios-export-product'), 'CF');
    await ui.click(screen.getByTestId('acopios-export'));
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });
    expect(names).toEqual(['acopiosCF.xlsx']);
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(files[0]!);
    });
    const book = XLSX.read(new Uint8Array(bytes), { type: 'array' });
    expect(book.SheetNames).toEqual(['Acopios']);
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Acopios!, {
      header: 1,
      defval: null,
    });
    expectExportHeader(sheet[0], ACOPIO_EXPORT_COLUMNS);
    // The four coffee collections, newest first, cells as the server writes them.
    expect(sheet.slice(1).map((row) => row[0])).toEqual([4, 7, 2, 1]);
    const read = readSheet(new Uint8Array(bytes));
    expectSheetSettings(read, 4);
    expect(read.rows[0]).toEqual([
      { t: 'n', v: 4, z: FORMATS.integer },
      { t: 'n', v: 6, z: FORMATS.integer },
      { t: 's', v: 'Pedro López Cruz' },
      { t: 'n', v: 1, z: FORMATS.integer },
      { t: 's', v: 'Región 1' },
      { t: 'n', v: 7, z: FORMATS.integer },
      { t: 's', v: 'Bachajón' },
      { t: 'n', v: excelDay('2024-06-01'), z: FORMATS.date },
      { t: 'n', v: 2500, z: FORMATS.money },
      { t: 's', v: 'CF' },
      { t: 's', v: 'Café' },
      { t: 'n', v: 100, z: '#,##0.00' },
      // Receipt number and code: none, it was not captured on a phone.
      undefined,
      undefined,
    ]);
  });
});
