/**
 * Excel exports built on the device (issue 4: "build the file on the device from the replica,
 * offline works"). SheetJS is loaded with a dynamic import, so it is its own chunk fetched (or
 * read from the precache) only when someone exports. The table comes from `exportTable` of
 * #domain/exports: the same header row and cells as the server's …XLSX endpoints.
 */
import { exportTable } from '#domain/exports';
import { saveBlob } from '#ui/save-blob.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The .xlsx file's bytes: one sheet, `columns` as the header row, one row per item. */
export async function xlsxBytes<T extends object, K extends keyof T & string>(
  sheetName: string,
  columns: readonly K[],
  rows: readonly T[],
): Promise<ArrayBuffer> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet(exportTable(columns, rows)),
    sheetName,
  );
  const out: unknown = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true });
  // Checked by tag, not instanceof: test DOMs and workers may bring their own ArrayBuffer.
  if (Object.prototype.toString.call(out) !== '[object ArrayBuffer]')
    throw new Error('SheetJS did not write an ArrayBuffer');
  return out as ArrayBuffer;
}

/** Build the file and hand it to the browser as a download named `filename`. */
export async function downloadXlsx<T extends object, K extends keyof T & string>(
  filename: string,
  sheetName: string,
  columns: readonly K[],
  rows: readonly T[],
): Promise<void> {
  saveBlob(new Blob([await xlsxBytes(sheetName, columns, rows)], { type: XLSX_MIME }), filename);
}
