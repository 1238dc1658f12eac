/**
 * What the member evaluation reads from the replica, typed (#db/replica-rows): the members,
 * the collections and movements that count (./counted.ts: the ones the server accepted and this
 * phone's pending captures — the sums the server will answer once they arrive; refused or
 * blocked ones never), and the regions and communities of the chart filters.
 */
import type { Community, Region, Socio } from '#domain/entities';
import { getDb } from '#db/database';
import type { AcopioRow, MovimientoRow } from '#db/replica-rows';
import { notCountedRecords, splitCounted } from './counted.ts';
import { allMembers, numberedCommunities, regionsById } from './maps.ts';

export interface EvaluationRows {
  members: Socio[];
  acopios: AcopioRow[];
  movimientos: MovimientoRow[];
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
  const [members, acopios, movimientos, regiones, comunidades, leftAcopios, leftMovimientos] =
    await Promise.all([
      numberedMembers(),
      db.acopios.toArray(),
      db.movimientos.toArray(),
      regionsById(),
      numberedCommunities(),
      notCountedRecords('acopio'),
      notCountedRecords('movimiento'),
    ]);
  return {
    members,
    acopios: splitCounted(acopios, leftAcopios).counted,
    movimientos: splitCounted(movimientos, leftMovimientos).counted,
    regiones,
    comunidades,
  };
}
