/**
 * Export files written off the event loop: the rows go, in batches, to a worker thread
 * (./build-worker) that builds the workbook, so a large export never holds other requests.
 * The rows may come as one list or page by page (`pagesOf`): on PGlite every query runs on the
 * main thread, so a whole-table read would itself hold the server; pages keep each hold short
 * and let the health check and other readers take their turn between them.
 */
import { Worker } from 'node:worker_threads';
import { CODE_LISTS, type CodeListName, type CodeOf } from '#domain/codes';
import type { SheetOptions, SheetSpec } from '#domain/sheet';
import type { BuildAnswer, BuildMessage } from './build-worker.ts';

/**
 * Rows an export reads per query when it reads page by page: each page holds PGlite (and so
 * the loop) for tens of milliseconds at most on a loaded machine.
 */
export const EXPORT_PAGE = 200;

/** Rows handed to the worker per message (each message is a structured clone on this thread). */
const BATCH = 500;

const WORKER_URL = new URL('./build-worker.ts', import.meta.url).href;
const TSX_API = import.meta.resolve('tsx/esm/api');

/**
 * The worker's start: TypeScript's loader registered inside the thread, then the worker's
 * module (a `.ts` entry given to `new Worker` is refused before any `--import` hook runs).
 */
const WORKER_START = `import(${JSON.stringify(TSX_API)})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}); });`;

/** Every label of the code lists the sheet's code and flag columns use, in the options' language. */
function labelTable(
  spec: SheetSpec<string>,
  options: SheetOptions,
): Partial<Record<CodeListName, Record<string, string>>> {
  const table: Partial<Record<CodeListName, Record<string, string>>> = {};
  for (const column of spec.columns) {
    // A code's label column and a yes/no written as its label both read the list's labels.
    if (column.type.kind !== 'code' && column.type.kind !== 'flag') continue;
    if (table[column.type.list]) continue;
    const list = column.type.list;
    const codes: readonly CodeOf<typeof list>[] = CODE_LISTS[list];
    table[list] = Object.fromEntries(codes.map((c) => [String(c), options.label(list, c)]));
  }
  return table;
}

function isList<T>(rows: readonly T[] | AsyncIterable<readonly T[]>): rows is readonly T[] {
  return Array.isArray(rows);
}

/** Lets the loop serve what waits (a health check, another request) before the next batch. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Builder {
  worker: Worker;
  /** The worker's next message, or its failure (an error or an exit). */
  answer: () => Promise<BuildAnswer>;
}

/**
 * One started worker kept between exports: starting one (TypeScript's loader, SheetJS) takes
 * seconds on a loaded machine. While kept it does not keep the process alive (unref).
 */
const idle: Builder[] = [];

/** A listening worker: the kept one, or a new one once it says it listens. */
async function takeBuilder(): Promise<Builder> {
  const kept = idle.pop();
  if (kept) {
    kept.worker.ref();
    return kept;
  }
  const worker = new Worker(WORKER_START, { eval: true, execArgv: [] });
  const answers: ((answer: BuildAnswer) => void)[] = [];
  const next = () => new Promise<BuildAnswer>((resolve) => answers.push(resolve));
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => {
      const at = idle.findIndex((b) => b.worker === worker);
      if (at >= 0) idle.splice(at, 1);
      reject(new Error(`xlsx worker stopped (${code})`));
    });
  });
  // A worker that ends while kept idle must not leave its failure unhandled.
  failed.catch(() => undefined);
  worker.on('message', (message: BuildAnswer) => answers.shift()?.(message));
  const answer = async (): Promise<BuildAnswer> => Promise.race([next(), failed]);
  try {
    if ((await answer()).kind !== 'ready') throw new Error('xlsx worker did not start');
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return { worker, answer };
}

/** The rows of a list read page by page; `page(after)` answers its rows and the next cursor. */
export async function* pagesOf<T, C>(
  page: (after: C | null) => Promise<{ rows: readonly T[]; next: C | null }>,
): AsyncGenerator<readonly T[]> {
  let after: C | null = null;
  do {
    const answer = await page(after);
    yield answer.rows;
    after = answer.next;
    await nextTurn();
  } while (after !== null);
}

/**
 * The .xlsx file of `rows` (a list, or its pages), built by a worker thread: the same bytes as
 * `buildXlsx` on this thread would give, without holding it.
 */
export async function buildXlsxOffThread<T extends object, K extends keyof T & string>(
  spec: SheetSpec<K>,
  rows: readonly T[] | AsyncIterable<readonly T[]>,
  options: SheetOptions,
): Promise<Buffer> {
  const { worker, answer } = await takeBuilder();
  let reusable = false;
  const send = (message: BuildMessage) => worker.postMessage(message);
  try {
    send({ kind: 'start', spec, labels: labelTable(spec, options), timeZone: options.timeZone });
    for await (const batch of isList(rows) ? [rows] : rows) {
      for (let i = 0; i < batch.length; i += BATCH) {
        send({ kind: 'rows', rows: batch.slice(i, i + BATCH) });
        await nextTurn();
      }
    }
    const built = answer();
    send({ kind: 'end' });
    const result = await built;
    if (result.kind === 'error') throw new Error(`xlsx worker: ${result.message}`);
    if (result.kind !== 'file') throw new Error('xlsx worker answered out of turn');
    reusable = true;
    return Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
  } finally {
    if (reusable && idle.length === 0) {
      worker.unref();
      idle.push({ worker, answer });
    } else await worker.terminate();
  }
}
