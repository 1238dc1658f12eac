/**
 * What the member evaluation reads, live from the replica (works offline): the members, the
 * collections and movements the server has accepted, and the regions and communities of the
 * chart filters (#db/reads/evaluation).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { currentDbUserId } from '#db/database';
import { evaluationRows, type EvaluationRows } from '#db/reads/evaluation';

export type EvaluacionData = EvaluationRows;

const EMPTY: EvaluacionData = {
  members: [],
  acopios: [],
  movimientos: [],
  regiones: [],
  comunidades: [],
};

export function useEvaluacionData(): EvaluacionData | undefined {
  // The open user database is the dependency: another user's replica is another query.
  const userId = currentDbUserId();
  return useLiveQuery(() => (userId === null ? EMPTY : evaluationRows()), [userId]);
}
