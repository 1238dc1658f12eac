/**
 * Credits list budget: on the phone, the credits list with the debt of today for the
 * large set (≥ 5,000 contracts, ≥ 20,000 payments) renders from the replica in ≤ 200 ms.
 * Measured in jsdom with the REAL row computation (features/creditos: payments grouped once,
 * #domain/debt per contract) and the REAL DataTable with the credits columns, so it counts the
 * debt arithmetic, React rendering and TanStack sorting — not the browser's layout or paint.
 * The rows are generated here in the replica's shapes (GET /contratos.json, /pagos.json).
 * Prints the figures beside the budget; `--json` also writes test-results/bench-creditos.json.
 *
 *   node --import tsx scripts/bench-creditos.tsx
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { JSDOM } from 'jsdom';
import type { ContratoRow, PagoRow } from '#db/replica-rows';
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

const CONTRACTS = 5_200;
const PAYMENTS_PER_STARTED = 5;
const BUDGET_MS = 200;
const TODAY = '2026-03-15';

const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { default: i18n } = await import('i18next');
const { initReactI18next } = await import('react-i18next');
const es = JSON.parse(readFileSync(new URL('../locales/es.json', import.meta.url), 'utf8'));
await i18n.use(initReactI18next).init({
  lng: 'es',
  resources: { es: { translation: es } },
  interpolation: { escapeValue: false },
});
const { addDays, addMonths } = await import('#domain/dates');
const { DataTable } = await import('#ui/data-table.tsx');
const { creditRows } = await import('#features/creditos/contract-figures.ts');
const { creditColumns } = await import('#features/creditos/creditos-columns.tsx');

const NAMES = ['Juana', 'Pedro', 'María', 'José', 'Rosa', 'Andrés', 'Petrona', 'Sebastián'];
const SURNAMES = ['Gómez', 'López', 'Hernández', 'Cruz', 'Álvarez', 'Méndez', 'Jiménez', 'Moreno'];
const TERMS = [3, 6, 9, 12, 18, 24];
const money = (cents: number) => (cents / 100).toFixed(2);

/** Contracts of every kind and their payments, in the replica's shapes. */
function generate(): { contracts: ContratoRow[]; payments: PagoRow[] } {
  const contracts: ContratoRow[] = [];
  const payments: PagoRow[] = [];
  let paymentId = 1;
  for (let i = 0; i < CONTRACTS; i += 1) {
    const id = i + 1;
    const region = (i % 10) + 1;
    const plazo = TERMS[i % TERMS.length]!;
    const started = i % 25 !== 0;
    const inicio = started ? addDays('2023-01-01', (i * 37) % 1100) : null;
    const paid = started && i % 7 === 0;
    const monto = 100_000 + ((i * 7919) % 50) * 20_000;
    const name = `${NAMES[i % 8]} ${SURNAMES[(i * 3) % 8]} ${SURNAMES[(i * 5 + 1) % 8]}`;
    const contract: ContratoRow = {
      id,
      solicitud: id,
      clave_socio: 1 + (i % 6000),
      nombres: name,
      comunidad: 1 + (i % 60),
      nombre_comunidad: `Comunidad ${1 + (i % 60)}`,
      region,
      nombre_region: `Región ${region}`,
      proceso: 'CF',
      tipo_credito: i % 40 === 0 ? 'FC' : 'MC',
      fondo_comun: i % 40 === 0,
      monto: money(monto),
      plazo,
      prorroga: i % 30 === 0 ? 2 : 0,
      prorroga_justificacion: null,
      plazo_disp: String(plazo),
      tasa: ['1.0000', '1.5000', '2.0000', '2.5000'][i % 4]!,
      tasa_moratoria: ['2.0000', '3.0000', '4.0000'][i % 3]!,
      tipo_tasa: started ? (i % 5 === 0 ? 'VA' : 'FI') : null,
      fecha_inicio: inicio,
      fecha_vencimiento: inicio ? addMonths(inicio, plazo) : null,
      fecha_final: paid ? addMonths(inicio!, PAYMENTS_PER_STARTED) : null,
      estatus: paid ? 'PA' : 'VI',
      estatus_detail: paid ? 'PA' : 'VI',
      estatus_contrato: paid ? 'PA' : 'DP',
      estatus_ejecucion: started ? 'CO' : 'PC',
      fecha_banco: inicio,
      referencia_banco: null,
      pagado: 0,
      deuda_al_dia: null,
      dias_vida: null,
      dias_cartera_vigente: null,
      dias_vencidos: null,
    };
    contracts.push(contract);
    if (!started) continue;
    const part = Math.floor(monto / 10);
    for (let k = 1; k <= PAYMENTS_PER_STARTED; k += 1) {
      const fecha = addMonths(inicio!, k);
      if (fecha > TODAY) break;
      payments.push({
        id: paymentId,
        credito: id,
        fecha_pago: fecha,
        cantidad: money(part + 1000),
        abono_capital: money(part),
        interes_ord: money(1000),
        interes_mor: '0.00',
        autor: 1,
        nombre_autor: 'Promotor',
        fecha_banco: null,
        referencia_banco: null,
        estatus_previo: 'VI',
        deuda_prev_total: money(monto),
        deuda_prev_capital: money(monto),
        deuda_prev_int_ord: money(1000),
        deuda_prev_int_mor: '0.00',
        capturado_en: null,
        tipo: contract.tipo_credito,
        fondo_comun: contract.fondo_comun,
        clave_socio: contract.clave_socio,
        nombres: contract.nombres,
        region: contract.region,
        nombre_region: contract.nombre_region,
      });
      paymentId += 1;
    }
  }
  return { contracts, payments };
}

