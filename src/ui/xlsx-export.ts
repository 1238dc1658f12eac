/**
 * Excel exports built on the device ("build the file on the device from the replica,
 * offline works"). SheetJS and the zip step are loaded with dynamic imports, so they are their
 * own chunks fetched (or read from the precache) only when someone exports. The worksheet
 * comes from `worksheetOf` of #domain/sheet: the same header row and typed cells as the
 * server's …XLSX endpoints, with the header row frozen the same way.
 */
import { codeLabelKey } from '#domain/codes';
import {
  FIRST_SHEET_PATH,
  freezeHeaderRowXml,
  worksheetOf,
  type CodeLabeler,
  type SheetSpec,
} from '#domain/sheet';
import { saveBlob } from '#ui/save-blob.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Code labels through the screen's translation function (the language the user reads). */
export function codeLabelsOf(t: (key: string) => string): CodeLabeler {
  return (list, code) => t(codeLabelKey(list, code));
}

/** The .xlsx file's bytes: one sheet described by `spec`, one row per item. */
export async function xlsxBytes<T extends object, K extends keyof T & string>(
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

/** Build the file and hand it to the browser as a download named `filename`. */
export async function downloadXlsx<T extends object, K extends keyof T & string>(
  filename: string,
  spec: SheetSpec<K>,
  rows: readonly T[],
  label: CodeLabeler,
): Promise<void> {
  saveBlob(new Blob([await xlsxBytes(spec, rows, label)], { type: XLSX_MIME }), filename);
}
