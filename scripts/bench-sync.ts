// IndexedDB for Dexie in Node: must be installed before any module imports Dexie.
import 'fake-indexeddb/auto';
/**
 * The sync benchmark (budgets: docs/performance.md#budgets-and-current-figures): the real server in
 * this process (fresh PGlite, demo or large seed, 127.0.0.1) and the real phone engine over
 * fake-indexeddb, with a measuring proxy between them. Prints every figure beside its budget;
 * nothing is asserted. `--json` also writes test-results/bench-sync.json; `--commands N`
 * changes the push size (default 500, the budget's); each push drain stops after `--cap`
 * seconds (default 40: past the 30 s budget the verdict is known) so a slow engine cannot make
 * the run endless, `--full` lifts the cap; `--only pull|push` runs one half, `--only 3g` only
 * the 3G link's figures (300 ms RTT, 1.6/0.75 Mb/s, simulated in the proxy); `--latency MS`
 * changes the latency added to each push request (default 100, the budget's; 0 shows the
 * phone's and server's own cost per command).
 *
 * `--only xl` seeds the xl set (minutes) and measures only a promoter's first pull on 3G (≤ 30 s)
 * and the manager's first pull (docs/performance.md#the-xl-set). `--only tenth` measures that
 * same budget on a copy of a tenth of xl without seeding xl: the manager's whole large set
 * (about one xl region's records) on 3G, with the time split into server, wire and phone.
 * The 3G first pulls ask for what Chromium accepts (`gzip, deflate, br, zstd`).
 *
 *   npx tsx scripts/bench-sync.ts [--json] [--commands N] [--cap SECONDS | --full]
 *                                 [--only pull|push|3g|xl|tenth] [--latency MS]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PULL_DEFAULT_LIMIT } from '#domain/sync-protocol';
import type { SeedSize } from '#server/db/seed';
import { startBenchServer, type BenchServer } from './bench/sync-server.ts';
import { openPhone } from './bench/phone.ts';
import { emitFigures, info, printTable, writeJson, type Figure } from './bench/report.ts';
import {
  measurePull,
  pushIndependent,
  pushProfileChain,
  type PullFigures,
  type PushFigures,
} from './bench/scenarios.ts';
import { LINK_3G, startWireProxy, wireMs, type WireProxy } from './bench/wire-proxy.ts';

const PULL_BUDGET_MS = 5_000;
const DELTA_BUDGET_BYTES = 1024;
const PUSH_BUDGET_MS = 30_000;
const PUSH_BUDGET_COMMANDS = 500;
const BUDGET_LATENCY_MS = 100;
const DEFAULT_CAP_S = 40;
/** The budget on the 3G link: 500 queued writes, a chain of 500 edits and a first pull ≤ 5 s. */
const LINK_3G_BUDGET_MS = 5_000;
/** A promoter's first pull of the xl set (a tenth of it) on the 3G link. */
const XL_PROMOTER_3G_BUDGET_MS = 30_000;
/** What Chromium (the phones' browser) accepts: the server picks among these. */
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** The figures `npm run bench` puts in its one table (the rest stay in this script's own). */
const REPORTED =
  /^(pull\..*\.(ms|requests|bytes|rows)|push\..*\.(ms|effects)|link3g\..*\.(ms|effects|requests))$/;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const writeJsonFile = process.argv.includes('--json');
const commands = Number(option('--commands') ?? PUSH_BUDGET_COMMANDS);
/** Each push drain is stopped after this long (its figure then reads OVER); --full: no cap. */
const capMs = process.argv.includes('--full')
  ? 86_400_000
  : Number(option('--cap') ?? DEFAULT_CAP_S) * 1000;
const only = option('--only');
/** Added to every push request by the proxy; the budget is for 100 ms. */
const latencyMs = Number(option('--latency') ?? BUDGET_LATENCY_MS);
const valid =
  Number.isInteger(commands) &&
  commands > 0 &&
  capMs > 0 &&
  Number.isInteger(latencyMs) &&
  latencyMs >= 0 &&
  (only === undefined || ['pull', 'push', '3g', 'xl', 'tenth'].includes(only));
if (!valid) {
  console.error(
    'usage: tsx scripts/bench-sync.ts [--json] [--commands N] [--cap SECONDS | --full] [--only pull|push|3g|xl|tenth] [--latency MS]',
  );
  process.exit(2);
}

const figures: Figure[] = [];
const notes: string[] = [];
const progress = (text: string) => process.stderr.write(`  · ${text}\n`);

function firstPull(id: string, label: string, f: PullFigures, budgeted: boolean): void {
  figures.push(
    {
      id: `${id}.ms`,
      metric: `${label}: time`,
      value: f.ms,
      unit: 'ms',
      budget: budgeted ? '≤ 5 s' : null,
      ok: budgeted ? f.ms <= PULL_BUDGET_MS : null,
      cpu: f.cpuMs,
      cpuOk: budgeted ? f.cpuMs <= PULL_BUDGET_MS : null,
    },
    info(`${id}.serverMs`, `${label}: of which server`, f.serverMs, 'ms'),
    {
      id: `${id}.requests`,
      metric: `${label}: requests`,
      value: f.requests,
      unit: 'count',
      budget: `1 per page (${f.pages})`,
      ok: f.requests === f.pages,
    },
    info(
      `${id}.bytes`,
      `${label}: bytes on the wire (${f.encodings.join(', ')})`,
      f.bytes,
      'bytes',
    ),
    info(`${id}.textBytes`, `${label}: JSON before compression`, f.textBytes, 'bytes'),
    info(`${id}.rows`, `${label}: rows`, f.rows, 'count'),
  );
}

function deltaPull(id: string, label: string, f: PullFigures): void {
  figures.push(
    {
      id: `${id}.ms`,
      metric: `${label}: time`,
      value: f.ms,
      unit: 'ms',
      budget: null,
      ok: null,
      cpu: f.cpuMs,
    },
    {
      id: `${id}.requests`,
      metric: `${label}: requests`,
      value: f.requests,
      unit: 'count',
      budget: '1',
      ok: f.requests === 1,
    },
    {
      id: `${id}.bytes`,
      metric: `${label}: answer bytes`,
      value: f.bytes,
      unit: 'bytes',
      budget: '< 1 KB',
      ok: f.bytes < DELTA_BUDGET_BYTES,
    },
  );
}

function push(id: string, label: string, f: PushFigures, budgetMs: number | null): void {
  // Exactly one effect per acknowledged command, and (uncapped) every command acknowledged.
  const onePerSent = f.effects === f.sent && f.distinctEffects === f.sent;
  const complete = f.sent === f.commands;
  const stopped = f.capped ? ` (stopped at the cap, ${f.sent} of ${f.commands} sent)` : '';
  figures.push(
    {
      id: `${id}.ms`,
      metric: `${label}: time${stopped}`,
      value: f.ms,
      unit: 'ms',
      budget: budgetMs === null ? null : `≤ ${budgetMs / 1000} s`,
      ok: budgetMs === null ? null : complete && f.ms <= budgetMs,
      // Mostly waiting on the added latency: the CPU time is for information, never the verdict.
      cpu: f.cpuMs,
    },
    {
      id: `${id}.effects`,
      metric: `${label}: effects on the server`,
      value: f.effects,
      unit: 'count',
      // The budgeted push must deliver every command once; a push past its cap (the one-chain
      // push, unbudgeted) once per command it did send.
      budget: budgetMs === null ? `one per sent command (${f.sent})` : `exactly ${f.commands}`,
      ok: onePerSent && (complete || budgetMs === null) && f.lastWins !== false,
    },
    info(`${id}.requests`, `${label}: write requests`, f.requests, 'count'),
    info(`${id}.serverMsPerWrite`, `${label}: server time per write`, f.serverMsPerWrite, 'ms'),
    info(
      `${id}.perCommandMs`,
      `${label}: wall time per sent command`,
      f.sent > 0 ? f.ms / f.sent : 0,
      'ms',
    ),
    info(`${id}.enqueueMs`, `${label}: queueing all of them on the phone`, f.enqueueMs, 'ms'),
    info(
      `${id}.lastEnqueueMs`,
      `${label}: one save (enqueue) with the queue full`,
      f.lastEnqueueMs,
      'ms',
    ),
    info(
      `${id}.scanMs`,
      `${label}: one live-outbox read (liveRows) with the queue full`,
      f.scanMs,
      'ms',
    ),
  );
  if (!onePerSent)
    notes.push(
      `${label}: ${f.effects} effects (${f.distinctEffects} distinct) for ${f.sent} acknowledged commands`,
    );
  if (f.lastWins === false) notes.push(`${label}: the server's final state is not the last edit`);
}

/** First pull then a delta pull for one user on one server. */
async function pulls(
  server: BenchServer,
  proxy: WireProxy,
  size: SeedSize,
  username: string,
): Promise<void> {
  const phone = await openPhone(server.url, proxy.url, username);
  try {
    progress(`${size}: first pull as ${username}`);
    firstPull(
      `pull.${size}.${username}.first`,
      `Pull ${size} from empty (${username})`,
      await measurePull(phone, proxy),
      size === 'demo',
    );
    deltaPull(
      `pull.${size}.${username}.delta`,
      `Pull ${size}, nothing changed (${username})`,
      await measurePull(phone, proxy),
    );
  } finally {
    await phone.close();
  }
}

async function pushes(server: BenchServer, proxy: WireProxy): Promise<void> {
  const budgeted = commands === PUSH_BUDGET_COMMANDS && latencyMs === BUDGET_LATENCY_MS;
  const budget = budgeted ? PUSH_BUDGET_MS : null;
  proxy.latencyMs = latencyMs;
  try {
    // A fresh phone per run: a run stopped at the cap leaves unsent rows behind.
    let phone = await openPhone(server.url, proxy.url, 'promotor');
    try {
      progress(`push of ${commands} independent commands, +${latencyMs} ms per request`);
      push(
        `push.independent.latency${latencyMs}`,
        `Push ${commands}, +${latencyMs} ms, independent chains`,
        await pushIndependent(phone, proxy, server.notes, commands, capMs),
        budget,
      );
    } finally {
      await phone.close();
    }
    phone = await openPhone(server.url, proxy.url, 'promotor');
    try {
      progress(`push of ${commands} profile edits (one chain), +${latencyMs} ms per request`);
      push(
        `push.profile.latency${latencyMs}`,
        `Push ${commands}, +${latencyMs} ms, profile PATCH, one chain`,
        await pushProfileChain(phone, proxy, server.db, commands, capMs),
        null,
      );
    } finally {
      await phone.close();
    }
  } finally {
    proxy.latencyMs = 0;
  }
}

const link3g = `300 ms RTT, ${LINK_3G.downBitsPerS / 1e6} Mb/s down, ${LINK_3G.upBitsPerS / 1e6} Mb/s up`;

/** The pushes on the 3G link (the budget's 500 commands, both shapes). */
async function pushes3g(server: BenchServer, proxy: WireProxy): Promise<void> {
  proxy.link = LINK_3G;
  try {
    const runs = [
      ['independent', 'independent chains', pushIndependent] as const,
      ['profile', 'profile PATCH, one chain', pushProfileChain] as const,
    ];
    for (const [id, label, run] of runs) {
      const phone = await openPhone(server.url, proxy.url, 'promotor');
      try {
        progress(`3G: push of ${PUSH_BUDGET_COMMANDS} commands, ${label}`);
        const f =
          run === pushIndependent
            ? await pushIndependent(phone, proxy, server.notes, PUSH_BUDGET_COMMANDS, capMs)
            : await pushProfileChain(phone, proxy, server.db, PUSH_BUDGET_COMMANDS, capMs);
        const upMs = wireMs(f.requestBytes, LINK_3G.upBitsPerS);
        push(
          `link3g.push.${id}`,
          `3G: push ${PUSH_BUDGET_COMMANDS}, ${label}`,
          f,
          LINK_3G_BUDGET_MS,
        );
        figures.push(
          info(
            `link3g.push.${id}.wireMs`,
            `3G: push ${PUSH_BUDGET_COMMANDS}, ${label}: wire limit (${f.requestBytes} B up ÷ bandwidth + ${f.requests} round trips)`,
            upMs + f.requests * LINK_3G.rttMs,
            'ms',
          ),
        );
      } finally {
        await phone.close();
      }
    }
  } finally {
    proxy.link = null;
  }
}

/** A first pull on the 3G link, beside its wire limit (bytes ÷ bandwidth). */
async function pull3g(
  server: BenchServer,
  proxy: WireProxy,
  size: SeedSize,
  username: string,
  /** The time budget, ms (null: the wire limit is shown instead). */
  budgetMs: number | null,
): Promise<void> {
  proxy.link = LINK_3G;
  proxy.acceptEncoding = CHROMIUM_ACCEPT_ENCODING;
  const phone = await openPhone(server.url, proxy.url, username);
  try {
    progress(`3G: ${size}: first pull as ${username}`);
    const f = await measurePull(phone, proxy);
    const limitMs = wireMs(f.bytes, LINK_3G.downBitsPerS);
    const wireTotalMs = limitMs + f.requests * LINK_3G.rttMs;
    const id = `link3g.pull.${size}.${username}`;
    const label = `3G: pull ${size} from empty (${username})`;
    figures.push(
      {
        id: `${id}.ms`,
        metric: `${label}: time`,
        value: f.ms,
        unit: 'ms',
        budget:
          budgetMs !== null
            ? `≤ ${budgetMs / 1000} s`
            : `wire limit ${(limitMs / 1000).toFixed(1)} s`,
        ok: budgetMs !== null ? f.ms <= budgetMs : null,
        cpu: f.cpuMs,
        cpuOk: budgetMs !== null ? f.cpuMs <= budgetMs : null,
      },
      info(
        `${id}.wireMs`,
        `${label}: wire limit (${f.bytes} B ÷ bandwidth + ${f.requests} round trips)`,
        limitMs + f.requests * LINK_3G.rttMs,
        'ms',
      ),
      info(`${id}.serverMs`, `${label}: of which the server answering its pages`, f.serverMs, 'ms'),
      info(
        `${id}.phoneMs`,
        `${label}: of which the phone (time − server − wire: reading and writing its copy)`,
        Math.max(0, f.ms - f.serverMs - wireTotalMs),
        'ms',
      ),
      info(`${id}.requests`, `${label}: pages`, f.requests, 'count'),
      info(`${id}.rows`, `${label}: records`, f.rows, 'count'),
      info(
        `${id}.bytes`,
        `${label}: bytes on the wire (${f.encodings.join(', ')}; ${(f.textBytes / 1e6).toFixed(1)} MB of JSON)`,
        f.bytes,
        'bytes',
      ),
    );
  } finally {
    await phone.close();
    proxy.link = null;
    proxy.acceptEncoding = 'gzip';
  }
}

async function onServer(
  size: SeedSize,
  run: (server: BenchServer, proxy: WireProxy) => Promise<void>,
): Promise<void> {
  progress(`${size}: migrating and seeding a fresh PGlite`);
  const server = await startBenchServer(size);
  notes.push(
    `${size} seed: ${server.members} members, seeded in ${(server.seedMs / 1000).toFixed(1)} s`,
  );
  const proxy = await startWireProxy(server.url);
  try {
    await run(server, proxy);
  } finally {
    await proxy.close();
    await server.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log('\nSync benchmark (real server on 127.0.0.1, real engine over fake-indexeddb)');
  if (only === 'xl') {
    // The xl set (docs/performance.md#the-xl-set): a promoter's first pull (one region of ten)
    // on 3G against its budget, and the manager's whole copy over the loopback.
    await onServer('xl', async (server, proxy) => {
      await pull3g(server, proxy, 'xl', 'promotor', XL_PROMOTER_3G_BUDGET_MS);
      await pulls(server, proxy, 'xl', 'gerente');
    });
    notes.push(`3G profile: ${link3g}, simulated in the proxy`);
    report(started, 'Sync, xl set');
    return;
  }
  if (only === 'tenth') {
    await onServer('large', async (server, proxy) => {
      await pull3g(server, proxy, 'large', 'gerente', XL_PROMOTER_3G_BUDGET_MS);
    });
    notes.push(`3G profile: ${link3g}, simulated in the proxy`);
    report(started, 'Sync, a tenth of xl');
    return;
  }
  const classic = only !== '3g';
  await onServer('demo', async (server, proxy) => {
    if (only !== 'push' && classic) {
      await pulls(server, proxy, 'demo', 'promotor');
      await pulls(server, proxy, 'demo', 'gerente');
    }
    if (only !== 'pull' && classic) await pushes(server, proxy);
    if (only !== 'push') await pull3g(server, proxy, 'demo', 'promotor', LINK_3G_BUDGET_MS);
    if (only !== 'pull') await pushes3g(server, proxy);
  });
  if (only !== 'push')
    await onServer('large', async (server, proxy) => {
      if (classic) {
        await pulls(server, proxy, 'large', 'promotor');
        await pulls(server, proxy, 'large', 'gerente');
      }
      await pull3g(server, proxy, 'large', 'gerente', null);
    });
  notes.push(`3G profile (docs/performance.md#measuring): ${link3g}, simulated in the proxy`);
  report(started);
}

function report(started: number, group = 'Sync'): void {
  notes.push(
    `pull page limit ${PULL_DEFAULT_LIMIT} rows; promotor = one region's scope, gerente = the whole cooperative`,
    'bytes = answer bodies as the server sent them (gzip requested; the 3G first pulls ask for what Chromium accepts), HTTP headers not counted',
    ...(only === 'pull'
      ? []
      : [
          `the one-chain push has no budget of its own: ${commands} × ${latencyMs} ms of latency alone is ${(commands * latencyMs) / 1000} s`,
        ]),
    `total run ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  printTable('Sync figures', figures);
  for (const note of notes) console.log(`  note: ${note}`);
  emitFigures({
    group,
    figures: figures.filter((f) => REPORTED.test(f.id)),
    notes: notes.filter((n) => !n.startsWith('total run')),
  });
  if (writeJsonFile) {
    const file = fileURLToPath(new URL('../test-results/bench-sync.json', import.meta.url));
    writeJson(file, figures, notes);
    console.log(`\nWrote ${path.relative(process.cwd(), file)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  // What was measured before the failure is still worth reading (an xl run takes half an hour).
  if (figures.length > 0) printTable('Sync figures measured before the failure', figures);
  process.exitCode = 1;
});
