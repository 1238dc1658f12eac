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
import { NO_PENDING_RECORDS, pendingRecords, type PendingRecords } from '#sync/pending-records';
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
export type { PendingRecords };

export async function loadSocioReferences(): Promise<SocioReferences> {
  const db = getDb();
  const lists = await Promise.all(REFERENCE_TABLES.map((table) => db.replica(table).toArray()));
  return Object.fromEntries(
    REFERENCE_TABLES.map((table, i) => [table, lists[i]]),
  ) as unknown as SocioReferences;
}

export function loadPendingRecords(): Promise<PendingRecords> {
  return pendingRecords('socio.');
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
    () => (userId === null ? NO_PENDING_RECORDS : loadPendingRecords()),
    [userId],
  );
  return {
    records,
    references: references ?? NO_REFERENCES,
    pending: pending ?? NO_PENDING_RECORDS,
  };
}
