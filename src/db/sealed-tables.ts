/**
 * Records sealed at the storage layer (docs/security.md#the-copy-at-rest): a Dexie DBCore
 * middleware that writes every row as its indexed fields in clear plus one sealed value holding
 * all the rest, and opens it again on every read. What a table indexes is what stays readable
 * at rest, so its indexes must name only ids, dates and codes, never a person's data.
 *
 * WebCrypto is asynchronous and an IndexedDB transaction commits as soon as it has no request
 * pending, so while a row is being sealed or opened Dexie keeps the transaction busy
 * (`Dexie.waitFor`): a Dexie transaction that reads, then writes, still works as one.
 *
 * The codec (the cipher and its key) comes from the caller: this layer knows no keys. Without
 * one — the app is locked — every read and write of a sealed table fails with `LockedError`.
 */
import { Dexie } from 'dexie';
import type {
  DBCore,
  DBCoreCursor,
  DBCoreMutateRequest,
  DBCoreTable,
  DBCoreTableSchema,
  DBCoreTransaction,
  Middleware,
} from 'dexie';

/** A value sealed under the data key: its IV and the cipher's output (tag included). */
export interface SealedValue {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/** Seals and opens values; `context` is authenticated with the value (table and row key). */
export interface SealCodec {
  seal(value: unknown, context: string): Promise<SealedValue>;
  open(sealed: SealedValue, context: string): Promise<unknown>;
}

export class LockedError extends Error {
  constructor(table: string) {
    super(`The phone's data is locked: "${table}" cannot be read or written until unlock.`);
    this.name = 'LockedError';
  }
}

/** The field of a stored row that holds the sealed rest of it. */
export const SEALED_FIELD = '_sealed';

type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSealedValue(value: unknown): value is SealedValue {
  return (
    isRow(value) &&
    value.iv instanceof Uint8Array &&
    value.data instanceof ArrayBuffer &&
    Object.keys(value).length === 2
  );
}

/** The top-level fields a table's key and indexes read: these stay in clear. */
function clearFields(schema: DBCoreTableSchema): Set<string> {
  const fields = new Set<string>();
  for (const index of [schema.primaryKey, ...schema.indexes]) {
    const paths = index.keyPath === null ? [] : [index.keyPath].flat();
    for (const path of paths) fields.add(path.split('.')[0]!);
  }
  return fields;
}

/**
 * Wait for WebCrypto inside a transaction: one cheap request at a time keeps `trans` from
 * committing until `work` settles, and the outcome is handed on from inside such a request's
 * answer, while the transaction is active. The answer is a Dexie promise, so what the caller
 * chains on it runs in the transaction's zone and its next request joins the same transaction
 * (after a plain `await` Dexie would no longer know the transaction, and it would commit).
 */
function inTransaction<T>(trans: DBCoreTransaction, work: Promise<T>): Promise<T> {
  return new Dexie.Promise<T>((resolve, reject) => {
    const idb = typeof IDBTransaction !== 'undefined' && trans instanceof IDBTransaction;
    const store = idb ? trans.objectStoreNames.item(0) : null;
    if (!idb || store === null) {
      work.then(resolve, reject);
      return;
    }
    let outcome: { value: T } | { error: unknown } | null = null;
    work.then(
      (value) => (outcome = { value }),
      (error: unknown) => (outcome = { error }),
    );
    const ping = () => {
      if (outcome) {
        if ('value' in outcome) resolve(outcome.value);
        else reject(outcome.error);
        return;
      }
      try {
        trans.objectStore(store).count().onsuccess = ping;
      } catch {
        work.then(resolve, reject); // the transaction ended: the caller's request will say why
      }
    };
    ping();
  });
}

interface TableCodec {
  sealRow(value: unknown): Promise<Row>;
  openRow(stored: unknown): Promise<unknown>;
}

function tableCodec(table: DBCoreTable, codec: () => SealCodec | null): TableCodec {
  const { schema } = table;
  const clear = clearFields(schema);
  const pk = schema.primaryKey;
  // An auto-incremented key is not known yet when the row is sealed: the table alone is then
  // the context.
  const keyOf = pk.autoIncrement ? null : pk.extractKey;
  const contextOf = (row: Row): string =>
    keyOf ? `${table.name}:${JSON.stringify(keyOf(row))}` : table.name;
  const current = (): SealCodec => {
    const c = codec();
    if (!c) throw new LockedError(table.name);
    return c;
  };
  return {
    async sealRow(value) {
      if (!isRow(value)) throw new TypeError(`"${table.name}": only objects are sealed`);
      const kept: Row = {};
      const rest: Row = {};
      for (const [field, v] of Object.entries(value)) (clear.has(field) ? kept : rest)[field] = v;
      kept[SEALED_FIELD] = await current().seal(rest, contextOf(kept));
      return kept;
    },
    async openRow(stored) {
      if (!isRow(stored)) return stored;
      const { [SEALED_FIELD]: sealed, ...kept } = stored;
      // A row written before sealing began is read as it is (and sealed at its next write).
      if (!isSealedValue(sealed)) return stored;
      const rest = await current().open(sealed, contextOf(kept));
      return isRow(rest) ? { ...kept, ...rest } : kept;
    },
  };
}

/** A key as a map key: IndexedDB keys here are numbers, strings, dates or arrays of them. */
const mapKey = (key: unknown): string => `${typeof key}:${JSON.stringify(key)}`;

/**
 * A cursor over rows opened in advance: the whole range is read and opened at once, then the
 * cursor walks the stored rows and answers each one's opened value by its primary key, with
 * no wait per row (opening row by row cost a round trip to the cipher for each one).
 */
function openedCursor(cursor: DBCoreCursor, opened: ReadonlyMap<string, unknown>): DBCoreCursor {
  const wrapped: DBCoreCursor = Object.create(cursor, {
    value: { get: () => opened.get(mapKey(cursor.primaryKey)) },
  });
  return wrapped;
}

function sealedTable(table: DBCoreTable, codec: () => SealCodec | null): DBCoreTable {
  const keyOf = table.schema.primaryKey.extractKey;
  // A cursor's rows are found again by the key inside them (see `openedCursor`).
  if (!keyOf || table.schema.primaryKey.outbound)
    throw new Error(`"${table.name}": a sealed table keeps its key inside its rows`);
  const rows = tableCodec(table, codec);
  const openAll = (trans: DBCoreTransaction, values: unknown[]) =>
    inTransaction(trans, Promise.all(values.map((v) => rows.openRow(v))));
  // Promise chains, not async functions: each step stays in the transaction's zone.
  return {
    ...table,
    mutate(req: DBCoreMutateRequest) {
      if (req.type !== 'add' && req.type !== 'put') return table.mutate(req);
      const sealing = Promise.all(req.values.map((v: unknown) => rows.sealRow(v)));
      return inTransaction(req.trans, sealing).then((values) => table.mutate({ ...req, values }));
    },
    get(req) {
      return table
        .get(req)
        .then((value: unknown) =>
          value === undefined ? value : inTransaction(req.trans, rows.openRow(value)),
        );
    },
    getMany(req) {
      return table.getMany(req).then((values: unknown[]) => openAll(req.trans, values));
    },
    query(req) {
      return table
        .query(req)
        .then((answer) =>
          req.values === false
            ? answer
            : openAll(req.trans, answer.result).then((result) => ({ ...answer, result })),
        );
    },
    openCursor(req) {
      if (req.values === false) return table.openCursor(req);
      // Both requests at once, while the caller's transaction is surely active: the range's
      // rows may come from Dexie's cache of live queries with no IndexedDB request, and a step
      // taken after such an answer alone finds the transaction inactive (then committed). The
      // cursor's own answer is always an IndexedDB event, so the opening starts inside one.
      const opening = table.openCursor(req);
      const reading = table.query({ trans: req.trans, query: req.query, values: true });
      return Dexie.Promise.all([reading, opening]).then(([answer, cursor]) => {
        if (!cursor) return cursor;
        return openAll(req.trans, answer.result).then((values) => {
          const opened = new Map(values.map((v) => [mapKey(keyOf(v)), v] as const));
          return openedCursor(cursor, opened);
        });
      });
    },
  };
}

/**
 * The middleware for `db.use(…)`: the tables `sealed(name)` names are sealed with the codec of
 * the moment (null while locked); the others pass through untouched.
 */
export function sealingMiddleware(
  codec: () => SealCodec | null,
  sealed: (table: string) => boolean = () => true,
): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'sealed-tables',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return sealed(name) ? sealedTable(table, codec) : table;
      },
    }),
  };
}
