/**
 * The reference lists of spec part 1 §7, now read from the user's replica (ARCHITECTURE.md
 * "How data flows" 1): the sync engine's pull keeps them current, so they work offline and are
 * never fetched one by one. Screens read them live with `useReferences`.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from 'zustand';
import type {
  Cargo,
  CargoCoop,
  Community,
  Empresa,
  Fuente,
  Hermitage,
  Puesto,
  Region,
} from '#domain/entities';
import { getDb } from '#db/database';
import { replicaStore } from '#app/user-replica.ts';

export interface ReferenceLists {
  regiones: Region[];
  comunidades: Community[];
  ermitas: Hermitage[];
  cargos: Cargo[];
  cargosCoop: CargoCoop[];
  empresas: Empresa[];
  fuentes: Fuente[];
  puestos: Puesto[];
}

export const EMPTY_REFERENCES: ReferenceLists = {
  regiones: [],
  comunidades: [],
  ermitas: [],
  cargos: [],
  cargosCoop: [],
  empresas: [],
  fuentes: [],
  puestos: [],
};

const TABLES = Object.keys(EMPTY_REFERENCES) as (keyof ReferenceLists)[];

/** The eight lists from the open replica (rows are stored in the list endpoints' shapes). */
export async function loadReferenceLists(): Promise<ReferenceLists> {
  const db = getDb();
  const lists = await Promise.all(TABLES.map((table) => db.replica(table).toArray()));
  return Object.fromEntries(
    TABLES.map((table, i) => [table, lists[i]]),
  ) as unknown as ReferenceLists;
}

/** Live reference lists (empty until the replica is open and pulled). */
export function useReferences<T>(select: (lists: ReferenceLists) => T): T {
  const { userId, ready } = useStore(replicaStore);
  const lists = useLiveQuery(
    () => (ready ? loadReferenceLists() : EMPTY_REFERENCES),
    [ready, userId],
  );
  return select(lists ?? EMPTY_REFERENCES);
}
