/**
 * Debt lookup budget: the payment form's "look up the debt" of a contract with 50
 * payments answers ≤ 100 ms. Measured with the REAL code over fake-indexeddb: the contract and
 * its payments read from the replica (pending captures included, refused ones set apart) and
 * the debt computed by #domain/debt, as the phone does offline. Not the throttled Chromium
 * profile: the CPU time is printed beside the wall time.
 *
 *   node --import tsx scripts/bench-debt-lookup.ts
 */
import 'fake-indexeddb/auto';
import type { ContractReplicaRow, PaymentReplicaRow } from '#domain/credit-replica';
import { emitFigures } from './bench/report.ts';

const BUDGET_MS = 100;
const PAYMENTS = 50;
const CONTRACT = 900;

const { openUserDb, getDb } = await import('#db/database');
const { lookupDebt } = await import('#features/pagos/debt-lookup.ts');

const contract: ContractReplicaRow = {
  id: CONTRACT,
  solicitud: null,
  clave_socio: 5,
  nombres: 'Juana Gómez Cruz',
  comunidad: 7,
  nombre_comunidad: 'Bachajón',
  region: 1,
  nombre_region: 'Región 1',
  proceso: 'CF',
  tipo_credito: 'MC',
  fondo_comun: false,
  monto: '60000.00',
  plazo: 60,
  prorroga: 0,
  prorroga_justificacion: null,
  plazo_disp: '60',
  tasa: '2.5000',
  tasa_moratoria: '5.0000',
  tipo_tasa: 'FI',
  fecha_inicio: '2021-01-15',
  fecha_vencimiento: '2026-01-15',
  fecha_final: null,
  estatus: 'VI',
  estatus_detail: 'VI',
  estatus_contrato: 'DP',
  estatus_ejecucion: 'CO',
  fecha_banco: '2021-01-15',
  referencia_banco: 'TRF001',
  pagado: 0,
  deuda_al_dia: null,
  dias_vida: null,
  dias_cartera_vigente: null,
  dias_vencidos: null,
};

/** One payment a month from February 2021: 1,000 of capital and 1,500 of interest. */
function payment(i: number): PaymentReplicaRow {
  const month = new Date(Date.UTC(2021, 1 + i, 15)).toISOString().slice(0, 10);
  return {
    id: i + 1,
    credito: CONTRACT,
    fecha_pago: month,
    cantidad: '2500.00',
    abono_capital: '1000.00',
    interes_ord: '1500.00',
    interes_mor: '0.00',
    autor: 3,
    nombre_autor: 'Ana López',
    fecha_banco: null,
    referencia_banco: null,
    estatus_previo: 'VI',
    deuda_prev_total: '0.00',
    deuda_prev_capital: '0.00',
    deuda_prev_int_ord: '0.00',
    deuda_prev_int_mor: '0.00',
    capturado_en: `${month}T16:00:00.000Z`,
    tipo: 'MC',
    fondo_comun: false,
    clave_socio: 5,
    nombres: 'Juana Gómez Cruz',
    region: 1,
    nombre_region: 'Región 1',
    recibo: null,
    recibo_codigo: null,
    recibo_reemplaza: null,
  };
}

await openUserDb(7);
await getDb().contratos.put(contract);
await getDb().pagos.bulkPut(Array.from({ length: PAYMENTS }, (_, i) => payment(i)));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function trial(): Promise<{ wall: number; cpu: number; kind: string }> {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const answer = await lookupDebt(CONTRACT, '2026-11-25');
  const used = process.cpuUsage(cpuStart);
  return {
    wall: performance.now() - start,
    cpu: (used.user + used.system) / 1000,
    kind: answer.kind,
  };
}

const first = await trial(); // warm-up
if (first.kind !== 'debt') throw new Error(`the lookup found no debt (${first.kind})`);
const trials = [];
for (let i = 0; i < 15; i++) trials.push(await trial());
const wall = median(trials.map((t) => t.wall));
const cpu = median(trials.map((t) => t.cpu));
console.log(
  `Debt lookup, contract with ${PAYMENTS} payments: median ${wall.toFixed(1)} ms wall, ${cpu.toFixed(1)} ms CPU (budget ≤ ${BUDGET_MS} ms)`,
);
emitFigures({
  group: 'Receipts',
  figures: [
    {
      id: 'debtLookup.50payments.ms',
      metric: `debt lookup of a contract with ${PAYMENTS} payments`,
      value: Math.round(wall * 10) / 10,
      unit: 'ms',
      budget: `≤ ${BUDGET_MS} ms`,
      ok: wall <= BUDGET_MS,
      cpu: Math.round(cpu * 10) / 10,
      cpuOk: cpu <= BUDGET_MS,
    },
  ],
  notes: [
    'Debt lookup: measured over fake-indexeddb in Node, not on the throttled Chromium profile.',
  ],
});
process.exit(0);
