/**
 * The worker thread that writes an export's file (./off-thread): the worksheet's cells, SheetJS
 * and the zip step take seconds on a large list, and on the main thread they held every other
 * request (the health check included) for as long. The rows arrive in batches while the main
 * thread reads them; the code labels arrive as a table, since a function cannot be sent.
 */
import { parentPort } from 'node:worker_threads';
import type { CodeListName, CodeOf } from '#domain/codes';
import { isRecord } from '#domain/guards';
import type { SheetSpec } from '#domain/sheet';
import { buildXlsx } from './workbook.ts';

/** What the main thread sends: the sheet first, then rows in batches, then the end. */
export type BuildMessage =
  | {
      kind: 'start';
      spec: SheetSpec<string>;
      /** Label of each code, by code list (only the lists of the spec's code columns). */
      labels: Partial<Record<CodeListName, Record<string, string>>>;
      timeZone: string | undefined;
    }
  | { kind: 'rows'; rows: readonly object[] }
  | { kind: 'end' };

/**
 * What the worker answers: that it listens (messages sent before are lost, since the module
 * loads after the thread has started), then once the file's bytes (transferred) or why not.
 */
export type BuildAnswer =
  { kind: 'ready' } | { kind: 'file'; bytes: Uint8Array } | { kind: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('build-worker runs only as a worker thread');

let start: Extract<BuildMessage, { kind: 'start' }> | null = null;
const rows: Record<string, unknown>[] = [];

port.on('message', (message: BuildMessage) => {
  if (message.kind === 'start') start = message;
  else if (message.kind === 'rows') rows.push(...message.rows.filter(isRecord));
  else {
    try {
      if (!start) throw new Error('build-worker got rows before the sheet');
      const { labels, timeZone } = start;
      const file = buildXlsx(start.spec, rows, {
        label: <L extends CodeListName>(list: L, code: CodeOf<L>) =>
          labels[list]?.[String(code)] ?? String(code),
        ...(timeZone !== undefined && { timeZone }),
      });
      // A copy with a buffer of its own: a small Buffer may sit in Node's shared pool, which
      // must not be transferred away.
      const bytes = new Uint8Array(file);
      port.postMessage({ kind: 'file', bytes } satisfies BuildAnswer, [bytes.buffer]);
    } catch (error) {
      port.postMessage({
        kind: 'error',
        message: error instanceof Error ? error.message : String(error),
      } satisfies BuildAnswer);
    } finally {
      // Ready for the next file: the thread is kept between exports (./off-thread).
      start = null;
      rows.length = 0;
    }
  }
});
port.postMessage({ kind: 'ready' } satisfies BuildAnswer);
