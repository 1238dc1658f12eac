/**
 * Office screens in Chromium on the large data set: "each office screen
 * interactive ≤ 500 ms after an in-app navigation and ≤ 1.5 s after a reload; /bancos records
 * for a year ≤ 500 ms". The coordinator logs in at a desk (1366×850, no throttling: the office's
 * computer) and syncs the large set once; then, for each screen, `--runs N` times (default 3):
 *
 * - in-app: from the click on the side menu's link (on the home) to the first animation frame in
 *   which the new screen has its title, no spinner, and — for a list — a row of data. The click
 *   comes once the app has started and settled, as a person at the desk reads the home first:
 *   the app's ahead-of-need work (#app/screens' preloadScreens: from AFTER_START_MS on, the
 *   menu's screens fetched and their big lists read, one by one) has ended — the page says so —
 *   and then half a second has passed with nothing to do (QUIET_IDLE_PERIODS whole idle
 *   periods in a row). A click in the page's first seconds is the reload's case;
 * - reload: from the start of the page load (`performance.timeOrigin`) to the same frame;
 *
 * and on /bancos, from the click on "Buscar" with the last year's dates to the frame showing
 * its records. Medians beside the budgets; nothing is asserted.
 *
 *   node --import tsx scripts/bench-office-screens.ts --dist DIR [--runs N]
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { AFTER_START_MS } from '#app/idle-after-start.ts';
import { addDays, todayIn } from '#domain/dates';
import {
  firstPage,
  launchPhone,
  loginAndInstall,
  median,
  startBenchServer,
  type BenchServer,
} from './bench/chromium-phone.ts';
import { sendFieldWork } from './bench/field-work.ts';
import { emitFigures, printTable, type Figure } from './bench/report.ts';

const NAVIGATION_BUDGET_MS = 500;
const RELOAD_BUDGET_MS = 1500;
const BANK_YEAR_BUDGET_MS = 500;
/** Whole idle periods (≈ 50 ms each) in a row before a click: the app has settled. */
const QUIET_IDLE_PERIODS = 10;
/** Acopios each demo promoter sends before the office logs in (the inbox's rows). */
const FIELD_WRITES_PER_PROMOTER = 1500;
const DESK = { width: 1366, height: 850 };
const USER = 'coordinador';

/** [path, a list whose rows must be on screen] — the office screens of the side menu. */
const SCREENS: readonly (readonly [string, boolean])[] = [
  ['/inicio', false],
  ['/solicitudes', true],
  ['/creditos', true],
  ['/pagos', true],
  ['/carteras', true],
  ['/bancos', true],
  ['/acopios', true],
  ['/movimientos', false],
  ['/socios', true],
  ['/reportes', false],
  ['/sincronizacion', false],
  // The field inbox, with the promoters' field work sent before the login.
  ['/bandeja', true],
];

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const distDir = path.resolve(option('--dist') ?? 'dist');
const runs = Number(option('--runs') ?? 3);
/** `--only /bandeja,/pagos`: just these screens (and no /bancos year search unless named). */
const only = option('--only')?.split(',');
if (!existsSync(path.join(distDir, 'index.html')) || !Number.isInteger(runs) || runs < 1) {
  console.error(
    'usage: node --import tsx scripts/bench-office-screens.ts --dist BUILT_APP_DIR [--runs N≥1]',
  );
  process.exit(2);
}
const progress = (text: string) => process.stderr.write(`  · ${text}\n`);

/*
 * In the page, as text (tsx's keepNames wrappers do not exist there): `__screenReady(path,
 * rows)` resolves with performance.now() at the first animation frame in which the screen of
 * `path` is ready — on that path, a screen not marked as the one before, with its title, no
 * spinner and, for a list, a row of data (a row of more than one cell: the empty-list row has
 * one).
 */
