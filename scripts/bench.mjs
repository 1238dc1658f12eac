#!/usr/bin/env node
// `npm run bench`: the performance report. Runs every benchmark one after the other
// and ends with ONE table: each figure beside its budget from the issues and whether it is met.
//   - bundle sizes (scripts/bench/bundle.ts) of a built app;
//   - cold offline start on the throttled phone profile (scripts/bench-start.ts, Chromium);
//   - pulls and pushes through the real engine and server (scripts/bench-sync.ts);
//   - the heavy server endpoints on the large set (scripts/bench-server.ts);
//   - the members and credits lists of the large set (scripts/bench-members.tsx;
//     scripts/bench-creditos.tsx);
//   - the receipt on screen after confirming a capture: in Chromium on the throttled phone
//     profile (scripts/bench-receipt-phone.ts, against its budget) and, for the code's own share,
//     in jsdom (scripts/bench-receipt.tsx);
//   - the community visit in Chromium on the throttled phone profile, offline: a sheet of a
//     hundred members drawn and "Cobrar" on a row to the receipt (scripts/bench-visit-phone.ts);
//   - the debt lookup of a contract with 50 payments (scripts/bench-debt-lookup.ts);
//   - the office screens in Chromium on the large set, after an in-app navigation and after a
//     reload, and /bancos' records of a year (scripts/bench-office-screens.ts);
//   - the first visit of `/` and `/acceso` with Lighthouse's mobile defaults
//     (scripts/bench-lighthouse.ts).
// Each script prints its own detail and hands its figures over as one `@@bench {…}` line.
// The built app: `--dist DIR` or BENCH_DIST_DIR, else dist/, else a throw-away build in a
// temporary directory. `--json` also writes test-results/bench.json. `--skip a,b` leaves out
// sections (bundle, start, sync, server, members, creditos, receipt-phone, receipt, visit, debt,
// office, lighthouse).
// Budgets are printed, never asserted: the exit code is non-zero only when a benchmark itself
// fails.
// `--xl` runs ONLY the xl set's figures (docs/performance.md#the-xl-set; ~25 minutes on the
// 2-core machine, three seeds of the xl set, so never by default): the server's lists and
// reports on PGlite and on a throw-away PostgreSQL (scripts/with-temp-postgres.sh), and a
// promoter's first pull on 3G and the manager's first pull (scripts/bench-sync.ts --only xl).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { register } from 'tsx/esm/api';

register();
const { FIGURES_LINE, fmt, machine } = await import('./bench/report.ts');
const { bundleReport } = await import('./bench/bundle.ts');

const root = new URL('../', import.meta.url).pathname;
const argv = process.argv.slice(2);
const option = (name) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const skip = new Set((option('--skip') ?? '').split(',').filter(Boolean));
const json = argv.includes('--json');
const xl = argv.includes('--xl');
const started = performance.now();
const loadAtStart = os.loadavg();

/** @type {{ group: string, figures: import('./bench/report.ts').Figure[], notes: string[] }[]} */
const reports = [];
let failures = 0;

/** Run one bench script; its detail goes to the console, its `@@bench` lines to `reports`. */
function runScript(file, args = [], wrapper = []) {
  return new Promise((resolve) => {
    const node = [process.execPath, '--import', 'tsx', path.join(root, file), ...args];
    const [command, ...rest] = [...wrapper, ...node];
    const child = spawn(command, rest, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith(FIGURES_LINE)) reports.push(JSON.parse(line.slice(FIGURES_LINE.length)));
      else console.log(line);
    });
    child.on('exit', (code) => {
      if (code !== 0) {
        failures += 1;
        console.error(`bench: ${file} exited with ${code}`);
      }
      resolve();
    });
  });
}

// The built app: given, dist/, or built now into a temporary directory (removed at the end).
let distDir = option('--dist') ?? process.env.BENCH_DIST_DIR ?? path.join(root, 'dist');
let builtHere = null;
const needsDist =
  !xl &&
  (!skip.has('bundle') ||
    !skip.has('start') ||
    !skip.has('receipt-phone') ||
    !skip.has('visit') ||
    !skip.has('office') ||
    !skip.has('lighthouse'));
if (needsDist && !existsSync(path.join(distDir, 'index.html'))) {
  builtHere = mkdtempSync(path.join(tmpdir(), 'comonsit-bench-dist-'));
  distDir = builtHere;
  console.log(`No built app: building one into ${distDir}`);
  const build = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      distDir,
      '--emptyOutDir',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) {
    console.error('bench: vite build failed');
    process.exit(1);
  }
}

