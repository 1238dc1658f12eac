/**
 * Writing an export's .xlsx bytes (#domain/sheet's worksheet, SheetJS, the frozen header row):
 * the step that takes seconds on a large list. It runs in the export worker (./xlsx-worker.ts)
 * and, where no worker can run, on the page (./xlsx-export.ts). SheetJS and the zip step are
 * loaded with dynamic imports, so they are their own chunks fetched only when someone exports.
 */
import {
  FIRST_SHEET_PATH,
  freezeHeaderRowXml,
  worksheetOf,
  type CodeLabeler,
  type SheetSpec,
} from '#domain/sheet';

/** The .xlsx file's bytes: one sheet described by `spec`, one row per item. */
export async function writeXlsx<T extends object, K extends keyof T & string>(
  spec: SheetSpec<K>,
  rows: readonly T[],
  label: CodeLabeler,
): Promise<Uint8Array<ArrayBuffer>> {
  const [XLSX, { strFromU8, strToU8, unzipSync, zipSync }] = await Promise.all([
    import('@e965/xlsx'),
    import('fflate'),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, worksheetOf(spec, rows, { label }), spec.sheet);
  const out: unknown = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true });
  // Checked by tag, not instanceof: test DOMs and workers may bring their own ArrayBuffer.
  if (Object.prototype.toString.call(out) !== '[object ArrayBuffer]')
    throw new Error('SheetJS did not write an ArrayBuffer');
  // SheetJS CE writes no panes: the written sheet gets its frozen header row (#domain/sheet).
  const files = unzipSync(new Uint8Array(out as ArrayBuffer));
  const sheet = files[FIRST_SHEET_PATH];
  if (!sheet) throw new Error('SheetJS wrote no first sheet');
  files[FIRST_SHEET_PATH] = strToU8(freezeHeaderRowXml(strFromU8(sheet)));
  return new Uint8Array(zipSync(files, { level: 6 }));
}