const READY_PROBE = `
  window.__screenReady = function (path, rows) {
    return new Promise(function (resolve, reject) {
      var start = performance.now();
      function ready() {
        if (location.pathname !== path) return false;
        var screen = document.querySelector('#main .screen:not([data-bench-before])');
        if (!screen || !screen.querySelector('h1')) return false;
        if (document.querySelector('#main .spinner-ring')) return false;
        return !rows || screen.querySelector('.dt-table tbody tr td + td, .inbox-table tbody tr td + td') !== null;
      }
      function tick() {
        if (ready()) resolve(performance.now());
        else if (performance.now() - start > 60000) {
          var spinner = document.querySelector('#main .spinner-ring');
          reject(new Error('not ready: ' + path + ' at ' + location.pathname + (spinner
            ? ', spinner in ' + (spinner.closest('section, div[class]') || spinner).outerHTML.slice(0, 300)
            : ', no spinner')));
        }
        else requestAnimationFrame(tick);
      }
      tick();
    });
  };
  // Resolves once the page is afterStartMs old, the app has fetched and read its menu's screens
  // ahead (data-screens-ahead) and then quietPeriods whole idle periods (about 50 ms each,
  // nothing scheduled) have followed one another; work in between starts again.
  window.__appSettled = function (afterStartMs, quietPeriods) {
    return new Promise(function (resolve) {
      var quiet = 0;
      function watch() {
        requestIdleCallback(function (deadline) {
          var ahead = document.documentElement.dataset.screensAhead === 'done';
          quiet = ahead && deadline.timeRemaining() >= 45 ? quiet + 1 : 0;
          if (quiet >= quietPeriods) resolve(performance.now());
          else watch();
        }, { timeout: 1000 });
      }
      setTimeout(watch, Math.max(0, afterStartMs - performance.now()));
    });
  };
  // /bancos: click "Buscar"; resolves with the ms until the search has run (its button was
  // busy) and the records of the new range are on screen.
  window.__bankSearch = function () {
    var button = document.querySelector('[data-testid="bank-search"]');
    if (!button) return Promise.reject(new Error('no search button'));
    return new Promise(function (resolve, reject) {
      var start = performance.now();
      var seenBusy = false;
      // The busy state may last less than a frame: watch the attribute itself.
      var watch = new MutationObserver(function () {
        if (button.getAttribute('aria-busy') === 'true') seenBusy = true;
      });
      watch.observe(button, { attributes: true, attributeFilter: ['aria-busy'] });
      function tick() {
        var done =
          seenBusy &&
          !document.querySelector('#main .spinner-ring') &&
          document.querySelector('.bank-records .dt-table tbody tr td + td') !== null;
        if (done) {
          watch.disconnect();
          resolve(performance.now() - start);
        } else if (performance.now() - start > 60000) reject(new Error('bank search never ended'));
        else requestAnimationFrame(tick);
      }
      button.click();
      requestAnimationFrame(tick);
    });
  };
`;

const screenReady = (page: Page, screenPath: string, rows: boolean): Promise<number> =>
  page.evaluate(
    ([p, r]) => {
      const probe: unknown = Reflect.get(window, '__screenReady');
      if (typeof probe !== 'function') throw new Error('no ready probe');
      return Promise.resolve(probe(p, r)).then(Number);
    },
    [screenPath, rows] as const,
  );

/**
 * From the home (from the profile for the home itself), the side menu's link to `screenPath`:
 * ms from the click to the ready frame.
 */
/** When each in-app click's page had settled (ms after its load). */
const settleTimes: number[] = [];

async function viaMenu(page: Page, screenPath: string, rows: boolean): Promise<number> {
  const origin = screenPath === '/inicio' ? '/perfil' : '/inicio';
  await page.goto(origin);
  await screenReady(page, origin, false);
  const settledAt = await page.evaluate(
    ([afterStartMs, quietPeriods]) => {
      const settled: unknown = Reflect.get(window, '__appSettled');
      if (typeof settled !== 'function') throw new Error('no settle probe');
      return Promise.resolve(settled(afterStartMs, quietPeriods)).then(Number);
    },
    [AFTER_START_MS, QUIET_IDLE_PERIODS] as const,
  );
  settleTimes.push(settledAt);

  return page.evaluate(
    ([p, r]) => {
      const link = document.querySelector(`nav a[href="${p}"]`);
      if (!(link instanceof HTMLElement)) throw new Error(`no menu link to ${p}`);
      document.querySelector('#main .screen')?.setAttribute('data-bench-before', '');
      const probe: unknown = Reflect.get(window, '__screenReady');
      if (typeof probe !== 'function') throw new Error('no ready probe');
      const start = performance.now();
      link.click();
      return Promise.resolve(probe(p, r)).then((at) => Number(at) - start);
    },
    [screenPath, rows] as const,
  );
}