try {
  if (xl) {
    await runScript('scripts/bench-server.ts', ['--size', 'xl', '--runs', '3']);
    await runScript(
      'scripts/bench-server.ts',
      ['--size', 'xl', '--runs', '3'],
      ['bash', path.join(root, 'scripts/with-temp-postgres.sh')],
    );
    await runScript('scripts/bench-sync.ts', ['--only', 'xl']);
  } else {
    await runAll();
  }
} finally {
  if (builtHere) rmSync(builtHere, { recursive: true, force: true });
}

async function runAll() {
  if (!skip.has('bundle')) reports.push(bundleReport(distDir));
  if (!skip.has('lighthouse')) await runScript('scripts/bench-lighthouse.ts', ['--dist', distDir]);
  if (!skip.has('start')) {
    await runScript('scripts/bench-start.ts', ['--dist', distDir]);
    await runScript('scripts/bench-start.ts', ['--dist', distDir, '--size', 'large']);
  }
  if (!skip.has('sync')) await runScript('scripts/bench-sync.ts', json ? ['--json'] : []);
  if (!skip.has('server')) await runScript('scripts/bench-server.ts');
  if (!skip.has('members')) await runScript('scripts/bench-members.tsx', json ? ['--json'] : []);
  if (!skip.has('creditos')) await runScript('scripts/bench-creditos.tsx', json ? ['--json'] : []);
  if (!skip.has('receipt-phone'))
    await runScript('scripts/bench-receipt-phone.ts', ['--dist', distDir]);
  if (!skip.has('receipt')) await runScript('scripts/bench-receipt.tsx');
  if (!skip.has('visit')) await runScript('scripts/bench-visit-phone.ts', ['--dist', distDir]);
  if (!skip.has('debt')) await runScript('scripts/bench-debt-lookup.ts');
  if (!skip.has('office')) await runScript('scripts/bench-office-screens.ts', ['--dist', distDir]);
}

// ---------------------------------------------------------------- the one table
const MARK = { met: 'met', notMet: 'NOT MET', cpuMet: 'met on CPU' };
const mark = (f) =>
  f.ok === null || f.ok === undefined ? '' : f.ok ? MARK.met : f.cpuOk ? MARK.cpuMet : MARK.notMet;
const groups = [...new Set(reports.map((r) => r.group))];
const rows = groups.flatMap((group) => [
  { group },
  ...reports
    .filter((r) => r.group === group)
    .flatMap((r) => r.figures)
    .map((f) => [
      f.metric,
      fmt(f.value, f.unit),
      f.cpu === undefined ? '' : fmt(f.cpu, 'ms'),
      f.budget ?? '—',
      mark(f),
    ]),
]);
const head = ['figure', 'value', 'CPU', 'budget', ''];
const cells = rows.filter(Array.isArray);
const widths = head.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
const line = (r) =>
  r
    .map((c, i) => c.padEnd(widths[i]))
    .join(' | ')
    .trimEnd();
const m = machine();
const load = (l) => l.map((x) => x.toFixed(1)).join(' / ');
const minutes = ((performance.now() - started) / 60_000).toFixed(1);

console.log('\n================ Performance report ================');
console.log(
  `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, ${m.platform}, Node ${m.node}; load average (1/5/15 min) ${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end; ${minutes} min`,
);
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.log(Array.isArray(r) ? line(r) : `[${r.group}]`);
console.log(
  `\nvalue = wall time (or size, count); CPU = the same work's CPU time in its process (server and phone alike when both run there). "${MARK.cpuMet}": the wall time is over the budget but the work's CPU time is within it — the machine was busy with other programs.`,
);
for (const r of reports) for (const note of r.notes) console.log(`  note (${r.group}): ${note}`);
const counted = cells.map((r) => r[4]).filter(Boolean);
console.log(
  `\n${counted.filter((x) => x === MARK.met).length} met, ${counted.filter((x) => x === MARK.cpuMet).length} met on CPU only, ${counted.filter((x) => x === MARK.notMet).length} not met, of ${counted.length} budgeted figures.`,
);

if (json) {
  const file = path.join(root, 'test-results/bench.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const body = {
    measuredAt: new Date().toISOString(),
    machine: m,
    loadAverage: { start: loadAtStart, end: os.loadavg() },
    reports,
  };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
}
if (failures > 0) process.exitCode = 1;
