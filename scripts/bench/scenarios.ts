/**
 * The measured runs: a pull (first or delta) and a push of queued commands, each timed around
 * the real engine call and read back from the proxy's log and the server's database.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { enqueue } from '#sync/commands';
import { liveRows } from '#sync/outbox-rules';
import { idempotencyKeys, users } from '#server/db/schema';
import type { Db } from '#server/db/client';
import { registerAppCommands } from '#commands/catalog';
import type { BenchNotes } from './bench-notes-route.ts';
import { cpuMsSince } from './report.ts';
import type { Phone } from './phone.ts';
import type { WireProxy } from './wire-proxy.ts';

export interface PullFigures {
  ms: number;
  requests: number;
  /** Pages the engine applied (the budget: one request per page). */
  pages: number;
  rows: number;
  /** Answer bodies as sent (gzip where the server compressed). */
  bytes: number;
  /** Uncompressed answer text, as the engine counts it. */
  textBytes: number;
  /** Of `ms`, the time the server spent answering. */
  serverMs: number;
  /** CPU time of the pull in this process: the server's and the phone's work together. */
  cpuMs: number;
  encodings: string[];
}

const isPull = (path: string) => path.startsWith('/api/sync/pull');

export async function measurePull(phone: Phone, proxy: WireProxy): Promise<PullFigures> {
  proxy.log.length = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await phone.engine.pull();
  const ms = performance.now() - started;
  const cpuMs = cpuMsSince(cpu);
  if (!result.ok) throw new Error(`bench: pull failed (${result.reason})`);
  const seen = proxy.log.filter((r) => isPull(r.path));
  const failed = seen.find((r) => r.status !== 200);
  if (failed) throw new Error(`bench: a pull page answered ${failed.status}`);
  return {
    ms,
    requests: seen.length,
    pages: result.pages,
    rows: result.rows,
    bytes: seen.reduce((sum, r) => sum + r.bytes, 0),
    textBytes: result.bytes,
    serverMs: seen.reduce((sum, r) => sum + r.serverMs, 0),
    cpuMs,
    encodings: [...new Set(seen.map((r) => r.encoding || 'identity'))],
  };
}

export interface PushFigures {
  commands: number;
  /** Time to queue them on the phone (Dexie writes only, nothing sent). */
  enqueueMs: number;
  /** Mean time of one `enqueue` (a form's save) among the last ten, with the queue nearly full. */
  lastEnqueueMs: number;
  /** One read of the live outbox (`liveRows`) with every command queued: the engine does it several times per command. */
  scanMs: number;
  ms: number;
  /** CPU time of the drain in this process (phone, proxy and server together). */
  cpuMs: number;
  /** The drain was stopped at the time cap before everything was sent. */
  capped: boolean;
  /** Outbox rows `done` after the drain. */
  sent: number;
  /** Write requests that reached the server (batches: one per batch). */
  requests: number;
  /** Bytes of those requests' bodies (what goes up the link). */
  requestBytes: number;
  /** Mean time the server took per write request (the rest of `ms` is the phone and latency). */
  serverMsPerWrite: number;
  /** Rows the server's effects left, counted in its database. */
  effects: number;
  /** Effects that are distinct mutations (a duplicate effect makes this lower than effects). */
  distinctEffects: number;
  /** The server's final state is the last sent command's (order kept); null when not checked. */
  lastWins: boolean | null;
}

interface Effects {
  rows: number;
  distinct: number;
  lastWins?: boolean;
}

interface PushPlan {
  commands: number;
  enqueueOne(i: number): Promise<unknown>;
  /** Count the server's effects; `sent` = commands the phone saw acknowledged. */
  effects(sent: number): Promise<Effects>;
}

const doneCount = (phone: Phone) => phone.db.outbox.where('status').equals('done').count();

