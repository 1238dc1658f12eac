#!/usr/bin/env node
// `npm start`: build the PWA when dist/ is missing or older than its sources, then run the
// API server (which also serves dist/). Extra arguments go to the server (e.g. --size large).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'dist', 'index.html');
const sources = ['src', 'sw', 'locales', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildNeeded() {
  if (process.env.SKIP_BUILD === '1') return false;
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > builtAt);
}

if (buildNeeded()) {
  console.log('Building the PWA (first start or sources changed)…');
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'server/main.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