const ms = (start: number) => performance.now() - start;
const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number) => Math.round(x * 10) / 10;

const { contracts, payments } = generate();
const columns = creditColumns(i18n.t.bind(i18n), new Set());
const container = document.getElementById('root')!;

interface Trial {
  computeMs: number;
  computeCpuMs: number;
  renderMs: number;
  renderCpuMs: number;
  sortMs: number;
  sortCpuMs: number;
  keystrokes: number[];
  keystrokesCpu: number[];
  rows: number;
  firstPageRows: number;
}

/** Compute the rows of the list from the replica and mount the table, as the screen does. */
async function trial(): Promise<Trial> {
  const computeStart = performance.now();
  const computeCpu = process.cpuUsage();
  const rows = creditRows(contracts, payments, TODAY, { fondoComun: false }).filter(
    (row) => row.withDebt,
  );
  const computeMs = ms(computeStart);
  const computeCpuMs = cpuMs(computeCpu);
  const root = createRoot(container);
  const renderStart = performance.now();
  const renderCpu = process.cpuUsage();
  await act(async () => {
    root.render(
      createElement(DataTable<(typeof rows)[number]>, {
        id: 'bench-creditos',
        data: rows,
        columns,
        getRowId: (row) => row.key,
        caption: 'Créditos',
      }),
    );
  });
  const renderMs = ms(renderStart);
  const renderCpuMs = cpuMs(renderCpu);
  const firstPageRows = container.querySelectorAll('tbody tr').length;
  // Sorting by total debt needs the debt of every listed contract: the heaviest interaction.
  const sortButton = [...container.querySelectorAll<HTMLButtonElement>('th button')].find((b) =>
    b.textContent?.startsWith('Deuda total'),
  )!;
  const sortStart = performance.now();
  const sortCpu = process.cpuUsage();
  await act(async () => {
    sortButton.dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true }));
  });
  const sortMs = ms(sortStart);
  const sortCpuMs = cpuMs(sortCpu);

  // Searching the sorted list by a member's surname, letter by letter, then erasing it. As in
  // the members benchmark, the table's idle-time warm-up runs first (nobody types at once).
  await new Promise((resolve) => setTimeout(resolve, 300));
  const input = container.querySelector<HTMLInputElement>('input[type="search"]')!;
  const setValue = Object.getOwnPropertyDescriptor(
    dom.window.HTMLInputElement.prototype,
    'value',
  )!.set!;
  const keystrokes: number[] = [];
  const keystrokesCpu: number[] = [];
  let typed = '';
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
  await act(async () => root.unmount());
  return {
    computeMs,
    computeCpuMs,
    renderMs,
    renderCpuMs,
    sortMs,
    sortCpuMs,
    keystrokes,
    keystrokesCpu,
    rows: rows.length,
    firstPageRows,
  };
}

const TRIALS = 5;
const trials: Trial[] = [];
for (let i = 0; i < TRIALS; i++) trials.push(await trial());

