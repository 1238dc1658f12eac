/**
 * Cold offline start on the throttled phone profile (docs/performance.md#measuring): Debian's
 * Chromium through playwright-core with a profile kept on disk, 360×740, the app built in
 * `--dist DIR` served by the real server (its own free port, a throw-away DATA_DIR with the
 * demo set). Once: the promoter logs in online, the first sync finishes and the service worker
 * takes control; the browser is closed. Then, `--runs N` times (default 3): the browser starts
 * again with no signal, the page gets 4× CPU throttling before its first navigation and opens
 * the app's start URL — what a promoter does when reopening the app in the field. Measured
 * from the navigation's start (the page's time origin):
 *   - shown: the home (app shell with its heading) or the lock/login screen is visible;
 *   - interactive: the first instant from shown on that begins a second with no long task
 *     (> 50 ms) on the main thread — shown itself, or the end of the long task before that
 *     quiet second (Lighthouse's rule with a shorter window). Found from the page's long tasks
 *     once the bench reads them, so a quiet second that ended before that read counts;
 *   - main-thread busy: DevTools' TaskDuration of the page up to that point (throttled time).
 * Prints the medians beside its budget (docs/performance.md#budgets-and-current-figures:
 * interactive ≤ 1.5 s, "even with the large data set in the phone's copy": `--size large` seeds the
 * server's large set, so the promoter's replica is the large one); nothing is asserted.
 *
 *   node --import tsx scripts/bench-start.ts --dist DIR [--runs N] [--size demo|large]
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  BENCH_USER as USER,
  CPU_SLOWDOWN,
  PHONE_VIEWPORT as VIEWPORT,
  firstPage,
  launchPhone as launch,
  loginAndInstall,
  median,
  startBenchServer,
  type BenchServer,
} from './bench/chromium-phone.ts';
import { emitFigures, printTable, type Figure } from './bench/report.ts';

const QUIET_MS = 1000;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const distDir = path.resolve(option('--dist') ?? 'dist');
const runs = Number(option('--runs') ?? 3);
const size = option('--size') ?? 'demo';
if (
  !existsSync(path.join(distDir, 'index.html')) ||
  !Number.isInteger(runs) ||
  runs < 1 ||
  (size !== 'demo' && size !== 'large')
) {
  console.error(
    'usage: node --import tsx scripts/bench-start.ts --dist BUILT_APP_DIR [--runs N] [--size demo|large]',
  );
  process.exit(2);
}
/** The budget of the installed app's cold offline start to an interactive home. */
const INTERACTIVE_BUDGET_MS = 1500;
const progress = (text: string) => process.stderr.write(`  · ${text}\n`);

/** Online: log in, let the first sync finish, let the service worker take control. */
async function prepare(profileDir: string, baseURL: string): Promise<void> {
  const context = await launch(profileDir, baseURL);
  try {
    await loginAndInstall(await firstPage(context));
  } finally {
    await context.close();
  }
}

/*
 * The init script goes in as text (not subject to the app's CSP). Functions run in the page
 * declare no named function inside: tsx compiles this file with esbuild's keepNames, whose
 * `__name(…)` wrappers do not exist in the page (and the CSP forbids evaluating strings).
 */

/** What counts as shown, first match wins: [selector, screen, needs the shell's role badge]. */
const SCREENS: [string, StartFigures['screen'], boolean][] = [
  ['[data-testid="lock-screen"]', 'lock', false],
  ['main h1', 'home', true],
  ['input[name="password"]', 'login', false],
];

/**
 * Runs in the page from the document's start, before any of the app's script: records long
 * tasks, and on every frame checks whether a screen of SCREENS is visible (the instant it first
 * is, and which). The bench reads both only once the page has had time to show something:
 * Playwright's own script, injected at its first call into the page, costs tens of
 * milliseconds of the throttled main thread, which would otherwise land in the start measured.
 */