async function timedPush(
  phone: Phone,
  proxy: WireProxy,
  plan: PushPlan,
  capMs: number,
): Promise<PushFigures> {
  const queued = performance.now();
  const tail: number[] = [];
  for (let i = 0; i < plan.commands; i += 1) {
    const one = performance.now();
    await plan.enqueueOne(i);
    if (i >= plan.commands - 10) tail.push(performance.now() - one);
  }
  const enqueueMs = performance.now() - queued;
  const scanStarted = performance.now();
  await liveRows(phone.db);
  const scanMs = performance.now() - scanStarted;

  proxy.log.length = 0;
  let capped = false;
  const cap = setTimeout(() => {
    capped = true;
    phone.engine.stop(); // the drain ends once the requests on the wire are answered
  }, capMs);
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    // One drain sends everything; loop only if it ends early for another reason, never forever.
    for (let round = 0; round < 5 && !capped; round += 1) {
      const report = await phone.engine.drain();
      if (report.stop) throw new Error(`bench: push stopped (${report.stop})`);
      if ((await doneCount(phone)) === plan.commands) break;
    }
  } finally {
    clearTimeout(cap);
  }
  const ms = performance.now() - started;
  const cpuMs = cpuMsSince(cpu);
  const sent = await doneCount(phone);
  const counted = await plan.effects(sent);
  const writes = proxy.log.filter((r) => r.method !== 'GET');
  return {
    commands: plan.commands,
    enqueueMs,
    lastEnqueueMs: tail.reduce((a, b) => a + b, 0) / Math.max(1, tail.length),
    scanMs,
    ms,
    cpuMs,
    capped,
    sent,
    requests: writes.length,
    requestBytes: writes.reduce((sum, r) => sum + r.requestBytes, 0),
    serverMsPerWrite: writes.reduce((sum, r) => sum + r.serverMs, 0) / Math.max(1, writes.length),
    effects: counted.rows,
    distinctEffects: counted.distinct,
    lastWins: counted.lastWins ?? null,
  };
}

/** `commands` notes, each its own record and chain: the engine sends chains concurrently. */
export function pushIndependent(
  phone: Phone,
  proxy: WireProxy,
  notes: BenchNotes,
  commands: number,
  capMs: number,
): Promise<PushFigures> {
  const label = `run${Date.now()}`;
  return timedPush(
    phone,
    proxy,
    {
      commands,
      enqueueOne: (i) => enqueue('bench.note', { text: `${label}-${i}` }),
      effects: () => notes.effects(`${label}-`),
    },
    capMs,
  );
}

/**
 * `commands` edits of the user's own profile through the app's real 'profile.update' command:
 * one record, one chain, so strictly one request after another. Effects = stored successful
 * write answers of this user since the run started (each stored with its write, once).
 */
export function pushProfileChain(
  phone: Phone,
  proxy: WireProxy,
  db: Db,
  commands: number,
  capMs: number,
): Promise<PushFigures> {
  registerAppCommands();
  const since = new Date();
  const phoneOf = (i: number) => `961${String(i).padStart(7, '0')}`;
  return timedPush(
    phone,
    proxy,
    {
      commands,
      enqueueOne: (i) =>
        enqueue('profile.update', {
          patch: { phone: phoneOf(i + 1) },
          before: { phone: phoneOf(i) },
        }),
      effects: async (sent) => {
        const [row] = await db
          .select({
            rows: sql<number>`count(*)::int`,
            distinct: sql<number>`count(distinct ${idempotencyKeys.key})::int`,
          })
          .from(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.user_id, phone.userId),
              eq(idempotencyKeys.kind, 'profile.update'),
              gte(idempotencyKeys.status, 200),
              lt(idempotencyKeys.status, 300),
              gte(idempotencyKeys.created_at, since),
            ),
          );
        const [me] = await db
          .select({ phone: users.phone })
          .from(users)
          .where(eq(users.id, phone.userId));
        return {
          rows: row?.rows ?? 0,
          distinct: row?.distinct ?? 0,
          lastWins: sent === 0 || me?.phone === phoneOf(sent),
        };
      },
    },
    capMs,
  );
}
