import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as XLSX from '@e965/xlsx';
import '#i18n/setup';
import {
  expectExportHeader,
  MEMBER_EXPORT_COLUMNS,
  sheetHeaderOf,
} from '#tests/helpers/export-columns';
import { excelDay, expectSheetSettings, FORMATS, readSheet } from '#tests/helpers/xlsx-cells';
import { useSpanish } from '#tests/helpers/i18n-test';
import { freshDevice, setOnline } from './sync-fixtures';
import { MEMBERS, openSocios } from './socios-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

// jsdom has no object URLs: the tests put catchers in and the originals back.
const originalUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

afterEach(async () => {
  URL.createObjectURL = originalUrl.create;
  URL.revokeObjectURL = originalUrl.revoke;
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** Catch what the export hands to the browser: the file and its name. */
function catchDownload() {
  const files: Blob[] = [];
  const names: string[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    files.push(blob);
    return 'blob:socios';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { files, names };
}

describe('members export', { timeout: 30_000 }, () => {
  it('offline, builds the spreadsheet on the device with the columns of GET /sociosXLSX/', async () => {
    await openSocios('CO');
    await screen.findByText('Rosa Álvarez Cruz', {}, { timeout: 5000 });
    // The post's name shows once the reference lists are on the phone (its column is in the
    // chooser, off by default).
    await userEvent.setup().click(screen.getByTestId('dt-columns'));
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Cargo' }));
    await screen.findAllByText('Productor', {}, { timeout: 5000 });
    setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const download = catchDownload();

    await userEvent.setup().click(screen.getByTestId('socios-export'));
    await waitFor(() => expect(download.files).toHaveLength(1), { timeout: 10_000 });

    expect(download.names).toEqual(['socios.xlsx']);
    expect(download.files[0]!.type).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const bytes = new Uint8Array(await blobBytes(download.files[0]!));
    const book = XLSX.read(bytes, { type: 'array' });
    expect(book.SheetNames).toEqual(['Socios']);
    const table = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Socios!, {
      header: 1,
      defval: null,
    });
    expectExportHeader(table[0], MEMBER_EXPORT_COLUMNS);
    expect(table).toHaveLength(1 + MEMBERS.length);
    const rows = table
      .slice(1)
      .map((cells) =>
        Object.fromEntries(
          sheetHeaderOf(MEMBER_EXPORT_COLUMNS).map((column, i) => [column, cells[i]]),
        ),
      );
    expect(rows.map((r) => r.clave_socio)).toEqual([5, 6, 12]);
    expect(rows[2]).toMatchObject({
      region: 2,
      nombre_region: 'Región 2',
      comunidad: 8,
      nombre_comunidad: 'Guaquitepec',
      full_name: 'Rosa Álvarez Cruz',
      estatus_cafe: 'AC',
      estatus_cafe_etiqueta: 'Activo',
      estatus_yip: 'BA',
      estatus_yip_etiqueta: 'Inactivo',
      cafe: 'Sí',
      yip: 'No',
      comonSit: 'Sí',
      nombre_cargo: 'Productor',
      cargo_coop: '1, 2',
      nombres_cargo_coop: 'Socio, Tesorero',
      genero: 'FE',
      genero_etiqueta: 'Femenino',
      // A date cell: Excel's day number of 1980-03-15.
      fecha_nacimiento: excelDay('1980-03-15'),
      curp: null,
    });
    const read = readSheet(bytes);
    expectSheetSettings(read, MEMBERS.length);
    const birth = read.header.indexOf('fecha_nacimiento');
    expect(read.rows[2]![birth]).toEqual({ t: 'n', v: excelDay('1980-03-15'), z: FORMATS.date });
    expect(rows[1]).toMatchObject({ nombres: 'Pedro', miel: 'Sí', genero: 'MA' });
  });
});
