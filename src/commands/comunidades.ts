/**
 * The community writes: 'comunidad.create' (POST comunidades/) and
 * 'comunidad.update' (PUT comunidades/{id}.json), queued in the outbox like every write. The
 * replica shows the change at once (marked `_pending`); the server's answer replaces it. A
 * community created on the phone is keyed by its client UUID until the server names it; an
 * edit queued meanwhile follows it in the same chain and is rewritten to the server id.
 */
import type { Community } from '#domain/entities';
import type { CommunityValues } from '#domain/forms/community';
import type { MutationContext } from '#sync/types';
import { communitySchema as communityAnswer } from '#api/comunidades';
import { getDb } from '#db/database';
import type { CommunityRow, RecordKey } from '#db/replica-rows';
import type { KindCommand } from './command-definition.ts';

/** The community's id in the replica: the server id, or the client UUID of a queued create. */
export type CommunityKey = RecordKey;

export interface ComunidadUpdatePayload {
  /** Server id, or the client UUID of a create still queued (rewritten once it is sent). */
  id: CommunityKey;
  values: CommunityValues;
  /** The row before the edit, to put back if the edit is discarded (never sent). */
  before: CommunityRow;
}

/** The outbox record id of a community: its client UUID, or "comunidad-<server id>". */
export function communityRecordId(id: CommunityKey): string {
  return typeof id === 'string' ? id : `comunidad-${id}`;
}

/** The sync center's "fix it" link: the communities screen opens the edit with its errors. */
export function comunidadFixRoute(mutationId: string): string {
  return `/tsumbalil?corregir=${encodeURIComponent(mutationId)}`;
}

const chainKey = (_payload: unknown, recordId: string) => `comunidad:${recordId}`;

/** The display names the list shows beside the ids, read from the replica. */
async function withNames(
  values: CommunityValues,
): Promise<Pick<Community, 'nombre_region' | 'ermita_name'>> {
  const db = getDb();
  const [region, ermita] = await Promise.all([
    db.regiones.get(values.region),
    values.ermita === null ? undefined : db.ermitas.get(values.ermita),
  ]);
  return {
    nombre_region: region?.nombre_de_region ?? '',
    ermita_name: ermita?.nombre ?? null,
  };
}

async function replaceWithServerRow(community: Community, ctx: MutationContext): Promise<number> {
  const db = getDb();
  await db.comunidades.delete(ctx.recordId);
  // The answer replaces the optimistic row whole: no `_pending` left on it.
  await db.comunidades.put({ ...community });
  return community.id;
}

const TABLES = ['comunidades', 'regiones', 'ermitas'] as const;

export const comunidadCreateCommand: KindCommand<'comunidad.create', CommunityValues, Community> = {
  kind: 'comunidad.create',
  tables: TABLES,
  request: (values) => ({ method: 'POST', path: 'comunidades/', body: values }),
  chainKey,
  parseResult: (body) => communityAnswer.parse(body),
  optimistic: async (values, ctx) => {
    const row: CommunityRow = {
      id: ctx.recordId,
      ...values,
      ...(await withNames(values)),
      inegiLocalidad: null,
      ubicacion: null,
      _localId: ctx.recordId,
      _pending: ctx.mutationId,
    };
    await getDb().comunidades.put(row);
  },
  applyResult: (_values, community, ctx) => replaceWithServerRow(community, ctx),
  revert: async (_values, ctx) => {
    await getDb().comunidades.delete(ctx.recordId);
  },
  describe: (values) => ({
    key: 'tsumbalil.command.create',
    params: { nombre: values.nombre_de_comunidad },
  }),
  editRoute: (row) => comunidadFixRoute(row.id),
};

export const comunidadUpdateCommand: KindCommand<
  'comunidad.update',
  ComunidadUpdatePayload,
  Community
> = {
  kind: 'comunidad.update',
  tables: TABLES,
  request: (payload, ctx) => ({
    method: 'PUT',
    path: `comunidades/${encodeURIComponent(String(ctx.serverId ?? payload.id))}.json`,
    body: payload.values,
  }),
  chainKey,
  parseResult: (body) => communityAnswer.parse(body),
  optimistic: async (payload, ctx) => {
    const db = getDb();
    const current = await db.comunidades.get(payload.id);
    const row: CommunityRow = {
      ...(current ?? payload.before),
      ...payload.values,
      ...(await withNames(payload.values)),
      id: payload.id,
      _pending: ctx.mutationId,
    };
    await db.comunidades.put(row);
  },
  applyResult: (_payload, community, ctx) => replaceWithServerRow(community, ctx),
  revert: async (payload) => {
    await getDb().comunidades.put(payload.before);
  },
  describe: (payload) => ({
    key: 'tsumbalil.command.update',
    params: { id: String(payload.id), nombre: payload.values.nombre_de_comunidad },
  }),
  editRoute: (row) => comunidadFixRoute(row.id),
};
