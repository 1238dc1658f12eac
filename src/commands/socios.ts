/**
 * The member writes as outbox commands, online or not:
 * - 'socio.create' — POST socios/; the optimistic record is keyed by the client UUID (shown as
 *   NUEVO with the pending badge) and is replaced by the server's member, which names the key.
 * - 'socio.update' — PUT socios/{clave_socio}.json with every field; the optimistic record
 *   replaces the member at once, and `before` (never sent) undoes it if the edit is discarded.
 * Edits of one member go in order (chain `socio-<key>`); an edit of a member still waiting for
 * its create shares the create's chain, and the engine rewrites its UUID to the server's key.
 */
import type { Community } from '#domain/entities';
import type { MemberValues } from '#domain/forms/member';
import { parseSocioAnswer, type SocioAnswer } from '#domain/socio-answer';
import { getDb } from '#db/database';
import type { SocioRow } from '#db/replica-rows';
import type { MutationContext } from '#sync/types';
import type { KindCommand } from './command-definition.ts';

export type { SocioAnswer };

export interface SocioCreatePayload {
  /** The API body: the member form's output (clave_socio null). */
  member: MemberValues;
  /** Names for the optimistic record (never sent). */
  display: SocioDisplay;
}

export interface SocioUpdatePayload {
  /** The member's key: its number, or the client UUID of a member not numbered yet. */
  clave: number | string;
  member: MemberValues;
  display: SocioDisplay;
  /** The record before this edit, to undo it on the phone if the edit is discarded. */
  before: SocioRow | null;
}

/** Record id of an existing member's edits (stable, so its edits form one history). */
export function socioRecordId(clave: number | string): string {
  return typeof clave === 'number' ? `socio-${clave}` : clave;
}

/** Route of the members screen that reopens a rejected item in the member form. */
export function socioFixRoute(mutationId: string): string {
  return `/socios?corregir=${encodeURIComponent(mutationId)}`;
}

/** Display names of the member's community, carried so the optimistic record reads right. */
export interface SocioDisplay {
  /** The community's region (a member's region is its community's). */
  region: number | null;
  nombre_comunidad: string;
  nombre_region: string;
}

export function displayOf(
  community: Pick<Community, 'region' | 'nombre_de_comunidad' | 'nombre_region'> | undefined,
): SocioDisplay {
  return {
    region: community?.region ?? null,
    nombre_comunidad: community?.nombre_de_comunidad ?? '',
    nombre_region: community?.nombre_region ?? '',
  };
}

/**
 * The optimistic record of a save: the validated values, the community's names, and what only
 * the server knows (rfc) kept from the record before the edit.
 */
export function optimisticRecord(
  key: number | string,
  values: MemberValues,
  display: SocioDisplay,
  before: SocioRow | null,
): SocioRow {
  return {
    ...values,
    clave_socio: key,
    region: display.region ?? values.region ?? before?.region ?? 1,
    apellido_materno: values.apellido_materno ?? '',
    rfc: before?.rfc ?? null,
    nombre_comunidad: display.nombre_comunidad,
    nombre_region: display.nombre_region,
    full_name: joinName([values.nombres, values.apellido_paterno, values.apellido_materno]),
    nombre_productor: joinName([values.apellido_paterno, values.apellido_materno, values.nombres]),
  };
}

const joinName = (parts: (string | null)[]) =>
  parts
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');

const socios = () => getDb().socios;

async function replaceLocal(ctx: MutationContext, member: SocioAnswer): Promise<number> {
  const table = socios();
  const local = await table.where('_localId').equals(ctx.recordId).primaryKeys();
  const stale = local.filter((key) => key !== member.clave_socio);
  if (stale.length > 0) await table.bulkDelete(stale);
  await table.put({ ...member });
  return member.clave_socio;
}

export const socioCreateCommand: KindCommand<'socio.create', SocioCreatePayload, SocioAnswer> = {
  kind: 'socio.create',
  tables: ['socios'],
  request: (payload) => ({ method: 'POST', path: 'socios/', body: payload.member }),
  chainKey: (_payload, recordId) => `socio-${recordId}`,
  parseResult: parseSocioAnswer,
  optimistic: async (payload, ctx) => {
    const record = optimisticRecord(ctx.recordId, payload.member, payload.display, null);
    await socios().put({ ...record, _localId: ctx.recordId, _pending: ctx.mutationId });
  },
  applyResult: (_payload, member, ctx) => replaceLocal(ctx, member),
  revert: async (_payload, ctx) => {
    await socios().where('_localId').equals(ctx.recordId).delete();
  },
  describe: (payload) => ({
    key: 'socios.command.create',
    params: { name: `${payload.member.nombres} ${payload.member.apellido_paterno}` },
  }),
  editRoute: (row) => socioFixRoute(row.id),
};

export const socioUpdateCommand: KindCommand<'socio.update', SocioUpdatePayload, SocioAnswer> = {
  kind: 'socio.update',
  tables: ['socios'],
  request: (payload, ctx) => {
    // A member created on this phone is named by the server's key once its create is done.
    const key = typeof payload.clave === 'number' ? payload.clave : (ctx.serverId ?? payload.clave);
    const body: MemberValues = {
      ...payload.member,
      clave_socio: typeof key === 'number' ? key : null,
    };
    return { method: 'PUT', path: `socios/${encodeURIComponent(String(key))}.json`, body };
  },
  chainKey: (payload) => `socio-${payload.clave}`,
  parseResult: parseSocioAnswer,
  optimistic: async (payload, ctx) => {
    const record = optimisticRecord(payload.clave, payload.member, payload.display, payload.before);
    await socios().put({ ...record, _localId: ctx.recordId, _pending: ctx.mutationId });
  },
  applyResult: async (payload, member) => {
    if (typeof payload.clave === 'string') await socios().delete(payload.clave);
    await socios().put({ ...member });
    return member.clave_socio;
  },
  revert: async (payload) => {
    if (payload.before) await socios().put({ ...payload.before });
  },
  describe: (payload) => ({
    key: 'socios.command.update',
    params: { name: `${payload.member.nombres} ${payload.member.apellido_paterno}` },
  }),
  editRoute: (row) => socioFixRoute(row.id),
};
