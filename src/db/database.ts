/**
 * The phone's replica of one user (docs/sync-protocol.md): replicated
 * tables, the outbox, small meta facts and the local audit log. ONE database per user
 * (`comonsit-u<userId>`), so another user logging in on the same phone starts from an empty
 * replica and never sees the previous user's data.
 */
import { Dexie, type Table } from 'dexie';
import { SCHEMA_VERSIONS, type SchemaVersion } from './schema-versions';
import { replicaTableNames } from './replica-tables';
import type { RecordKey, ReplicaTableName, ReplicaTables } from './replica-rows';
import type { AuditRow, MetaRow, StoredOutboxRow, WireRow } from './stored-rows';
import { sealingMiddleware, type SealCodec } from './sealed-tables';

/** A replicated table with its row and key types (`replica-rows.ts`). */
export type ReplicaTable<N extends ReplicaTableName> = Table<
  ReplicaTables[N]['row'],
  ReplicaTables[N]['key']
>;

export class AppDatabase extends Dexie {
  declare regiones: ReplicaTable<'regiones'>;
  declare zonas: ReplicaTable<'zonas'>;
  declare comunidades: ReplicaTable<'comunidades'>;
  declare ermitas: ReplicaTable<'ermitas'>;
  declare cargos: ReplicaTable<'cargos'>;
  declare cargosCoop: ReplicaTable<'cargosCoop'>;
  declare empresas: ReplicaTable<'empresas'>;
  declare puestos: ReplicaTable<'puestos'>;
  declare fuentes: ReplicaTable<'fuentes'>;
  declare socios: ReplicaTable<'socios'>;
  declare solicitudes: ReplicaTable<'solicitudes'>;
  declare contratos: ReplicaTable<'contratos'>;
  declare pagos: ReplicaTable<'pagos'>;
  declare acopios: ReplicaTable<'acopios'>;
  declare movimientos: ReplicaTable<'movimientos'>;
  declare traducciones: ReplicaTable<'traducciones'>;
  declare outbox: Table<StoredOutboxRow, string>;
  declare meta: Table<MetaRow, string>;
  declare audit: Table<AuditRow, number>;

  constructor(
    name: string,
    versions: readonly SchemaVersion[] = SCHEMA_VERSIONS,
    options?: {
      indexedDB?: IDBFactory;
      IDBKeyRange?: typeof IDBKeyRange;
      /** Store every table sealed with the codec of the moment (`sealed-tables.ts`). */
      seal?: () => SealCodec | null;
    },
  ) {
    super(name, options);
    if (options?.seal) this.use(sealingMiddleware(options.seal));
    for (const v of versions) {
      const declared = this.version(v.version).stores(v.stores);
      if (v.upgrade) declared.upgrade(v.upgrade);
    }
  }

  /** A replicated table by its Dexie name, typed like the declared property. */
  replica<N extends ReplicaTableName>(table: N): ReplicaTable<N> {
    return this.table<ReplicaTables[N]['row'], ReplicaTables[N]['key']>(table);
  }

  /**
   * A replicated table as the pull writes it: rows exactly as the server's pull answered them
   * (the list endpoints' shapes, `ReplicaTables`), checked only for their key.
   */
  wire(table: ReplicaTableName): Table<WireRow, RecordKey> {
    return this.table<WireRow, RecordKey>(table);
  }
}

export function userDbName(userId: number): string {
  return `comonsit-u${userId}`;
}

let current: { userId: number; db: AppDatabase } | null = null;
let sealing: (() => SealCodec | null) | null = null;

/**
 * Open the user databases from now on sealed with the codec of the moment (null: in clear, as
 * the app still does — docs/security.md#installing-it-in-the-app-what-is-left).
 */
export function sealUserDatabases(codec: (() => SealCodec | null) | null): void {
  sealing = codec;
}

/** Open (or switch to) the replica of `userId`; the previous user's database is closed. */
export async function openUserDb(userId: number): Promise<AppDatabase> {
  if (!Number.isInteger(userId) || userId <= 0)
    throw new Error(`openUserDb: bad user id ${userId}`);
  if (current?.userId === userId) return current.db;
  closeUserDb();
  const db = new AppDatabase(
    userDbName(userId),
    SCHEMA_VERSIONS,
    sealing ? { seal: sealing } : undefined,
  );
  await db.open();
  current = { userId, db };
  return db;
}

/** The open user database; throws when no user is signed in on this page. */
export function getDb(): AppDatabase {
  if (!current) throw new Error('No user database is open: call openUserDb(userId) after login.');
  return current.db;
}

export function currentDbUserId(): number | null {
  return current?.userId ?? null;
}

export function closeUserDb(): void {
  current?.db.close();
  current = null;
}

export interface WipeOptions {
  /** Keep unsent outbox rows (and the audit log): they belong to this user. */
  keepOutbox: boolean;
}

/**
 * Explicit logout: clear the replica tables and meta. With `keepOutbox`, unsent rows stay (sent
 * after the same user logs in again); without, the whole database is deleted.
 */
export async function wipeUserReplica(userId: number, options: WipeOptions): Promise<void> {
  const name = userDbName(userId);
  if (current?.userId === userId) closeUserDb();
  if (!options.keepOutbox) {
    await Dexie.delete(name);
    return;
  }
  const db = new AppDatabase(name, SCHEMA_VERSIONS, sealing ? { seal: sealing } : undefined);
  try {
    await db.open();
    const tables = [...replicaTableNames().map((t) => db.replica(t)), db.meta, db.outbox];
    await db.transaction('rw', tables, async () => {
      await Promise.all(replicaTableNames().map((t) => db.replica(t).clear()));
      await db.meta.clear();
      await db.outbox.where('status').equals('done').delete();
    });
  } finally {
    db.close();
  }
}

/** Whether the closed database of `userId` holds outbox rows (after a logout kept them). */
export async function outboxHoldsUnsent(userId: number): Promise<boolean> {
  const name = userDbName(userId);
  if (!(await Dexie.exists(name))) return false;
  const db = new AppDatabase(name, SCHEMA_VERSIONS, sealing ? { seal: sealing } : undefined);
  try {
    await db.open();
    return (await db.outbox.count()) > 0;
  } finally {
    db.close();
  }
}
