/**
 * Receipt budget: the receipt is on screen ≤ 300 ms after confirming. Measured in
 * jsdom over fake-indexeddb with the REAL code: the number and code allocated in the device
 * database, the receipt kept with the savings balance after it (the member's movements read and
 * counted as the phone does), and the receipt view rendered until its total in words is on
 * screen. Not the throttled Chromium profile: CPU time is printed beside the wall time, and a
 * 4× throttle would multiply roughly the CPU part.
 *
 *   node --import tsx scripts/bench-receipt.tsx
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { emitFigures } from './bench/report.ts';

const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
const g = globalThis as Record<string, unknown>;
for (const key of ['window', 'document', 'navigator', 'HTMLElement', 'Node']) {
  Object.defineProperty(g, key, {
    value: Reflect.get(dom.window, key),
    configurable: true,
    writable: true,
  });
}
g.IS_REACT_ACT_ENVIRONMENT = true;

const BUDGET_MS = 300;
const MOVEMENTS = 400;

const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { MemoryRouter } = await import('react-router-dom');
const { default: i18n } = await import('i18next');
const { initReactI18next } = await import('react-i18next');
const es = JSON.parse(readFileSync(new URL('../locales/es.json', import.meta.url), 'utf8'));
await i18n.use(initReactI18next).init({
  lng: 'es',
  resources: { es: { translation: es } },
  interpolation: { escapeValue: false },
});
const { openUserDb, getDb } = await import('#db/database');
const { allocateReceipt, issueReceipt } = await import('#commands/receipts');
const { ReceiptView } = await import('#features/recibos/receipt-view.tsx');

await openUserDb(7);
const member = 5;
const rows = Array.from({ length: MOVEMENTS }, (_, i) => ({
  id: i + 1,
  clave_socio: member,
  nombre_socio: 'Juana Gómez Cruz',
  region: 1,
  nombre_region: 'Región 1',
  comunidad: 1,
  nombre_comunidad: 'Bachajón',
  fecha_entrega: '2025-01-05',
  monto: '100.00',
  proceso: 'CF' as const,
  aportacion: i % 4 !== 0,
  ordinario: true,
  tipo_de_movimiento: 'EF' as const,
  fecha_banco: null,
  referencia_banco: null,
  responsable_entrega: null,
  recibo: null,
  recibo_codigo: null,
  recibo_reemplaza: null,
}));
await getDb().movimientos.bulkPut(rows);

const container = document.getElementById('root')!;
const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function trial(n: number): Promise<{ wall: number; cpu: number }> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const ids = await allocateReceipt(7, null);
  const receipt = await issueReceipt({
    number: ids.recibo!,
    code: ids.recibo_codigo!,
    replaces: null,
    subject: 'aportacion',
    mutationId: `bench-${n}`,
    date: '2025-01-06',
    promoter: { id: 7, name: 'Luis Pérez' },
    member: { clave: member, name: 'Juana Gómez Cruz' },
    credito: null,
    proceso: 'CF',
    lines: [{ label: 'recibos.line.contribution', cents: 50_000 }],
    total: 50_000,
  });
  const root = createRoot(container);
  await act(async () => {
    root.render(createElement(MemoryRouter, null, createElement(ReceiptView, { receipt })));
  });
  while (!container.querySelector('[data-testid="receipt-words"]')) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 1)));
  }
  const result = { wall: performance.now() - start, cpu: cpuMs(cpu) };
  await act(async () => root.unmount());
  return result;
}

await trial(0); // warm-up: module code and React's first render
const trials = [];
for (let i = 1; i <= 7; i++) trials.push(await trial(i));
const wall = median(trials.map((t) => t.wall));
const cpu = median(trials.map((t) => t.cpu));
console.log(
  `Receipt on screen after confirming (jsdom, ${MOVEMENTS} movements of the member): median ${wall.toFixed(1)} ms wall, ${cpu.toFixed(1)} ms CPU (budget ≤ ${BUDGET_MS} ms)`,
);
emitFigures({
  group: 'Receipts',
  figures: [
    {
      id: 'receipt.onScreen.ms',
      metric: `receipt on screen after confirming (${MOVEMENTS} movements)`,
      value: Math.round(wall * 10) / 10,
      unit: 'ms',
      budget: `≤ ${BUDGET_MS} ms`,
      ok: wall <= BUDGET_MS,
      cpu: Math.round(cpu * 10) / 10,
      cpuOk: cpu <= BUDGET_MS,
    },
  ],
  notes: ['Receipt: measured in jsdom over fake-indexeddb, not on the throttled Chromium profile.'],
});
process.exit(0);
