/**
 * What the members screen reads, live from the replica (works offline): the members, the
 * reference lists the form and the labels need, and which records still wait for the server.
 * Three separate live queries, so a sync that only touches the outbox does not reread 6,000
 * members.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type {
  Cargo,
  CargoCoop,
  Community,
  Empresa,
  Fuente,
  Puesto,
  Region,
} from '#domain/entities';
import { currentDbUserId, getDb } from '#db/database';
import { notDoneRows } from '#sync/outbox-rules';
import { ATTENTION_STATUSES } from '#sync/types';
import type { SocioRecord } from './socio-record.ts';

export interface SocioReferences {
  regiones: Region[];
  comunidades: Community[];
  cargos: Cargo[];
  cargosCoop: CargoCoop[];
  empresas: Empresa[];
  puestos: Puesto[];
  fuentes: Fuente[];
}

export const NO_REFERENCES: SocioReferences = {
  regiones: [],
  comunidades: [],
  cargos: [],
  cargosCoop: [],
  empresas: [],
  puestos: [],
  fuentes: [],
};

const REFERENCE_TABLES = Object.keys(NO_REFERENCES) as (keyof SocioReferences)[];

/** Record ids (client UUID or `socio-<key>`) whose mutations are not done, by state. */
export interface PendingRecords {
  waiting: ReadonlySet<string>;
  attention: ReadonlySet<string>;
}

const NO_PENDING: PendingRecords = { waiting: new Set(), attention: new Set() };

export async function loadSocioReferences(): Promise<SocioReferences> {
  const db = getDb();
  const lists = await Promise.all(REFERENCE_TABLES.map((table) => db.replica(table).toArray()));
  return Object.fromEntries(
    REFERENCE_TABLES.map((table, i) => [table, lists[i]]),
  ) as unknown as SocioReferences;
}

export async function loadPendingRecords(): Promise<PendingRecords> {
  const rows = await notDoneRows(getDb());
  const waiting = new Set<string>();
  const attention = new Set<string>();
  for (const row of rows) {
    if (!row.kind.startsWith('socio.')) continue;
    (ATTENTION_STATUSES.includes(row.status) ? attention : waiting).add(row.recordId);
  }
  return { waiting, attention };
}

export function useSociosData() {
  // The open user database is the dependency: another user's replica is another query.
  const userId = currentDbUserId();
  const records = useLiveQuery(
    // Rows are stored in the member shape (pull) or as optimistic SocioRecords (commands).
    async () =>
      userId === null ? [] : ((await getDb().socios.toArray()) as unknown as SocioRecord[]),
    [userId],
  );
  const references = useLiveQuery(
    () => (userId === null ? NO_REFERENCES : loadSocioReferences()),
    [userId],
  );
  const pending = useLiveQuery(
    () => (userId === null ? NO_PENDING : loadPendingRecords()),
    [userId],
  );
  return {
    records,
    references: references ?? NO_REFERENCES,
    pending: pending ?? NO_PENDING,
  };
}