/** A reload of `screenPath`: ms from the start of the page load to the ready frame. */
async function afterReload(page: Page, screenPath: string, rows: boolean): Promise<number> {
  await page.goto(screenPath, { waitUntil: 'commit' });
  return screenReady(page, screenPath, rows);
}

/** /bancos: the last year's records, from the click on "Buscar" to the frame showing them. */
async function bankYear(page: Page): Promise<number> {
  await page.goto('/bancos');
  await screenReady(page, '/bancos', true);
  const today = todayIn();
  await page.locator('input[name="initialDate"]').fill(addDays(today, -365));
  await page.locator('input[name="finalDate"]').fill(today);
  return page.evaluate(() => {
    const search: unknown = Reflect.get(window, '__bankSearch');
    if (typeof search !== 'function') throw new Error('no bank probe');
    return Promise.resolve(search()).then(Number);
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'comonsit-bench-office-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'comonsit-bench-office-profile-'));
let server: BenchServer | null = null;
try {
  progress(`office screens: server on ${distDir}, large set (seeding takes a few minutes)`);
  server = await startBenchServer(distDir, dataDir, 'large');
  progress(`office screens: the promoters send ${FIELD_WRITES_PER_PROMOTER} acopios each`);
  const field = await sendFieldWork(server.url, FIELD_WRITES_PER_PROMOTER);
  const context = await launchPhone(profileDir, server.url, DESK);
  try {
    await context.addInitScript({ content: READY_PROBE });
    const page = await firstPage(context);
    progress(`office screens: ${USER} logs in, first sync of the large set`);
    await loginAndInstall(page, USER, 900_000, 'CO');
    const figures: Figure[] = [];
    for (const [screenPath, rows] of SCREENS.filter(([p]) => !only || only.includes(p))) {
      progress(`office screens: ${screenPath} (${runs}× in-app, ${runs}× reload)`);
      const nav: number[] = [];
      const reload: number[] = [];
      for (let i = 0; i < runs; i += 1) nav.push(await viaMenu(page, screenPath, rows));
      for (let i = 0; i < runs; i += 1) reload.push(await afterReload(page, screenPath, rows));
      const navMs = median(nav);
      const reloadMs = median(reload);
      figures.push(
        {
          id: `office.nav.${screenPath}`,
          metric: `${screenPath} after an in-app navigation (max ${Math.round(Math.max(...nav))} ms)`,
          value: navMs,
          unit: 'ms',
          budget: `≤ ${NAVIGATION_BUDGET_MS} ms`,
          ok: navMs <= NAVIGATION_BUDGET_MS,
        },
        {
          id: `office.reload.${screenPath}`,
          metric: `${screenPath} after a reload (max ${Math.round(Math.max(...reload))} ms)`,
          value: reloadMs,
          unit: 'ms',
          budget: `≤ ${RELOAD_BUDGET_MS} ms`,
          ok: reloadMs <= RELOAD_BUDGET_MS,
        },
      );
    }
    const bank: number[] = [];
    if (!only || only.includes('/bancos')) {
      progress(`office screens: /bancos, the last year's records (${runs}×)`);
      for (let i = 0; i < runs; i += 1) bank.push(await bankYear(page));
    }
    if (bank.length > 0) {
      const bankMs = median(bank);
      figures.push({
        id: 'office.bancos.year',
        metric: `/bancos records of the last year, from "Buscar" (max ${Math.round(Math.max(...bank))} ms)`,
        value: bankMs,
        unit: 'ms',
        budget: `≤ ${BANK_YEAR_BUDGET_MS} ms`,
        ok: bankMs <= BANK_YEAR_BUDGET_MS,
      });
    }
    const load = os.loadavg()[0]!.toFixed(1);
    const setting = `${USER}, ${DESK.width}×${DESK.height}, no throttling, large set and ${field.sent} field writes (${field.refused} refused); median of ${runs}; in-app clicks once the app had settled, ${(median(settleTimes) / 1000).toFixed(1)} s (median) after the page load; load average ${load} on ${os.cpus().length} cores`;
    printTable(`Office screens in Chromium (${setting})`, figures);
    emitFigures({ group: 'Office screens (Chromium, large set)', figures, notes: [setting] });
  } finally {
    await context.close();
  }
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
