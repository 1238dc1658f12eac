/**
 * The process map's counts (BUSINESS_RULES §12, `GET /comunidades/num-socios/`) computed from
 * the replica: every community with its members AC in coffee (estatus_cafe), honey
 * (estatus_miel), soap (estatus_yip) and salaries (estatus_trabajador). Same rows, same shape
 * as the server's answer, so the screen reads either.
 */
import type { CommunityMemberCounts } from '#api/comunidades-num-socios';
import {
  PROCESS_STATUS_FIELD,
  PROCESSES,
  type MemberAreaStatusField,
  type Process,
} from '#domain/codes';
import type { Community } from '#domain/entities';

export type { CommunityMemberCounts } from '#api/comunidades-num-socios';

/** The count fields of a community's row, one per process. */
export type CountField = 'num_socios_cf' | 'num_socios_mi' | 'num_socios_ja' | 'num_socios_sl';

export const COUNT_FIELD: Readonly<Record<Process, CountField>> = {
  CF: 'num_socios_cf',
  MI: 'num_socios_mi',
  JA: 'num_socios_ja',
  SL: 'num_socios_sl',
};

/**
 * A member row, as far as the counts need it: its key, its community and its status in each
 * process (read loosely: a row that does not read is not counted).
 */
export type CountedMember = Partial<
  Record<'clave_socio' | 'comunidad' | MemberAreaStatusField, unknown>
>;

export function countOf(row: CommunityMemberCounts, process: Process): number {
  return row[COUNT_FIELD[process]];
}

export function communityMemberCounts(
  communities: readonly Community[],
  members: readonly CountedMember[],
): CommunityMemberCounts[] {
  const counts = new Map<number, Record<Process, number>>();
  for (const m of members) {
    if (typeof m.comunidad !== 'number') continue;
    let row = counts.get(m.comunidad);
    if (!row) {
      row = { CF: 0, MI: 0, JA: 0, SL: 0 };
      counts.set(m.comunidad, row);
    }
    for (const process of PROCESSES) {
      if (m[PROCESS_STATUS_FIELD[process]] === 'AC') row[process] += 1;
    }
  }
  // A community created on the phone and not yet sent is not one of the server's rows.
  return communities
    .filter((c) => typeof c.id === 'number')
    .map((c) => {
      const n = counts.get(c.id);
      return {
        id: c.id,
        nombre_de_comunidad: c.nombre_de_comunidad,
        nombre_region: c.nombre_region,
        region: c.region,
        ubicacion: c.ubicacion,
        ermita_name: c.ermita_name,
        inegiLocalidad: c.inegiLocalidad,
        num_socios_cf: n?.CF ?? 0,
        num_socios_mi: n?.MI ?? 0,
        num_socios_ja: n?.JA ?? 0,
        num_socios_sl: n?.SL ?? 0,
      };
    });
}
