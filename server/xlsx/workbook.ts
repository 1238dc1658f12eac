/**
 * The …XLSX exports (BUSINESS_RULES §1 and §12): a real .xlsx built with SheetJS CE, one sheet
 * whose header row is the matching list's column names and whose rows are the caller's scoped
 * list. Texts stay text cells (a name starting with "=" is never a formula).
 */
import * as XLSX from '@e965/xlsx';
import type { FastifyReply } from 'fastify';
import * as z from 'zod';
import { exportTable } from '#domain/exports';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A workbook with one sheet: `columns` as the header row, then one row per item. The cells come
 * from #domain/exports, so the phone's offline export builds the very same table.
 */
export function buildXlsx<T extends object, K extends keyof T & string>(
  sheetName: string,
  columns: readonly K[],
  rows: readonly T[],
): Buffer {
  const table = exportTable(columns, rows);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(table), sheetName);
  const out: unknown = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true });
  if (!Buffer.isBuffer(out)) throw new Error('SheetJS did not write a buffer');
  return out;
}

/** Response schema of an export route: the body is the file, sent as it is (never serialized). */
export const xlsxAnswer = z.custom<Buffer>((value) => Buffer.isBuffer(value));
/** What the OpenAPI document says an export route answers. */
export const XLSX_FILE = { contentType: XLSX_CONTENT_TYPE } as const;

/** Headers that make the browser save the answer as `filename`. */
export function asXlsxDownload(reply: FastifyReply, filename: string): void {
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');
}
