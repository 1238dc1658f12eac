/**
 * What the member evaluation reads from the replica, typed (#db/replica-rows): the members,
 * the collections and movements the server has accepted (the delivery sums must equal
 * GET /acopios/year_sum/, so records still waiting to be sent are left out), and the regions
 * and communities of the chart filters.
 */
import type { AcopioListRow, MovementListRow } from '#domain/delivery-exports';
import type { Community, Region, Socio } from '#domain/entities';
import { getDb } from '#db/database';
import { allMembers, numbered, numberedCommunities, regionsById } from './maps.ts';

export interface EvaluationRows {
  members: Socio[];
  acopios: AcopioListRow[];
  movimientos: MovementListRow[];
  regiones: Region[];
  comunidades: Community[];
}

/** The members the server has numbered (one captured here and not sent yet is left out). */
async function numberedMembers(): Promise<Socio[]> {
  return (await allMembers()).filter(
    (member): member is typeof member & { clave_socio: number } =>
      typeof member.clave_socio === 'number',
  );
}

export async function evaluationRows(): Promise<EvaluationRows> {
  const db = getDb();
  const [members, acopios, movimientos, regiones, comunidades] = await Promise.all([
    numberedMembers(),
    db.acopios.toArray(),
    db.movimientos.toArray(),
    regionsById(),
    numberedCommunities(),
  ]);
  return {
    members,
    acopios: numbered(acopios),
    movimientos: numbered(movimientos),
    regiones,
    comunidades,
  };
}
