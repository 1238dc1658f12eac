/**
 * Members table budget: with 6,000 members (the large demo set) the table renders
 * from the replica and answers each search keystroke in ≤ 100 ms. Measured in jsdom with the
 * REAL DataTable, the real members columns and the real row mapping (#domain/exports), so it
 * counts React rendering, TanStack filtering and sorting — not the browser's layout or paint.
 * Prints figures beside their budgets; `--json` also writes test-results/bench-members.json.
 *
 *   node --import tsx scripts/bench-members.tsx
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { JSDOM } from 'jsdom';
import type { SocioRow } from '#db/replica-rows';
import { emitFigures, type Figure } from './bench/report.ts';

const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
const g = globalThis as Record<string, unknown>;
for (const key of ['window', 'document', 'navigator', 'HTMLElement', 'HTMLInputElement', 'Node']) {
  Object.defineProperty(g, key, {
    value: (dom.window as unknown as Record<string, unknown>)[key],
    configurable: true,
    writable: true,
  });
}
for (const key of [
  'localStorage',
  'Event',
  'KeyboardEvent',
  'MutationObserver',
  'getComputedStyle',
]) {
  g[key] ??= (dom.window as unknown as Record<string, unknown>)[key];
}
g.IS_REACT_ACT_ENVIRONMENT = true;
// React's `act` (which waits for the deferred search render too) exists only in the development
// build, which is slower than the phone's production build: the figures err on the safe side.

const MEMBERS = 6000;
const BUDGET_MS = 100;

const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
// The app's #i18n/setup reads the locales through Vite's import.meta.glob; Node reads the file.
const { default: i18n } = await import('i18next');
const { initReactI18next } = await import('react-i18next');
const es = JSON.parse(readFileSync(new URL('../locales/es.json', import.meta.url), 'utf8'));
await i18n.use(initReactI18next).init({
  lng: 'es',
  resources: { es: { translation: es } },
  interpolation: { escapeValue: false },
});
const { DataTable } = await import('#ui/data-table.tsx');
const { memberLabels, socioColumns, toSocioTableRow } =
  await import('#features/socios/socios-table.tsx');

const NAMES = ['Juana', 'Pedro', 'María', 'José', 'Rosa', 'Andrés', 'Petrona', 'Sebastián'];
const SURNAMES = ['Gómez', 'López', 'Hernández', 'Cruz', 'Álvarez', 'Méndez', 'Jiménez', 'Moreno'];
const STATUSES = ['AC', 'NP', 'BA'] as const;

function records(n: number): SocioRow[] {
  return Array.from({ length: n }, (_, i) => {
    const region = (i % 10) + 1;
    const community = (i % 60) + 1;
    const nombres = NAMES[i % NAMES.length]!;
    const paterno = SURNAMES[(i * 7) % SURNAMES.length]!;
    const materno = SURNAMES[(i * 3 + 1) % SURNAMES.length]!;
    return {
      clave_socio: i + 1,
      region,
      nombres,
      apellido_paterno: paterno,
      apellido_materno: materno,
      curp: null,
      telefono: null,
      fecha_nacimiento: '1980-01-01',
      genero: i % 2 ? 'MA' : 'FE',
      fecha_ingr_yomol_atel: '2010-01-01',
      fecha_ingr_programa: '2012-01-01',
      clave_anterior: null,
      comunidad: community,
      cargo: 1 + (i % 3),
      cargo_coop: [1 + (i % 4)],
      empresa: null,
      puesto: null,
      fuente: null,
      estatus_cafe: STATUSES[i % 3]!,
      estatus_miel: STATUSES[(i + 1) % 3]!,
      estatus_yip: STATUSES[(i + 2) % 3]!,
      estatus_trabajador: 'NP',
      estatus_comonSit: 'AC',
      doc_curp: false,
      doc_domicilio: false,
      doc_act_nac: false,
      doc_ine: false,
      doc_rfc: false,
      rfc: null,
      nombre_comunidad: `Comunidad ${community}`,
      full_name: `${nombres} ${paterno} ${materno}`,
      nombre_region: `Región ${region}`,
    };
  });
}

const labels = memberLabels(
  [1, 2, 3].map((id) => ({ id, nombre_de_cargo: `Cargo ${id}` })),
  [1, 2, 3, 4].map((id) => ({ id, nombre_cargo_coop: `Puesto ${id}` })),
);
const noPending = { waiting: new Set<string>(), attention: new Set<string>() };
const columns = socioColumns(i18n.t.bind(i18n));

const ms = (start: number) => performance.now() - start;
// CPU time of this process: what the work costs when other programs share the cores.
const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const stored = records(MEMBERS);
const container = document.getElementById('root')!;
const setValue = Object.getOwnPropertyDescriptor(
  dom.window.HTMLInputElement.prototype,
  'value',
)!.set!;

interface Trial {
  mapMs: number;
  renderMs: number;
  renderCpuMs: number;
  keystrokes: number[];
  keystrokesCpu: number[];
  firstPageRows: number;
  lastCount: string;
}

/** Mount the table over fresh rows, let it settle, type a name and erase it, unmount. */
async function trial(): Promise<Trial> {
  const mapStart = performance.now();
  const rows = stored.map((r) => toSocioTableRow(r, labels, noPending));
  const mapMs = ms(mapStart);
  const root = createRoot(container);
  const renderStart = performance.now();
  const renderCpu = process.cpuUsage();
  await act(async () => {
    root.render(
      createElement(DataTable<(typeof rows)[number]>, {
        id: 'bench-socios',
        data: rows,
        columns,
        getRowId: (row) => row.key,
        caption: 'Socios',
      }),
    );
  });
  const renderMs = ms(renderStart);
  const renderCpuMs = cpuMs(renderCpu);
  const firstPageRows = container.querySelectorAll('tbody tr').length;

  // Nobody types within milliseconds of the list appearing: let the table's idle-time warm-up
  // (normalising the searchable texts) run, as the phone would while the person reads the list.
  await new Promise((resolve) => setTimeout(resolve, 300));

  const input = container.querySelector<HTMLInputElement>('input[type="search"]')!;
  const keystrokes: number[] = [];
  const keystrokesCpu: number[] = [];
  let typed = '';
  // A surname typed letter by letter, then erased: every keystroke filters all the rows.
  for (const next of ['g', 'o', 'm', 'e', 'z', '', '', '', '', '']) {
    typed = next === '' ? typed.slice(0, -1) : typed + next;
    const start = performance.now();
    const cpu = process.cpuUsage();
    await act(async () => {
      setValue.call(input, typed);
      input.dispatchEvent(new dom.window.Event('input', { bubbles: true }));
    });
    keystrokes.push(ms(start));
    keystrokesCpu.push(cpuMs(cpu));
  }
  const lastCount = container.querySelector('.dt-page-info')?.textContent ?? '';
  await act(async () => root.unmount());
  return { mapMs, renderMs, renderCpuMs, keystrokes, keystrokesCpu, firstPageRows, lastCount };
}

