/**
 * The phone side of the benchmark: the real API layer, Dexie replica and sync engine (over
 * fake-indexeddb, which the entry script installs before anything imports Dexie), pointed at
 * the measuring proxy and logged in as one demo user. Each `openPhone` starts from an empty
 * replica, as a first login on a new phone does.
 */
import { z } from 'zod';
import { setApiBase } from '#api/http';
import { clearSession, patchSession } from '#api/session-store';
import { closeUserDb, openUserDb, wipeUserReplica, type AppDatabase } from '#db/database';
import { registerCommand } from '#sync/commands';
import { createSyncEngine, type SyncEngine } from '#sync/engine';
import { createMemoryLockManager } from '#sync/lock';
import { resetSyncStatus } from '#sync/status-store';
import type { CommandDefinition } from '#sync/types';
import { DEMO_PASSWORD } from './sync-server.ts';

export interface Phone {
  userId: number;
  db: AppDatabase;
  /** The engine with the app's defaults (concurrency, backoff), no window listeners. */
  engine: SyncEngine;
  close(): Promise<void>;
}

interface TokenAnswer {
  access: string;
  refresh: string;
  localId: number;
}

async function login(serverUrl: string, username: string): Promise<TokenAnswer> {
  const res = await fetch(`${serverUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`bench: login of ${username} failed (${res.status})`);
  return (await res.json()) as TokenAnswer;
}

export interface BenchNotePayload {
  text: string;
}

const noteAnswer = z.object({ id: z.number().int(), text: z.string() });

let openDb: AppDatabase | null = null;

/**
 * One note per record and one chain per record, like an area's create command: the optimistic
 * record and its replacement by the server's answer are real Dexie writes.
 */
const benchNoteCommand: CommandDefinition<BenchNotePayload, z.output<typeof noteAnswer>> = {
  kind: 'bench.note',
  tables: ['meta'],
  request: (p) => ({ method: 'POST', path: 'bench-notes/', body: { text: p.text } }),
  chainKey: (p) => `bench-${p.text}`,
  parseResult: (body) => noteAnswer.parse(body),
  optimistic: async (p, ctx) => {
    await openDb!.meta.put({ key: `bench|${ctx.recordId}`, value: { ...p, _pending: true } });
  },
  applyResult: async (_p, result, ctx) => {
    await openDb!.meta.delete(`bench|${ctx.recordId}`);
    await openDb!.meta.put({ key: `bench|${result.id}`, value: result });
    return result.id;
  },
  revert: async (_p, ctx) => {
    await openDb!.meta.delete(`bench|${ctx.recordId}`);
  },
  describe: (p) => ({ key: 'sync.notice.sent', params: { text: p.text } }),
};

let registered = false;

/**
 * @param serverUrl where to log in (directly, so the login is not counted)
 * @param proxyUrl what the engine talks to
 */
export async function openPhone(
  serverUrl: string,
  proxyUrl: string,
  username: string,
): Promise<Phone> {
  if (!registered) {
    registerCommand(benchNoteCommand);
    registered = true;
  }
  const tokens = await login(serverUrl, username);
  setApiBase(`${proxyUrl}/api`);
  // A previous run on another server may have used the same user id: start empty.
  await wipeUserReplica(tokens.localId, { keepOutbox: false });
  const db = await openUserDb(tokens.localId);
  openDb = db;
  resetSyncStatus();
  clearSession();
  patchSession({
    access: tokens.access,
    refresh: tokens.refresh,
    refreshExpiresAt: Date.now() + 86_400_000,
    userId: tokens.localId,
  });
  const engine = createSyncEngine({ lockManager: createMemoryLockManager(), listen: false });
  return {
    userId: tokens.localId,
    db,
    engine,
    close: async () => {
      engine.stop();
      closeUserDb();
      openDb = null;
      await wipeUserReplica(tokens.localId, { keepOutbox: false });
      clearSession();
    },
  };
}
