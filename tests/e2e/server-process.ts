/**
 * A server process of one e2e file, apart from the shared one of the global setup: it can be
 * stopped and started again (same port, same data directory) and switched to another build of
 * the app, without disturbing the other e2e files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForHealth } from './helpers';

const root = new URL('../../', import.meta.url).pathname;

export interface ServerProcess {
  baseURL: string;
  distDir: string;
  /** SIGTERM (then SIGKILL): the port stops answering. */
  stop(): Promise<void>;
  /** Start again on the same port and data, optionally serving another build. */
  start(distDir?: string): Promise<void>;
  /** Stop and delete the data directory. */
  dispose(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startServerProcess(distDir: string): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'comonsit-e2e-own-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const handle: ServerProcess = {
    baseURL,
    distDir,
    async start(nextDist = handle.distDir) {
      if (child) throw new Error('server already running');
      handle.distDir = nextDist;
      const started = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DIST_DIR: nextDist,
          DATABASE_URL: '',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child = started;
      await waitForHealth(baseURL, started, 180_000);
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = null;
      running.kill('SIGTERM');
      const killer = setTimeout(() => running.kill('SIGKILL'), 5_000);
      await exited(running);
      clearTimeout(killer);
    },
    async dispose() {
      await handle.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await handle.start(distDir);
  return handle;
}
