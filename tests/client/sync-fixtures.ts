/**
 * Shared set-up of the sync UI tests (sync-*, perfil-*, app-* files): a clean device between
 * tests (every IndexedDB database deleted), a logged-in session, outbox rows, and a scripted
 * server with the token, current-user and pull calls.
 */
import { Dexie } from 'dexie';
import { vi } from 'vitest';
import type { Role } from '#domain/roles';
import type { OutboxRow } from '#sync/types';
import { clearSession, patchSession } from '#api/session-store';
import { closeDeviceDb } from '#db/device-db';
import { getDb } from '#db/database';
import { patchSyncStatus, resetSyncStatus } from '#sync/status-store';
import { closeReplica, openReplica } from '#app/user-replica.ts';
import { stopSync } from '#app/sync-runtime.ts';
import { resetLock } from '#app/lock-store.ts';
import { registerAppCommands } from '#commands/catalog';
import { json, meAnswer, type Handler } from './api-fake-fetch';

/** Forget everything a previous test left on the "phone". */
export async function freshDevice(): Promise<void> {
  stopSync();
  await closeReplica();
  closeDeviceDb();
  clearSession();
  resetLock();
  resetSyncStatus();
  localStorage.clear();
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
  registerAppCommands();
}

/**
 * A phone that has pulled before: its screens read their copy instead of saying what the first
 * download still brings (docs/sync-protocol.md#the-first-download).
 */
export function pulledBefore(): void {
  patchSyncStatus({ lastPullAt: '2026-03-10T15:00:00.000Z' });
}

export function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** A session as a login leaves it (tokens valid for an hour). */
export function logIn(role: Role, refreshExpiresAt = Date.now() + 3_600_000): void {
  const me = meAnswer(role);
  patchSession({
    access: 'access',
    refresh: 'refresh',
    refreshExpiresAt,
    userId: me.id,
    user: me,
    role,
  });
}

export async function loggedInWithReplica(role: Role) {
  logIn(role);
  return openReplica(meAnswer(role).id);
}

let seq = 0;

export function outboxRow(patch: Partial<OutboxRow> & Pick<OutboxRow, 'id'>): OutboxRow {
  seq += 1;
  const at = new Date(Date.UTC(2026, 2, 10, 15, seq)).toISOString();
  return {
    seq,
    deviceId: 'device-1',
    userId: 3,
    kind: 'profile.update',
    recordId: 'user-3',
    chainKey: 'me',
    dependsOn: [],
    payload: { patch: { phone: '9191234567' }, before: { phone: '' } },
    capturedAt: at,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    result: null,
    serverId: null,
    supersedes: null,
    createdAt: at,
    updatedAt: at,
    sentAt: null,
    doneAt: null,
    ...patch,
  };
}

export async function addRows(...rows: OutboxRow[]): Promise<void> {
  await getDb().outbox.bulkAdd(rows);
}

/** One pull page with a region and a community; then nothing more. */
export function pullHandler(): Handler {
  return () =>
    json({
      cursor: 'c1',
      hasMore: false,
      reset: false,
      changes: {
        regiones: [{ id: 1, nombre_de_region: 'Región 1', poly: null }],
        comunidades: [
          {
            id: 7,
            nombre_de_comunidad: 'Bachajón',
            region: 1,
            nombre_region: 'Región 1',
            ermita: null,
            ermita_name: null,
            inegiLocalidad: null,
            ubicacion: null,
          },
        ],
      },
    });
}

/** The server of a promoter's session: login, refresh, current user, pull, profile PATCH. */
export function serverHandlers(
  role: Role = 'PR',
  extra: Record<string, Handler> = {},
): Record<string, Handler> {
  let refreshes = 0;
  let me = meAnswer(role) as Record<string, unknown>;
  return {
    'POST /api/token/': () => json({ access: 'acc', refresh: 'ref', localId: meAnswer(role).id }),
    'POST /api/token/refresh/': () =>
      json({ access: `access-${++refreshes}`, localId: meAnswer(role).id }),
    'GET /api/users/me.json': () => json(me),
    'PATCH /api/users/me.json': (request) => {
      me = { ...me, ...(request.body as Record<string, unknown>) };
      return json(me);
    },
    'GET /api/sync/pull/': pullHandler(),
    // A member's detail asks for its visit marks (docs/community-visit.md): none by default.
    'GET /api/visitas/': () => json([]),
    ...extra,
  };
}
