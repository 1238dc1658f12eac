/**
 * The sync tests' world: the real server (makeTestApp + the test-notes write route) listening
 * on 127.0.0.1, the fault proxy in front of it, the API layer pointed at the proxy, a logged-in
 * session, the user's replica over fake-indexeddb, and a 'note.create' command whose optimistic
 * record lives in `meta` (key note|<recordId>, then note|<server id>).
 */
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { setApiBase } from '#api/http';
import { clearSession, patchSession } from '#api/session-store';
import { closeUserDb, openUserDb, wipeUserReplica, type AppDatabase } from '#db/database';
import { clearCommands, registerCommand } from '#sync/commands';
import { createMemoryLockManager } from '#sync/lock';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '#sync/engine';
import { resetSyncStatus } from '#sync/status-store';
import type { CommandDefinition } from '#sync/types';
import { makeTestApp, DEMO_PASSWORD, type TestApp } from '#tests/helpers/server-app';
import { startSyncProxy, type SyncProxy } from '#tests/helpers/sync-proxy';
import { addTestNotesRoute, type NotesFixture } from '#tests/server/write-route-fixture';

export interface NotePayload {
  /** The note's text (unique per test mutation, so effects can be counted by text). */
  text: string;
  /** Chain key: notes of one chain go in order. */
  chain: string;
  /** Another note's record id: sent as "after <ref>" once the server named it. */
  ref?: string | number;
}

const noteAnswer = z.object({ id: z.number().int(), text: z.string() });

export const noteCommand: CommandDefinition<NotePayload, z.output<typeof noteAnswer>> = {
  kind: 'note.create',
  tables: ['meta'],
  request: (p) => ({
    method: 'POST',
    path: 'test-notes/',
    body: { text: p.ref === undefined ? p.text : `${p.text} after ${String(p.ref)}` },
  }),
  chainKey: (p) => p.chain,
  parseResult: (body) => noteAnswer.parse(body),
  optimistic: async (p, ctx) => {
    await db().meta.put({
      key: `note|${ctx.recordId}`,
      value: { ...p, _localId: ctx.recordId, _pending: ctx.mutationId },
    });
  },
  applyResult: async (_p, result, ctx) => {
    await db().meta.delete(`note|${ctx.recordId}`);
    await db().meta.put({ key: `note|${result.id}`, value: result });
    return result.id;
  },
  revert: async (_p, ctx) => {
    await db().meta.delete(`note|${ctx.recordId}`);
  },
  describe: (p) => ({ key: 'sync.notice.sent', params: { text: p.text } }),
};

let openDb: AppDatabase | null = null;
function db(): AppDatabase {
  if (!openDb) throw new Error('no db');
  return openDb;
}

export interface SyncWorld {
  t: TestApp;
  proxy: SyncProxy;
  notes: NotesFixture;
  userId: number;
  access: string;
  refresh: string;
  db: AppDatabase;
  /** A new engine on the world's database, with fast backoff and a page-wide lock double. */
  engine(options?: SyncEngineOptions): SyncEngine;
  /** Texts of notes the server stored, with how many times each. */
  effects(): Promise<Map<string, number>>;
  /** Fresh replica + status between tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

async function login(
  base: string,
  username: string,
): Promise<{ access: string; refresh: string; localId: number }> {
  const res = await fetch(`${base}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed ${res.status}`);
  return (await res.json()) as { access: string; refresh: string; localId: number };
}

export async function startSyncWorld(): Promise<SyncWorld> {
  const t = await makeTestApp();
  const notes = await addTestNotesRoute(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const proxy = await startSyncProxy(`http://127.0.0.1:${port}`);
  setApiBase(`${proxy.url}/api`);
  const tokens = await login(proxy.url, 'promotor');
  const locks = createMemoryLockManager();
  clearCommands();
  registerCommand(noteCommand);

  const world: SyncWorld = {
    t,
    proxy,
    notes,
    userId: tokens.localId,
    access: tokens.access,
    refresh: tokens.refresh,
    db: await openUserDb(tokens.localId),
    engine: (options = {}) =>
      createSyncEngine({
        lockManager: locks,
        listen: false,
        backoff: { baseMs: 5, maxMs: 20, maxAttempts: 4, defaultRetryAfterMs: 50 },
        busyRetryMs: 20,
        timeoutMs: 5_000,
        ...options,
      }),
    effects: async () => {
      const counts = new Map<string, number>();
      for (const note of await notes.notes())
        counts.set(note.text, (counts.get(note.text) ?? 0) + 1);
      return counts;
    },
    reset: async () => {
      proxy.rule = () => ({ type: 'pass' });
      proxy.log.length = 0;
      await wipeUserReplica(world.userId, { keepOutbox: false });
      world.db = await openUserDb(world.userId);
      openDb = world.db;
      resetSyncStatus();
      clearSession();
      patchSession({
        access: world.access,
        refresh: world.refresh,
        refreshExpiresAt: Date.now() + 86_400_000,
        userId: world.userId,
      });
    },
    close: async () => {
      closeUserDb();
      await proxy.close();
      await t.close();
    },
  };
  openDb = world.db;
  await world.reset();
  return world;
}

/** Poll until `check` holds (engine work that runs on timers). */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
