/**
 * The …XLSX exports (docs/business-rules.md#roles-and-scope and #other-areas): a real .xlsx built
 * with SheetJS CE, one sheet whose header row is the matching list's column names (each code
 * followed by its label) and whose rows are the caller's scoped list, typed by #domain/sheet:
 * money, rates and dates are numbers with their formats, texts stay text cells (a name starting
 * with "=" is never a formula); the header row is frozen and filterable.
 */
import * as XLSX from '@e965/xlsx';
import type { FastifyReply } from 'fastify';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import * as z from 'zod';
import {
  FIRST_SHEET_PATH,
  freezeHeaderRowXml,
  worksheetOf,
  type SheetOptions,
  type SheetSpec,
} from '#domain/sheet';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The file's bytes with the header row frozen: SheetJS CE writes no panes, so the written
 * sheet's XML gets its pane (#domain/sheet) and the container is zipped again.
 */
function withFrozenHeader(bytes: Uint8Array): Uint8Array {
  const files = unzipSync(bytes);
  const sheet = files[FIRST_SHEET_PATH];
  if (!sheet) throw new Error('SheetJS wrote no first sheet');
  files[FIRST_SHEET_PATH] = strToU8(freezeHeaderRowXml(strFromU8(sheet)));
  return zipSync(files, { level: 6 });
}

/**
 * A workbook with one sheet described by `spec`, one row per item. The cells come from
 * #domain/sheet, so the phone's offline export builds the very same sheet.
 */
export function buildXlsx<T extends object, K extends keyof T & string>(
  spec: SheetSpec<K>,
  rows: readonly T[],
  options: SheetOptions,
): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, worksheetOf(spec, rows, options), spec.sheet);
  const out: unknown = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true });
  if (!Buffer.isBuffer(out)) throw new Error('SheetJS did not write a buffer');
  return Buffer.from(withFrozenHeader(out));
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
