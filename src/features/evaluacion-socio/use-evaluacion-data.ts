/**
 * What the member evaluation reads, live from the replica (works offline): the members, the
 * collections the server has accepted (the delivery sums must equal GET /acopios/year_sum/, so
 * collections still waiting to be sent are left out), the movements for the member's balance,
 * and the regions and communities of the chart filters.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Community, Region, Socio } from '#domain/entities';
import type { AcopioListRow, MovementListRow } from '#domain/delivery-exports';
import { currentDbUserId, getDb } from '#db/database';

export interface EvaluacionData {
  members: Socio[];
  acopios: AcopioListRow[];
  movimientos: MovementListRow[];
  regiones: Region[];
  comunidades: Community[];
}

const numbered = <T extends { id: unknown }>(rows: T[]) =>
  rows.filter((r) => typeof r.id === 'number');

export async function loadEvaluacionData(): Promise<EvaluacionData> {
  const db = getDb();
  const [socios, acopios, movimientos, regiones, comunidades] = await Promise.all([
    db.socios.toArray(),
    db.acopios.toArray(),
    db.movimientos.toArray(),
    db.regiones.toArray(),
    db.comunidades.toArray(),
  ]);
  return {
    members: (socios as unknown as Socio[]).filter((m) => typeof m.clave_socio === 'number'),
    acopios: numbered(acopios as unknown as AcopioListRow[]),
    movimientos: numbered(movimientos as unknown as MovementListRow[]),
    regiones: regiones as unknown as Region[],
    comunidades: comunidades as unknown as Community[],
  };
}

const EMPTY: EvaluacionData = {
  members: [],
  acopios: [],
  movimientos: [],
  regiones: [],
  comunidades: [],
};

export function useEvaluacionData(): EvaluacionData | undefined {
  const userId = currentDbUserId();
  return useLiveQuery(() => (userId === null ? EMPTY : loadEvaluacionData()), [userId]);
}