const TRIALS = 5;
const trials: Trial[] = [];
for (let i = 0; i < TRIALS; i++) trials.push(await trial());

const round = (x: number) => Math.round(x * 10) / 10;
const allKeys = trials.flatMap((t) => t.keystrokes);
const allKeysCpu = trials.flatMap((t) => t.keystrokesCpu);
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
const firstRender = median(trials.map((t) => t.mapMs + t.renderMs));
const firstRenderCpu = median(trials.map((t) => t.mapMs + t.renderCpuMs));
const figures = {
  members: MEMBERS,
  trials: TRIALS,
  // os.loadavg() always holds three figures (zeros where the system has none).
  loadAverage: os.loadavg()[0] ?? 0,
  mapRowsMedianMs: round(median(trials.map((t) => t.mapMs))),
  firstRenderMedianMs: round(firstRender),
  firstRenderMs: trials.map((t) => round(t.mapMs + t.renderMs)),
  keystrokeMedianMs: round(median(allKeys)),
  keystrokeP90Ms: round(p90(allKeys)),
  keystrokeWorstMs: round(Math.max(...allKeys)),
  cpu: {
    firstRenderMedianMs: round(firstRenderCpu),
    keystrokeMedianMs: round(median(allKeysCpu)),
    keystrokeP90Ms: round(p90(allKeysCpu)),
  },
};

const verdict = (value: number) => (value <= BUDGET_MS ? 'OK' : 'OVER');
const cell = (value: number) => `${round(value)} ms`.padEnd(10);
const line = (label: string, wall: number, cpu: number | null) =>
  console.log(
    `  ${label.padEnd(38)} ${cell(wall)} ${cpu === null ? '—'.padEnd(10) : cell(cpu)} ` +
      `${BUDGET_MS} ms   ${verdict(wall)}${cpu !== null && verdict(cpu) !== verdict(wall) ? ` (CPU: ${verdict(cpu)})` : ''}`,
  );
console.log(
  `\nMembers table (jsdom, real DataTable, ${MEMBERS} members, ${TRIALS} trials, ` +
    `load average ${figures.loadAverage.toFixed(1)} on ${os.cpus().length} cores)`,
);
console.log(`  ${'metric'.padEnd(38)} ${'wall'.padEnd(10)} ${'CPU'.padEnd(10)} budget`);
console.log(
  `  ${'rows mapped from the replica, median'.padEnd(38)} ${cell(figures.mapRowsMedianMs)}`,
);
line('first render (map + table), median', firstRender, firstRenderCpu);
line(`search keystroke, median of ${allKeys.length}`, median(allKeys), median(allKeysCpu));
line('search keystroke, 90th percentile', p90(allKeys), p90(allKeysCpu));
console.log(`  ${'search keystroke, worst (wall)'.padEnd(38)} ${cell(figures.keystrokeWorstMs)}`);
console.log(
  `  (${trials[0]!.firstPageRows} rows on the first page; after erasing: ${trials[0]!.lastCount.trim()})`,
);

if (process.argv.includes('--json')) {
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bench-members.json', `${JSON.stringify(figures, null, 2)}\n`);
}

const timed = (id: string, metric: string, wall: number, cpu: number): Figure => ({
  id,
  metric,
  value: wall,
  unit: 'ms',
  budget: `≤ ${BUDGET_MS} ms`,
  ok: wall <= BUDGET_MS,
  cpu,
  cpuOk: cpu <= BUDGET_MS,
});
emitFigures({
  group: 'Lists on the phone (large set)',
  figures: [
    timed(
      'members.firstRender',
      `Members table, ${MEMBERS} members: first render, median`,
      firstRender,
      firstRenderCpu,
    ),
    timed(
      'members.keystroke',
      `Members table: search keystroke, median of ${allKeys.length}`,
      median(allKeys),
      median(allKeysCpu),
    ),
    timed(
      'members.keystrokeP90',
      'Members table: search keystroke, 90th percentile',
      p90(allKeys),
      p90(allKeysCpu),
    ),
  ],
  notes: [
    'lists measured in jsdom with the real DataTable, columns and row mapping, React development build (slower than the phone’s production build); no browser layout or paint',
  ],
});
