/**
 * The export worker: builds a spreadsheet's bytes off the page's thread, so a large export
 * (tens of thousands of rows: seconds of work) never freezes the screen. It receives the sheet,
 * the rows as plain data and the code labels as a table (a function cannot be sent), answers
 * the file's bytes (transferred, not copied) or why it could not.
 */
import { labelerOf, type LabelTable, type SheetSpec } from '#domain/sheet';
import { writeXlsx } from './xlsx-write.ts';

export interface XlsxJob {
  spec: SheetSpec<string>;
  rows: readonly Record<string, unknown>[];
  labels: LabelTable;
}

export type XlsxJobAnswer =
  { kind: 'file'; bytes: Uint8Array<ArrayBuffer> } | { kind: 'error'; message: string };

addEventListener('message', (event: MessageEvent<XlsxJob>) => {
  const { spec, rows, labels } = event.data;
  writeXlsx(spec, rows, labelerOf(labels)).then(
    (bytes) => {
      const answer: XlsxJobAnswer = { kind: 'file', bytes };
      postMessage(answer, { transfer: [bytes.buffer] });
    },
    (error: unknown) => {
      const answer: XlsxJobAnswer = {
        kind: 'error',
        message: error instanceof Error ? error.message : String(error),
      };
      postMessage(answer);
    },
  );
});
