/**
 * The reference lists (regions, zones, cargos, puestos …), read from the user's replica
 * (docs/architecture.md#data-flow): the sync engine's pull keeps them current, so they work offline
 * and are never fetched one by one. Screens read them live with `useReferences`.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from 'zustand';
import { NO_REFERENCE_LISTS, referenceLists, type ReferenceLists } from '#db/reads/places';
import { replicaStore } from '#app/user-replica.ts';

export type { ReferenceLists } from '#db/reads/places';
export { NO_REFERENCE_LISTS as EMPTY_REFERENCES } from '#db/reads/places';

/** The eight lists from the open replica (rows are stored in the list endpoints' shapes). */
export const loadReferenceLists = referenceLists;

/** Live reference lists (empty until the replica is open and pulled). */
export function useReferences<T>(select: (lists: ReferenceLists) => T): T {
  const { userId, ready } = useStore(replicaStore);
  const lists = useLiveQuery(
    () => (ready ? referenceLists() : NO_REFERENCE_LISTS),
    [ready, userId],
  );
  return select(lists ?? NO_REFERENCE_LISTS);
}