const total = trials.map((t) => t.computeMs + t.renderMs);
const allKeys = trials.flatMap((t) => t.keystrokes);
const allKeysCpu = trials.flatMap((t) => t.keystrokesCpu);
const totalCpu = trials.map((t) => t.computeCpuMs + t.renderCpuMs);
const figures = {
  contracts: contracts.length,
  payments: payments.length,
  rowsWithDebt: trials[0]!.rows,
  trials: TRIALS,
  // os.loadavg() always holds three figures (zeros where the system has none).
  loadAverage: os.loadavg()[0] ?? 0,
  computeMedianMs: round(median(trials.map((t) => t.computeMs))),
  firstRenderMedianMs: round(median(total)),
  firstRenderMs: total.map(round),
  sortByDebtMedianMs: round(median(trials.map((t) => t.sortMs))),
  keystrokeMedianMs: round(median(allKeys)),
  cpu: {
    computeMedianMs: round(median(trials.map((t) => t.computeCpuMs))),
    firstRenderMedianMs: round(median(totalCpu)),
    sortByDebtMedianMs: round(median(trials.map((t) => t.sortCpuMs))),
    keystrokeMedianMs: round(median(allKeysCpu)),
  },
};

const verdict = (value: number) => (value <= BUDGET_MS ? 'OK' : 'OVER');
console.log(
  `\nCredits list with debt (jsdom, real DataTable, ${contracts.length} contracts, ` +
    `${payments.length} payments, ${TRIALS} trials, load average ` +
    `${figures.loadAverage.toFixed(1)} on ${os.cpus().length} cores)`,
);
console.log(`  ${'metric'.padEnd(42)} ${'wall'.padEnd(10)} ${'CPU'.padEnd(10)} budget`);
console.log(
  `  ${'list rows from the replica, median'.padEnd(42)} ${`${figures.computeMedianMs} ms`.padEnd(10)} ` +
    `${`${figures.cpu.computeMedianMs} ms`.padEnd(10)}`,
);
const wallVerdict = verdict(figures.firstRenderMedianMs);
const cpuVerdict = verdict(figures.cpu.firstRenderMedianMs);
console.log(
  `  ${'first render (compute + table), median'.padEnd(42)} ` +
    `${`${figures.firstRenderMedianMs} ms`.padEnd(10)} ${`${figures.cpu.firstRenderMedianMs} ms`.padEnd(10)} ` +
    `${BUDGET_MS} ms   ${wallVerdict}${cpuVerdict !== wallVerdict ? ` (CPU: ${cpuVerdict})` : ''}`,
);
console.log(
  `  ${'sort by total debt (every debt), median'.padEnd(42)} ` +
    `${`${figures.sortByDebtMedianMs} ms`.padEnd(10)} ${`${figures.cpu.sortByDebtMedianMs} ms`.padEnd(10)}`,
);
console.log(
  `  ${`search keystroke, median of ${allKeys.length}`.padEnd(42)} ` +
    `${`${figures.keystrokeMedianMs} ms`.padEnd(10)} ${`${figures.cpu.keystrokeMedianMs} ms`.padEnd(10)}`,
);
console.log(
  `  (${figures.rowsWithDebt} contracts with debt listed; ${trials[0]!.firstPageRows} rows on the first page)`,
);

if (process.argv.includes('--json')) {
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bench-creditos.json', `${JSON.stringify(figures, null, 2)}\n`);
}

const info = (id: string, metric: string, wall: number, cpu: number): Figure => ({
  id,
  metric,
  value: wall,
  unit: 'ms',
  budget: null,
  ok: null,
  cpu,
});
emitFigures({
  group: 'Lists on the phone (large set)',
  figures: [
    {
      id: 'creditos.firstRender',
      metric: `Credits list with debt, ${contracts.length} contracts / ${payments.length} payments: first render, median`,
      value: figures.firstRenderMedianMs,
      unit: 'ms',
      budget: `≤ ${BUDGET_MS} ms`,
      ok: figures.firstRenderMedianMs <= BUDGET_MS,
      cpu: figures.cpu.firstRenderMedianMs,
      cpuOk: figures.cpu.firstRenderMedianMs <= BUDGET_MS,
    },
    info(
      'creditos.sortByDebt',
      'Credits list: sort by total debt, median',
      figures.sortByDebtMedianMs,
      figures.cpu.sortByDebtMedianMs,
    ),
    info(
      'creditos.keystroke',
      `Credits list: search keystroke, median of ${allKeys.length}`,
      figures.keystrokeMedianMs,
      figures.cpu.keystrokeMedianMs,
    ),
  ],
  notes: [],
});
