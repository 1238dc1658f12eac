/**
 * Excel exports built on the device ("build the file on the device from the replica,
 * offline works"). The worksheet comes from `worksheetOf` of #domain/sheet: the same header row
 * and typed cells as the server's …XLSX endpoints, with the header row frozen the same way.
 * The file is written in a Web Worker (./xlsx-worker.ts): tens of thousands of rows are
 * seconds of work that would otherwise freeze the page. Where no worker can start (a test
 * DOM, a browser that refuses it) it is written on the page as before.
 */
import { codeLabelKey } from '#domain/codes';
import { labelTableOf, sheetRowOf, type CodeLabeler, type SheetSpec } from '#domain/sheet';
import { saveBlob } from '#ui/save-blob.ts';
import type { XlsxJob, XlsxJobAnswer } from './xlsx-worker.ts';
import { writeXlsx } from './xlsx-write.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Code labels through the screen's translation function (the language the user reads). */
export function codeLabelsOf(t: (key: string) => string): CodeLabeler {
  return (list, code) => t(codeLabelKey(list, code));
}

/** The worker could not run (its script did not load, or it died): write on the page. */
class WorkerUnavailable extends Error {}

function inWorker(job: XlsxJob): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./xlsx-worker.ts', import.meta.url), {
        type: 'module',
        name: 'xlsx-export',
      });
    } catch {
      reject(new WorkerUnavailable());
      return;
    }
    worker.addEventListener('message', (event: MessageEvent<XlsxJobAnswer>) => {
      worker.terminate();
      const answer = event.data;
      if (answer.kind === 'file') resolve(answer.bytes);
      else reject(new Error(answer.message));
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new WorkerUnavailable());
    });
    worker.postMessage(job);
  });
}

/** The .xlsx file's bytes: one sheet described by `spec`, one row per item. */
export async function xlsxBytes<T extends object, K extends keyof T & string>(
  spec: SheetSpec<K>,
  rows: readonly T[],
  label: CodeLabeler,
): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof Worker === 'undefined') return writeXlsx(spec, rows, label);
  const job: XlsxJob = {
    spec,
    rows: rows.map((row) => sheetRowOf(spec, row)),
    labels: labelTableOf(spec, label),
  };
  try {
    return await inWorker(job);
  } catch (error) {
    if (error instanceof WorkerUnavailable) return writeXlsx(spec, rows, label);
    throw error;
  }
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
