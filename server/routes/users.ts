/**
 * GET and PATCH /api/users/me.json: the caller's own profile
 * (docs/business-rules.md#roles-and-scope); GET /api/users/gerentes.json: the managers who can sign
 * a printed contract; GET /api/users.json, PUT /api/users/{id}/traductor/ and
 * POST /api/users/{id}/dispositivo-perdido/: the manager's list of users, the translator flag and
 * the lost-device mark.
 */
import { asc, eq, sql } from 'drizzle-orm';
import * as z from 'zod';
import type { Me } from '#domain/entities';
import { profilePatchSchema } from '#domain/forms/profile';
import {
  lostDeviceBody,
  meSchema,
  signingManagersSchema,
  translatorFlagBody,
  userRowSchema,
} from '#domain/reference-shapes';
import { currentUser } from '#server/auth/authenticate';
import type { Db } from '#server/db/client';
import { markUserLost } from '#server/auth/lost-device';
import { comunidades, socios, users } from '#server/db/schema';
import { fieldError } from '#domain/rule-errors';
import { notFound, unauthorized } from '#server/http/errors';
import { defineRoute } from '#server/http/route';
import { area } from '#server/http/area';
import { defineWriteRoute } from '#server/http/write-route';
import { pathId, requirePermission } from './access.ts';

/**
 * The columns of a user row (no contact data, no password), with its lost-device state: when
 * the mark was made and when a lost phone of the user was last told since.
 */
const userRowColumns = {
  id: users.id,
  username: users.username,
  first_name: users.first_name,
  last_name: users.last_name,
  role: users.role,
  traductor: users.translator,
  activo: users.active,
  dispositivo_perdido: sql<
    string | null
  >`to_char(${users.device_lost_at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  // Qualified by hand: drizzle leaves a one-table select's columns unqualified, and the
  // subquery's own table has an `id` too.
  aviso_entregado: sql<
    string | null
  >`(SELECT to_char(max(s.lost_told_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM sessions s WHERE s.user_id = "users"."id" AND s.lost_at >= "users"."device_lost_at")`,
};

async function loadMe(db: Db, id: number): Promise<Me> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      first_name: users.first_name,
      last_name: users.last_name,
      phone: users.phone,
      email: users.email,
      role: users.role,
      clave_socio: users.clave_socio,
      region: comunidades.region,
      traductor: users.translator,
    })
    .from(users)
    .leftJoin(socios, eq(users.clave_socio, socios.clave_socio))
    .leftJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw unauthorized('server.auth.invalidToken');
  return { ...row, region: row.region ?? null };
}

export const userRoutes = area('users', (app) => {
  const { db } = app;

  defineRoute(app, {
    method: 'GET',
    url: '/me',
    response: meSchema,
    handler: ({ request }) => loadMe(db, currentUser(request).id),
  });

  // Names only (no contact data): those who print contracts pick the signing manager.
  defineRoute(app, {
    method: 'GET',
    url: '/gerentes',
    preHandler: [requirePermission('contratos', 'print')],
    response: signingManagersSchema,
    handler: async () => {
      const rows = await db
        .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
        .from(users)
        .where(eq(users.role, 'GE'))
        .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id));
      // A manager without a name has nothing to print on a signature line.
      return rows
        .map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() }))
        .filter((r) => r.name !== '');
    },
  });

  defineWriteRoute(app, {
    method: 'PATCH',
    url: '/me',
    kind: 'profile.update',
    inboxSummary: false,
    // A member (SO) has no profile to edit (#domain/permissions); VI is refused before this.
    preHandler: [requirePermission('users-me', 'update')],
    // Strict: any key other than first_name, last_name, phone is a 400 on that key.
    body: profilePatchSchema,
    response: meSchema,
    handler: async ({ tx, user, body }) => {
      const changes = {
        ...(body.first_name !== undefined && { first_name: body.first_name }),
        ...(body.last_name !== undefined && { last_name: body.last_name }),
        ...(body.phone !== undefined && { phone: body.phone }),
      };
      if (Object.keys(changes).length > 0)
        await tx.update(users).set(changes).where(eq(users.id, user.id));
      return { answer: await loadMe(tx, user.id), recordRef: user.id };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '',
    preHandler: [requirePermission('usuarios', 'read')],
    response: z.array(userRowSchema),
    handler: async ({ reply }) => {
      reply.header('Cache-Control', 'private, no-store');
      return db.select(userRowColumns).from(users).orderBy(asc(users.username));
    },
  });

  // Granting or withdrawing the flag changes what the user pulls: its cursor's scope hash
  // carries the flag, so its phone pulls again from the start.
  defineWriteRoute(app, {
    method: 'PUT',
    url: '/:id/traductor',
    kind: 'user.translator',
    // The flag is part of who the user is to the authentication.
    mayChangeCallers: true,
    inboxSummary: false,
    preHandler: [requirePermission('usuarios', 'update')],
    params: z.object({ id: z.string() }),
    body: translatorFlagBody,
    response: userRowSchema,
    handler: async ({ tx, params, body }) => {
      const id = pathId(params.id);
      const [row] = await tx
        .update(users)
        .set({ translator: body.traductor })
        .where(eq(users.id, id))
        .returning(userRowColumns);
      if (!row) throw notFound();
      return { answer: row, recordRef: id };
    },
  });

  // The office marks a user's device lost: its sessions end but for one final push that
  // sends its outbox and wipes the phone (docs/security.md#a-lost-device). The body names the
  // user the dialog showed: a stale list or a mistyped id never ends another user's sessions.
  defineWriteRoute(app, {
    method: 'POST',
    url: '/:id/dispositivo-perdido',
    kind: 'user.deviceLost',
    mayChangeCallers: true,
    inboxSummary: false,
    preHandler: [requirePermission('usuarios', 'update')],
    params: z.object({ id: z.string() }),
    body: lostDeviceBody,
    response: userRowSchema,
    summary: "Mark a user's device lost: its tokens end after one final push that wipes it",
    handler: async ({ tx, params, body, capture }) => {
      const id = pathId(params.id);
      const [named] = await tx
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, id));
      if (!named) throw notFound();
      if (named.username !== body.username)
        throw fieldError('username', 'server.users.notThisUser', { username: body.username });
      if (!(await markUserLost(tx, id, 'device_lost', capture.receivedAt))) throw notFound();
      const [row] = await tx.select(userRowColumns).from(users).where(eq(users.id, id));
      if (!row) throw notFound();
      return { answer: row, recordRef: id };
    },
  });
});
