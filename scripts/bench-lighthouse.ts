/**
 * First contact on a weak signal: Lighthouse's mobile defaults (simulated slow 4G,
 * 4× CPU slowdown, a Moto G-sized screen) on the public home `/` and the login screen
 * `/acceso`, served by the real server from `--dist DIR` with the demo set, in Debian's
 * Chromium with a fresh profile each run (a first visit: nothing cached, no service worker).
 * `--runs N` times per page (default 3); medians of the performance score, first and largest
 * contentful paint, total blocking time and time to interactive beside the budgets.
 * Nothing is asserted.
 *
 *   node --import tsx scripts/bench-lighthouse.ts --dist DIR [--runs N] [--report DIR]
 * `--report DIR` keeps each run's whole Lighthouse report (JSON), to see what a figure is made of.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, startBenchServer, type BenchServer } from './bench/chromium-phone.ts';
import { emitFigures, printTable, type Figure } from './bench/report.ts';

const PAGES = ['/', '/acceso'] as const;

/** The targets: [Lighthouse audit id, label, budget, unit]. */
const AUDITS = [
  ['first-contentful-paint', 'first contentful paint', 1800],
  ['largest-contentful-paint', 'largest contentful paint', 2500],
  ['total-blocking-time', 'total blocking time', 200],
  ['interactive', 'time to interactive', null],
] as const;
const SCORE_BUDGET = 90;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const distDir = path.resolve(option('--dist') ?? 'dist');
const runs = Number(option('--runs') ?? 3);
const reportDir = option('--report');
if (!existsSync(path.join(distDir, 'index.html')) || !Number.isInteger(runs) || runs < 1) {
  console.error(
    'usage: node --import tsx scripts/bench-lighthouse.ts --dist BUILT_APP_DIR [--runs N] [--report DIR]',
  );
  process.exit(2);
}
const progress = (text: string) => process.stderr.write(`  · ${text}\n`);

interface PageRun {
  score: number;
  audits: Record<string, number>;
}

async function audit(url: string): Promise<PageRun> {
  const profile = mkdtempSync(path.join(tmpdir(), 'comonsit-bench-lh-'));
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    userDataDir: profile,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`bench: Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
      writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`bench: Lighthouse: ${lhr.runtimeError.message}`);
    const audits: Record<string, number> = {};
    for (const [id] of AUDITS) audits[id] = lhr.audits[id]?.numericValue ?? Number.NaN;
    return { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), audits };
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'comonsit-bench-lh-data-'));
let server: BenchServer | null = null;
try {
  progress(`lighthouse: server on ${distDir}, demo set`);
  server = await startBenchServer(distDir, dataDir);
  const figures: Figure[] = [];
  for (const page of PAGES) {
    const results: PageRun[] = [];
    for (let i = 1; i <= runs; i += 1) {
      progress(`lighthouse ${page} ${i}/${runs} (mobile: slow 4G, 4× CPU)`);
      results.push(await audit(`${server.url}${page}`));
    }
    const score = median(results.map((r) => r.score));
    figures.push({
      id: `lighthouse.${page}.score`,
      metric: `${page}: performance score`,
      value: score,
      unit: 'count',
      budget: `≥ ${SCORE_BUDGET}`,
      ok: score >= SCORE_BUDGET,
    });
    for (const [id, label, budget] of AUDITS) {
      const value = median(results.map((r) => r.audits[id] ?? Number.NaN));
      figures.push({
        id: `lighthouse.${page}.${id}`,
        metric: `${page}: ${label}`,
        value,
        unit: 'ms',
        budget: budget === null ? null : `≤ ${budget} ms`,
        ok: budget === null ? null : value <= budget,
      });
    }
  }
  const load = os.loadavg()[0]!.toFixed(1);
  const setting = `Lighthouse mobile defaults (simulated slow 4G, 4× CPU), first visit, median of ${runs}; load average ${load} on ${os.cpus().length} cores`;
  printTable(`First contact (${setting})`, figures);
  emitFigures({ group: 'First contact (Lighthouse)', figures, notes: [setting] });
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
