/**
 * The process map's counts (docs/business-rules.md#other-areas, `GET /comunidades/num-socios/`)
 * computed from the replica: every community with its members AC in coffee (estatus_cafe), honey
 * (estatus_miel), soap (estatus_yip) and salaries (estatus_trabajador). Same rows, same shape
 * as the server's answer (one shaping, #domain/community-shapes), so the screen reads either.
 */
import {
  PROCESS_STATUS_FIELD,
  PROCESSES,
  type MemberAreaStatusField,
  type Process,
} from '#domain/codes';
import { COUNT_FIELD, memberCountsRow, type CommunityMemberCounts } from '#domain/community-shapes';
import type { Community } from '#domain/entities';

export { COUNT_FIELD, type CommunityMemberCounts } from '#domain/community-shapes';

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
    .map((c) => memberCountsRow(c, counts.get(c.id)));
}
