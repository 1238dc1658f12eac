/**
 * One writer per embedded database (docs/security.md): a command run beside a running server on
 * the same DATA_DIR refuses with a message and a non-zero exit instead of reporting a change it
 * then loses; the server refuses a directory a command holds; a lock left by a crashed process
 * does not block; and after all of it the users table and its index agree.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { openDatabase } from '#server/db/client';
import { DataDirInUse, lockDataDir, lockFile } from '#server/db/data-dir-lock';
import { DEMO_PASSWORD } from '#tests/helpers/server-app';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

let dataDir: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'comonsit-one-writer-'));
  env = {
    ...process.env,
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Outcome {
  code: number | null;
  out: string;
}

/** Run a script of the repository with tsx, as `npm run …` does; its exit code and output. */
function run(script: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, script, ...args], {
      cwd: ROOT,
      env: { ...env, ...extraEnv },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

/** Start the real server on DATA_DIR; resolves once it says it listens. */
function startServer(port: number): Promise<{ child: ChildProcess; out: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, 'server/main.ts'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
    });
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('listening on')) resolve({ child, out: () => out });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

async function login(port: number, username: string, password: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return res.status;
}

describe('one writer per embedded database', () => {
  it('refuses every command beside a running server, loses nothing, keeps the index whole', async () => {
    const port = await freePort();
    const server = await startServer(port);
    try {
      expect(await login(port, 'gerente', DEMO_PASSWORD)).toBe(200);

      const add = await run('server/cli/user.ts', [
        'add',
        'intruso',
        '--role',
        'PR',
        '--password',
        'una-clave-larga',
      ]);
      expect(add.code).toBe(1);
      expect(add.out).toMatch(/in use by the server \(npm start\) \(pid \d+\)/);
      expect(add.out).not.toMatch(/created/);

      const passwd = await run('server/cli/user.ts', [
        'passwd',
        'gerente',
        '--password',
        'otra-clave-larga',
      ]);
      expect(passwd.code).toBe(1);
      expect(passwd.out).not.toMatch(/sessions are closed/);

      const counts = await run('server/cli/translations.ts', ['counts']);
      expect(counts.code).toBe(1);
      expect(counts.out).toMatch(/in use by the server/);

      // The server was not disturbed: the password it holds is still the one that works.
      expect(await login(port, 'gerente', DEMO_PASSWORD)).toBe(200);
      expect(await login(port, 'gerente', 'otra-clave-larga')).toBe(401);
    } finally {
      expect(await stop(server.child)).toBe(0);
    }

    // Stopped: the command now runs (the lock went with the server) and its change holds.
    const list = await run('server/cli/user.ts', ['list']);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^gerente\s+GE/m);
    expect(list.out).not.toMatch(/intruso/);

    const handle = await openDatabase({ databaseUrl: null, dataDir, holder: 'the test' });
    try {
      const counted = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) });
      const scalar = async (query: SQL) => counted.parse(await handle.db.execute(query)).rows[0]?.n;
      await handle.db.execute(sql`set enable_indexscan = off`);
      await handle.db.execute(sql`set enable_indexonlyscan = off`);
      await handle.db.execute(sql`set enable_bitmapscan = off`);
      const bySeqScan = await scalar(sql`select count(*) as n from users`);
      await handle.db.execute(sql`set enable_seqscan = off`);
      await handle.db.execute(sql`set enable_indexonlyscan = on`);
      await handle.db.execute(sql`set enable_indexscan = on`);
      const byIndex = await scalar(sql`select count(id) as n from users where id > 0`);
      expect(bySeqScan).toBeGreaterThan(0);
      expect(byIndex).toBe(bySeqScan);
      const ids = z.object({ rows: z.array(z.object({ id: z.number() })) });
      const { rows } = ids.parse(await handle.db.execute(sql`select id from users order by id`));
      for (const row of rows)
        expect(await scalar(sql`select count(*) as n from users where id = ${row.id}`)).toBe(1);
    } finally {
      await handle.close();
    }
    // Real processes: a server's start (migrations, the demo seed) and four commands.
  }, 600_000);

  it('the server refuses a directory a command holds, and a crashed holder does not block', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'comonsit-one-writer-held-'));
    try {
      const held = lockDataDir(dir, 'npm run user');
      const port = await freePort();
      const refused = await run('server/main.ts', [], { DATA_DIR: dir, PORT: String(port) });
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/in use by npm run user \(pid \d+\)/);
      held.release();

      // A lock whose process is gone (a crash): taken over.
      const deadPid = await new Promise<number>((resolve) => {
        const child = spawn(process.execPath, ['-e', '']);
        child.once('exit', () => resolve(child.pid!));
      });
      writeFileSync(lockFile(dir), JSON.stringify({ pid: deadPid, holder: 'the server' }));
      const handle = await openDatabase({ databaseUrl: null, dataDir: dir, holder: 'the test' });
      // …and held again by this process: a second opener is refused.
      expect(() => lockDataDir(dir, 'another')).toThrow(DataDirInUse);
      await handle.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
