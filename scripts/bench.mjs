#!/usr/bin/env node
// `npm run bench`: prints the performance figures. For now: the built bundle — every JS chunk
// with its raw and gzipped size, the JavaScript the login screen and app shell load (the entry
// chunk, what index.html preloads, the login screen's chunk and everything they import
// statically) against the 250 KB gzip budget of issue 9, and the on-demand chunks of
// maplibre-gl, ECharts and SheetJS.
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
const byFile = new Map(rows.map((r) => [r.file, r]));
/** A chunk and every chunk it imports statically (what loading it pulls in at once). */
function closure(files) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file) || !byFile.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    // Static imports only (`from"./x.js"`, `import"./x.js"`); `import("./x.js")` is on demand.
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(m[1]);
  }
  return seen;
}
const gzipOf = (files) => [...files].reduce((sum, f) => sum + (byFile.get(f)?.gzip ?? 0), 0);
const chunk = (re) => rows.find((r) => r.file.endsWith('.js') && re.test(r.file))?.file;

const shellFiles = closure(
  [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]),
);
const loginChunk = chunk(/^login-screen-/);
const loginFiles = closure([...shellFiles, ...(loginChunk ? [loginChunk] : [])]);
const shellGzip = gzipOf(shellFiles);
const loginGzip = gzipOf(loginFiles);
const budget = 250 * 1024;
console.log(`\nShell JS loaded by index.html: ${kb(shellGzip)} gzip (${shellFiles.size} files)`);
console.log(
  `Login screen + app shell JS: ${kb(loginGzip)} gzip (${loginFiles.size} files) — budget ${kb(budget)}: ${
    loginGzip <= budget ? 'OK' : 'OVER'
  }`,
);

// The heavy libraries must stay out of the shell, each in chunks of its own loaded on demand
// by the screens that use them (issue 9). Printed with what loading them adds to the shell.
const HEAVY = [
  ['maplibre-gl', /^maplibre-gl-(?!worker)/],
  ['maplibre-gl worker', /^maplibre-gl-worker-.*\.js$/],
  ['ECharts', /^echarts-setup-/],
  ['SheetJS (@e965/xlsx)', /^xlsx-(?!export)/],
];
console.log('\nOn-demand libraries (gzip of the chunk and what it pulls in beyond the shell)');
for (const [name, re] of HEAVY) {
  const file = chunk(re);
  if (!file) {
    console.log(`  ${name.padEnd(22)} not in the build (no screen uses it)`);
    continue;
  }
  const extra = [...closure([file])].filter((f) => !loginFiles.has(f));
  const inShell = loginFiles.has(file) ? ' — IN THE SHELL' : '';
  console.log(`  ${name.padEnd(22)} ${kb(gzipOf(extra)).padEnd(10)} ${file}${inShell}`);
}

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

// The credits list with the debt of today (issue 6): ≥ 5,000 contracts and ≥ 20,000 payments
// from the replica, first render ≤ 200 ms (no dist/).
spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    new URL('./bench-creditos.tsx', import.meta.url).pathname,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