const OBSERVE_START = `
  window.__longTasks = [];
  window.__shown = null;
  try {
    new PerformanceObserver(function (list) {
      for (const e of list.getEntries())
        window.__longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {
    // no long-task timing: interactive then equals shown
  }
  var screens = ${JSON.stringify(SCREENS)};
  var check = function () {
    for (var i = 0; i < screens.length; i += 1) {
      var el = document.querySelector(screens[i][0]);
      if (
        el instanceof HTMLElement &&
        el.offsetParent !== null &&
        el.offsetHeight > 0 &&
        (!screens[i][2] || document.querySelector('[data-testid="role-badge"]') !== null)
      ) {
        window.__shown = { at: performance.now(), screen: screens[i][1] };
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;

interface LongTask {
  start: number;
  end: number;
}

interface PageState {
  now: number;
  tasks: LongTask[];
  shown: { at: number; screen: StartFigures['screen'] } | null;
}

/**
 * When the bench first reads the page: past the start it measures, where the injection of
 * Playwright's script cannot delay it (a start still going on is read again every PROBE_MS).
 */
const FIRST_PROBE_MS = 3000;
/** How often the bench reads the page after that (each read is a little main-thread work). */
const PROBE_MS = 500;
/** A long task ending this close before the first read is the read's own script injection. */
const PROBE_SLACK_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface StartFigures {
  shownMs: number;
  interactiveMs: number;
  busyMs: number;
  fcpMs: number | null;
  screen: 'home' | 'lock' | 'login';
  longTasks: number;
  /** The same busy loop's time throttled ÷ unthrottled: proof the throttling held (≈ 4). */
  throttleRatio: number;
}

/** A fixed busy loop in the page, in ms. */
const busyLoop = (page: Page) =>
  page.evaluate(() => {
    const start = performance.now();
    let x = 0;
    for (let i = 0; i < 5_000_000; i += 1) x += i % 7;
    return x >= 0 ? performance.now() - start : 0;
  });

/**
 * The start of the first QUIET_MS without a long task from `shownMs` on: `shownMs` itself or
 * the end of a long task (Lighthouse's time to interactive, with a shorter window). Work the app
 * starts after such a quiet second is no longer the start's.
 */
function firstQuietSecond(shownMs: number, tasks: readonly LongTask[]): number {
  let candidate = shownMs;
  for (const task of [...tasks].sort((a, b) => a.start - b.start)) {
    if (task.end <= candidate) continue;
    if (task.start >= candidate + QUIET_MS) break;
    candidate = task.end;
  }
  return candidate;
}

async function coldStart(profileDir: string, baseURL: string): Promise<StartFigures> {
  const context = await launch(profileDir, baseURL);
  try {
    await context.setOffline(true);
    await context.addInitScript(OBSERVE_START);
    const page = await firstPage(context);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Performance.enable');
    await page.goto('/inicio', { waitUntil: 'commit', timeout: 120_000 });
    // Read from the page every PROBE_MS (the first read injects Playwright's script; the long
    // task holding that read is the bench's, not the app's).
    const readState = () =>
      page.evaluate((): PageState => {
        const w = window as unknown as {
          __longTasks?: PageState['tasks'];
          __shown?: PageState['shown'];
        };
        return { now: performance.now(), tasks: w.__longTasks ?? [], shown: w.__shown ?? null };
      });
    const deadline = Date.now() + 120_000;
    await sleep(FIRST_PROBE_MS);
    let state = await readState();
    const firstProbe = state.now;
    while (state.shown === null && Date.now() < deadline) {
      await sleep(PROBE_MS);
      state = await readState();
    }
    if (state.shown === null) throw new Error('cold start: no screen shown within 120 s');
    const { at: shownMs, screen } = state.shown;
    const appTasks = () =>
      state.tasks.filter((t) => !(t.start <= firstProbe && firstProbe <= t.end + PROBE_SLACK_MS));
    // Interactive: wait until the page has had its first quiet second from shown on (at most
    // 60 s). It may lie wholly before the bench's first read: found afterwards, from the tasks.
    const quietDeadline = Date.now() + 60_000;
    let interactiveMs = firstQuietSecond(shownMs, appTasks());
    while (state.now - interactiveMs < QUIET_MS && Date.now() < quietDeadline) {
      await sleep(200);
      state = await readState();
      interactiveMs = firstQuietSecond(shownMs, appTasks());
    }
    const metrics = await cdp.send('Performance.getMetrics');
    const busy = metrics.metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    const fcpMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    const throttled = await busyLoop(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const unthrottled = await busyLoop(page);
    return {
      throttleRatio: throttled / Math.max(unthrottled, 0.1),
      shownMs,
      interactiveMs,
      busyMs: busy * 1000,
      fcpMs,
      screen,
      longTasks: appTasks().length,
    };
  } finally {
    await context.close();
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'comonsit-bench-start-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'comonsit-bench-profile-'));
let server: BenchServer | null = null;
try {
  progress(`cold start: server on ${distDir}, ${size} set`);
  const started = await startBenchServer(distDir, dataDir, size);
  server = started;
  progress(`cold start: ${USER} logs in online, first sync, service worker installed`);
  await prepare(profileDir, started.url);
  const results: StartFigures[] = [];
  for (let i = 0; i < runs; i += 1) {
    progress(`cold start ${i + 1}/${runs}: offline, CPU ${CPU_SLOWDOWN}× slower`);
    results.push(await coldStart(profileDir, started.url));
  }
  const screens = [...new Set(results.map((r) => r.screen))].join(', ');
  const fcps = results.map((r) => r.fcpMs).filter((x): x is number => x !== null);
  const load = os.loadavg()[0]!.toFixed(1);
  const context = `${USER}, ${size} set, ${VIEWPORT.width}×${VIEWPORT.height}, CPU ${CPU_SLOWDOWN}× slower, offline after a first sync; median of ${runs} browser restarts; screen shown: ${screens}; load average ${load} on ${os.cpus().length} cores`;
  const figures: Figure[] = [
    {
      id: `start.${size}.shown`,
      metric: `Cold offline start, ${size} set: ${screens} shown`,
      value: median(results.map((r) => r.shownMs)),
      unit: 'ms',
      budget: null,
      ok: null,
    },
    {
      id: `start.${size}.interactive`,
      metric: `Cold offline start, ${size} set: interactive (then 1 s without long tasks)`,
      value: median(results.map((r) => r.interactiveMs)),
      unit: 'ms',
      budget: `≤ ${INTERACTIVE_BUDGET_MS} ms (#21)`,
      ok: median(results.map((r) => r.interactiveMs)) <= INTERACTIVE_BUDGET_MS,
      // Throttled main-thread time: what the page itself needed of the (slowed) CPU.
      cpu: median(results.map((r) => r.busyMs)),
    },
    ...(fcps.length > 0
      ? [
          {
            id: `start.${size}.fcp`,
            metric: 'Cold offline start: first contentful paint',
            value: median(fcps),
            unit: 'ms' as const,
            budget: null,
            ok: null,
          },
        ]
      : []),
  ];
  printTable(`Cold offline start (${context})`, figures);
  console.log(
    `  runs: ${results.map((r) => `${Math.round(r.interactiveMs)} ms (${r.longTasks} long tasks)`).join(', ')}`,
  );
  emitFigures({
    group: `Cold offline start, ${size} set (Chromium, phone profile)`,
    figures,
    notes: [
      context,
      'the CPU column of the interactive figure is the page main thread’s busy time (DevTools TaskDuration, throttled)',
      `throttling check: a busy loop ran ${median(results.map((r) => r.throttleRatio)).toFixed(1)}× slower throttled than unthrottled in the same page`,
    ],
  });
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
