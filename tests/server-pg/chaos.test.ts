/**
 * Chaos: two API instances on one PostgreSQL behind a round-robin proxy, simulated
 * phones sending keyed writes (collections) and pulling deltas, while PostgreSQL restarts twice
 * (`pg_ctl restart -m fast`, then `-m immediate`). Then: both instances still serve, no answer
 * was a 500, every acknowledged write has exactly one effect, and every phone's replica built
 * from deltas equals a full pull.
 *
 * It runs a PostgreSQL cluster of its own (restarting the shared one would break the other test
 * files), made with the binaries scripts/with-temp-postgres.sh exports as COMONSIT_PG_BIN.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { createTokenService } from '#server/auth/tokens';
import { loadConfig } from '#server/config';
import { openDatabase, type DatabaseHandle } from '#server/db/client';
import { acopios, comunidades, socios, users } from '#server/db/schema';
import { seedDemo } from '#server/db/seed';

const BIN = process.env.COMONSIT_PG_BIN ?? '';
const AS_ROOT = process.getuid?.() === 0;

/** Run a PostgreSQL binary as the cluster's owner (PostgreSQL refuses to run as root). */
function pgTool(tool: string, args: string[]): void {
  const command = path.join(BIN, tool);
  if (AS_ROOT)
    execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' });
  else execFileSync(command, args, { stdio: 'ignore' });
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let dir: string;
let pgPort: number;
let handles: DatabaseHandle[] = [];
let instances: FastifyInstance[] = [];
let proxy: http.Server;
let proxyUrl: string;
let secret: string;

function pgCtl(args: string[]): void {
  pgTool('pg_ctl', ['-D', path.join(dir, 'data'), '-w', ...args]);
}

beforeAll(async () => {
  if (!BIN)
    throw new Error('COMONSIT_PG_BIN is not set: run through scripts/with-temp-postgres.sh');
  dir = mkdtempSync(path.join(tmpdir(), 'comonsit-chaos-'));
  chmodSync(dir, 0o755);
  if (AS_ROOT) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  pgPort = await freePort();
  pgTool('initdb', [
    '-D',
    path.join(dir, 'data'),
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  pgCtl([
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  secret = randomBytes(32).toString('hex');
  const config = loadConfig({
    JWT_SECRET: secret,
    DATA_DIR: dir,
    DIST_DIR: path.join(dir, 'no-dist'),
    DATABASE_URL: url,
  });
  // Two instances starting together, as a deployment would.
  handles = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl: url, dataDir: null })));
  await Promise.all(handles.map((h) => h.migrate(() => seedDemo(h.db))));
  instances = await Promise.all(handles.map((h) => buildApp({ config, db: h.db })));
  const ports = await Promise.all(
    instances.map(async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      return (app.server.address() as AddressInfo).port;
    }),
  );
  let next = 0;
  proxy = http.createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  // Keep-alive sockets the clients left open would hold close() until they time out.
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  // A connection broken by the restarts must not hold the cleanup past the hook's limit.
  const bounded = (closing: Promise<unknown>) =>
    Promise.race([closing.catch(() => undefined), new Promise((r) => setTimeout(r, 10_000))]);
  for (const app of instances) await bounded(app.close());
  for (const handle of handles) await bounded(handle.close());
  if (dir) {
    try {
      pgCtl(['-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

interface Phone {
  username: string;
  token: string;
  member: number;
  cursor: string;
  /** Acopio rows by id, as the deltas built them. */
  replica: Map<number, string>;
  /** Acknowledged writes: key → acopio id. */
  acked: Map<string, number>;
}

/** Statuses seen, for the "never a 500" check. */
const statuses = new Map<number, number>();

async function call(
  phone: Phone,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  try {
    const res = await fetch(`${proxyUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${phone.token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    // The connection itself failed: as a phone, try again later.
    return { status: 0, json: null };
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Send one collection under `key` until it is acknowledged (a phone resends the same key). */
async function write(phone: Phone, key: string, n: number, deadline: number): Promise<void> {
  const body = {
    clave_socio: phone.member,
    fecha: '2025-01-15',
    tipo_de_producto: 'CF',
    kilos_de_producto: `${100 + n}.5`,
    ingreso: `${1000 + n}.25`,
  };
  while (Date.now() < deadline) {
    const res = await call(phone, 'POST', '/api/acopios/', { 'idempotency-key': key }, body);
    if (res.status === 201) {
      phone.acked.set(key, (res.json as { id: number }).id);
      return;
    }
    if (res.status >= 400 && res.status < 500) throw new Error(`write refused: ${res.status}`);
    await pause(100);
  }
}

/** Pull deltas until there are no more (retrying through failures). */
async function pull(phone: Phone, deadline: number): Promise<void> {
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${phone.username}: pull never completed`);
    const res = await call(
      phone,
      'GET',
      `/api/sync/pull/?cursor=${encodeURIComponent(phone.cursor)}&limit=500`,
    );
    if (res.status !== 200) {
      await pause(100);
      continue;
    }
    const answer = res.json as {
      cursor: string;
      hasMore: boolean;
      reset: boolean;
      changes: Record<string, { id: number }[]>;
    };
    if (answer.reset) phone.replica.clear();
    for (const row of answer.changes.acopios ?? []) phone.replica.set(row.id, JSON.stringify(row));
    phone.cursor = answer.cursor;
    if (!answer.hasMore) return;
  }
}

async function memberOfRegion(db: DatabaseHandle['db'], region: number): Promise<number> {
  const [row] = await db
    .select({ clave: socios.clave_socio })
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(and(eq(comunidades.region, region), eq(socios.estatus_cafe, 'AC')))
    .limit(1);
  return row!.clave;
}

it('two instances survive PostgreSQL restarts under traffic, with no lost or doubled write', async () => {
  const db = handles[0]!.db;
  const tokens = createTokenService(secret);
  const phones: Phone[] = [];
  for (const [username, region] of [
    ['promotor', 1],
    ['promotor2', 2],
    ['coordinador', 1],
    ['gerente', 2],
  ] as const) {
    const [user] = await db.select().from(users).where(eq(users.username, username));
    phones.push({
      username,
      token: await tokens.issue(user!, 'access'),
      member: await memberOfRegion(db, region),
      cursor: '',
      replica: new Map(),
      acked: new Map(),
    });
  }
  const before = new Set((await db.select({ id: acopios.id }).from(acopios)).map((r) => r.id));

  const start = Date.now();
  const trafficEnds = start + 9_000;
  const giveUp = start + 40_000;
  const traffic = phones.map(async (phone, p) => {
    for (let n = 0; Date.now() < trafficEnds; n++) {
      await write(phone, `chaos-${p}-${n}-${randomBytes(4).toString('hex')}`, n, giveUp);
      await pull(phone, giveUp);
      await pause(20);
    }
  });
  const chaos = (async () => {
    await pause(2_500);
    pgCtl(['-m', 'fast', 'restart']);
    await pause(3_000);
    pgCtl(['-m', 'immediate', 'restart']);
  })();
  await Promise.all([...traffic, chaos]);

  // Both instances still serve.
  for (const app of instances) {
    const health = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode, health.body).toBe(200);
  }
  expect(statuses.get(500) ?? 0, JSON.stringify([...statuses])).toBe(0);
  // The restarts really hit traffic in flight.
  expect(statuses.get(503) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(0);

  // Every acknowledged write has exactly one effect, and nothing else was written.
  const ackedIds = phones.flatMap((phone) => [...phone.acked.values()]);
  expect(ackedIds.length).toBeGreaterThan(8);
  expect(new Set(ackedIds).size).toBe(ackedIds.length);
  const created = (await db.select({ id: acopios.id }).from(acopios))
    .map((r) => r.id)
    .filter((id) => !before.has(id));
  expect(created.sort((a, b) => a - b)).toEqual([...ackedIds].sort((a, b) => a - b));
  const stored = await db
    .select({ id: acopios.id })
    .from(acopios)
    .where(inArray(acopios.id, ackedIds));
  expect(stored).toHaveLength(ackedIds.length);

  // No delta pull missed a row: each replica equals a full pull by the same user.
  for (const phone of phones) {
    await pull(phone, Date.now() + 20_000);
    const full: Phone = { ...phone, cursor: '', replica: new Map() };
    await pull(full, Date.now() + 20_000);
    expect(phone.replica.size, phone.username).toBe(full.replica.size);
    expect([...phone.replica].sort(), phone.username).toEqual([...full.replica].sort());
    for (const id of phone.acked.values()) expect(phone.replica.has(id), phone.username).toBe(true);
  }
}, 90_000);
