#!/usr/bin/env node
// `npm run bench`: prints the performance figures. For now: the built bundle — every JS chunk
// with its raw and gzipped size, and the JavaScript the login screen / app shell loads (the
// entry chunk plus what index.html preloads), against the 250 KB gzip budget of issue 9.
// Then the sync figures (scripts/bench-sync.ts, issue 3 budgets), which need no dist/.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const syncBench = () =>
  spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL('./bench-sync.ts', import.meta.url).pathname,
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  ).status ?? 1;

// Server endpoint latencies on the large seed (scripts/bench-server.ts, issue 6 budgets).
spawnSync(
  process.execPath,
  ['--import', 'tsx', new URL('./bench-server.ts', import.meta.url).pathname],
  { stdio: 'inherit' },
);

const dist = new URL('../dist/', import.meta.url).pathname;
if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  syncBench();
  process.exit(1);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const assets = join(dist, 'assets');
const rows = readdirSync(assets)
  .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
  .map((f) => {
    const buf = readFileSync(join(assets, f));
    return { file: f, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

console.log('Bundle (dist/assets)');
console.log('  gzip       raw        file');
for (const r of rows) console.log(`  ${kb(r.gzip).padEnd(10)} ${kb(r.raw).padEnd(10)} ${r.file}`);

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const shellFiles = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const shell = rows.filter((r) => shellFiles.includes(r.file));
const shellGzip = shell.reduce((sum, r) => sum + r.gzip, 0);
const budget = 250 * 1024;
console.log(
  `\nShell JS loaded by index.html: ${kb(shellGzip)} gzip (${shell.length} files) — budget ${kb(budget)}: ${
    shellGzip <= budget ? 'OK' : 'OVER'
  }`,
);

process.exitCode = syncBench();

// The members table (issue 4): 6,000 members, first render and search keystrokes (no dist/).
spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    new URL('./bench-members.tsx', import.meta.url).pathname,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
