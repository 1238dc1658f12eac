/**
 * The member a delivery form (collection, contribution/withdrawal) names, as the phone reads it
 * from the replica's members: key, names, place and the statuses that decide its processes.
 * Also what such a form keeps of the member for an optimistic record, and the member checks
 * the server makes on a delivery, with its messages, so the phone refuses the same input first.
 */
import type * as z from 'zod';
import type { MemberStatus, Process } from './codes';
import type { DeliveryMemberContext } from './delivery-exports';
import { msg } from './messages';
import { issueAt } from './rules';

export interface DeliveryMember {
  clave_socio: number;
  full_name: string;
  nombre_comunidad: string;
  comunidad: number;
  region: number;
  nombre_region: string;
  /** Company and source: the group filters of the movements screen. */
  empresa: number | null;
  fuente: number | null;
  statuses: Record<Process, MemberStatus>;
}

/** A member row of the replica, as far as a delivery form reads it. */
export interface StoredDeliveryMember {
  clave_socio: number | string;
  full_name?: string;
  nombre_comunidad?: string;
  comunidad: number;
  region: number;
  nombre_region?: string;
  empresa?: number | null;
  fuente?: number | null;
  estatus_cafe: MemberStatus;
  estatus_miel: MemberStatus;
  estatus_yip: MemberStatus;
  estatus_trabajador: MemberStatus;
}

/** Members the server has numbered (a delivery names a member by its key). */
export function deliveryMembersOf(rows: readonly StoredDeliveryMember[]): DeliveryMember[] {
  const members: DeliveryMember[] = [];
  for (const m of rows) {
    if (typeof m.clave_socio !== 'number') continue;
    members.push({
      clave_socio: m.clave_socio,
      full_name: m.full_name ?? '',
      nombre_comunidad: m.nombre_comunidad ?? '',
      comunidad: m.comunidad,
      region: m.region,
      nombre_region: m.nombre_region ?? '',
      empresa: m.empresa ?? null,
      fuente: m.fuente ?? null,
      statuses: {
        CF: m.estatus_cafe,
        MI: m.estatus_miel,
        JA: m.estatus_yip,
        SL: m.estatus_trabajador,
      },
    });
  }
  return members;
}

/** The names an optimistic delivery record shows before the server answers (never sent). */
export type DeliveryDisplay = Omit<DeliveryMemberContext, 'clave_socio'>;

const NO_DISPLAY: DeliveryDisplay = {
  nombre_socio: '',
  region: 0,
  nombre_region: '',
  comunidad: 0,
  nombre_comunidad: '',
};

/** The member's names for a new record; a correction keeps its own when the member is gone. */
export function deliveryDisplayOf(
  member: DeliveryMember | undefined,
  fallback: DeliveryDisplay | null,
): DeliveryDisplay {
  if (!member) return fallback ?? NO_DISPLAY;
  return {
    nombre_socio: member.full_name,
    region: member.region,
    nombre_region: member.nombre_region,
    comunidad: member.comunidad,
    nombre_comunidad: member.nombre_comunidad,
  };
}

/**
 * The server's member checks on a delivery: the member is known (on the phone, every member
 * the user may capture for) and active in the process. Adds the issues to `ctx`; true when
 * the member is known.
 */
export function checkDeliveryMember(
  ctx: z.RefinementCtx,
  member: Pick<DeliveryMember, 'statuses'> | undefined,
  clave: number,
  process: { field: string; value: Process },
): boolean {
  if (!member) {
    issueAt(ctx, 'clave_socio', msg('server.deliveries.memberNotFound', { clave }));
    return false;
  }
  if (member.statuses[process.value] !== 'AC') {
    issueAt(
      ctx,
      process.field,
      msg('server.deliveries.memberInactive', { clave, proceso: process.value }),
    );
  }
  return true;
}
