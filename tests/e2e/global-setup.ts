import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { PROFILE_USERS, freePort, login, waitForHealth, type ProfileUser } from './helpers';
import { E2E_WORKERS } from './workers.ts';

const root = new URL('../../', import.meta.url).pathname;

/** Facts of the phone itself (device-db.ts): each context that reuses a profile makes its own. */
const DEVICE_FACTS = new Set(['deviceId', 'seq', 'receiptDevice', 'receiptSeq']);

interface StorageState {
  origins: {
    indexedDB?: {
      name: string;
      stores: { name: string; records: { key?: unknown; value?: unknown }[] }[];
    }[];
  }[];
}

/** The phone's identity out of a saved profile: two files reusing it are two phones. */
function withoutDeviceFacts(file: string): void {
  const state = JSON.parse(readFileSync(file, 'utf8')) as StorageState;
  for (const origin of state.origins)
    for (const database of origin.indexedDB ?? [])
      for (const store of database.stores)
        if (store.name === 'facts')
          store.records = store.records.filter((record) => {
            const value = record.value as { key?: unknown } | undefined;
            const key = value?.key ?? record.key;
            return !(typeof key === 'string' && DEVICE_FACTS.has(key));
          });
  writeFileSync(file, JSON.stringify(state));
}

/** One server of the run: its address, its process and data, and its users' saved profiles. */
interface RunningServer {
  baseURL: string;
  process: ChildProcess;
  dataDir: string;
  profiles: Record<ProfileUser, string>;
}

async function startServer(distDir: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'comonsit-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseURL, server, 300_000);
  return { baseURL, process: server, dataDir, profiles: {} as Record<ProfileUser, string> };
}

/**
 * One login per user and server for the whole run: its profile (session, replica) is what
 * `openAs` (helpers.ts) opens, instead of every file logging in and pulling everything again.
 */
async function saveProfiles(browser: Browser, server: RunningServer): Promise<void> {
  await Promise.all(
    PROFILE_USERS.map(async (username) => {
      const context = await newContext(browser, server.baseURL);
      const page = await context.newPage();
      await login(page, username, { wait: 'sync-center' });
      const file = join(server.dataDir, `profile-${username}.json`);
      await context.storageState({ path: file, indexedDB: true });
      withoutDeviceFacts(file);
      server.profiles[username] = file;
      await context.close();
    }),
  );
}

async function stopServer(server: RunningServer): Promise<void> {
  const child = server.process;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // E2E_DIST_DIR lets parallel work build and test its own copy of the app (default dist/,
  // which .ci/run's build step made: the app is built once per CI run).
  const distDir = process.env.E2E_DIST_DIR ?? join(root, 'dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    const build = spawnSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir'],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error('vite build failed');
  }
  // A server (and database) per worker: files that run at the same time never see each
  // other's records; files of one worker run one after the other, as before (README.md).
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, () => startServer(distDir)),
  );
  const browser = await launchBrowser();
  try {
    await Promise.all(servers.map((server) => saveProfiles(browser, server)));
  } finally {
    await browser.close();
  }
  project.provide(
    'servers',
    servers.map(({ baseURL, profiles }) => ({ baseURL, profiles })),
  );

  return async () => {
    await Promise.all(servers.map(stopServer));
  };
}
