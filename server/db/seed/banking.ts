/**
 * Demo banks, the accounting chart (sub-accounts with the fixed ids of
 * docs/business-rules.md#bank-reconciliation-and-accounting plus a few hand-chosen ones for
 * "Otros") and a reconciled history: every contribution/withdrawal, payment and disbursement of the
 * demo is booked against a bank movement except the most recent few of each kind, which stay
 * pending so /banco-form has something to reconcile. The records come from the same mapping POST
 * /mov-bancos/ uses, so balances are what the app would book.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { BankDataType, SubaccountType } from '#domain/codes';
import { addMonths, todayIn, type IsoDate } from '#domain/dates';
import { present } from '#domain/guards';
import { centsToDecimalString, parseMoney, type Cents } from '#domain/money';
import {
  bancos,
  contratos,
  movimientos,
  movimientosBanco,
  pagos,
  registrosContables,
  subcuentas,
  users,
} from '#server/db/schema';
import {
  disbursementRecord,
  movementRecord,
  otherRecord,
  paymentRecords,
  type PlannedRecord,
} from '#server/services/bank-mapping';
import { theRow } from '#server/db/conditions';
import type { SeedContext } from './context.ts';
import { bulkInsert, takeIds } from './bulk.ts';

/** How many of the latest items of each kind stay unreconciled in the demo. */
export const PENDING_IN_DEMO = { movimientos: 12, pagos: 15, ejercicios: 4, fondosComunes: 2 };

const SAVINGS = 'ahorro';
const CREDIT = 'credito';
type Account = typeof SAVINGS | typeof CREDIT;

const BANKS = [
  {
    key: SAVINGS,
    nombre: 'Banorte',
    nombre_cuenta: 'Ahorro de socios',
    numero_cuenta: '0412345678',
    clabe: '072100004123456781',
    externo: false,
  },
  {
    key: CREDIT,
    nombre: 'BBVA',
    nombre_cuenta: 'Microcrédito',
    numero_cuenta: '0198765432',
    clabe: '012100001987654329',
    externo: false,
  },
  {
    key: 'externa',
    nombre: 'Caja Popular Mexicana',
    nombre_cuenta: 'Cuenta de un aliado (externa)',
    numero_cuenta: '5500112233',
    clabe: '',
    externo: true,
  },
] as const;

type ChartLine = [
  id: number,
  account: Account,
  idContable: string,
  nombre: string,
  tipo: SubaccountType,
  sistema: boolean,
];

/** The chart: system lines keep the ids the mapping books to; the rest are chosen on "Otros". */
export const DEMO_CHART: readonly ChartLine[] = [
  [2, CREDIT, '5101-01', 'Ejercicio de crédito productores', 'EG', true],
  [3, CREDIT, '1103-01', 'Abono a capital vigente productores', 'IN', true],
  [4, CREDIT, '5101-02', 'Ejercicio de crédito trabajadores', 'EG', true],
  [5, CREDIT, '1103-02', 'Abono a capital vigente trabajadores', 'IN', true],
  [6, CREDIT, '1104-01', 'Abono a capital vencido productores', 'IN', true],
  [7, CREDIT, '1104-02', 'Abono a capital vencido trabajadores', 'IN', true],
  [17, SAVINGS, '2101-01', 'Aportación ordinaria productores', 'IN', true],
  [18, SAVINGS, '2101-02', 'Retiro ordinario productores', 'EG', true],
  [19, SAVINGS, '2102-01', 'Aportación ordinaria trabajadores', 'IN', true],
  [20, SAVINGS, '2102-02', 'Retiro ordinario trabajadores', 'EG', true],
  [21, SAVINGS, '2103-01', 'Aportación extraordinaria productores', 'IN', true],
  [22, SAVINGS, '2103-02', 'Retiro extraordinario productores', 'EG', true],
  [23, SAVINGS, '2104-01', 'Aportación extraordinaria trabajadores', 'IN', true],
  [24, SAVINGS, '2104-02', 'Retiro extraordinario trabajadores', 'EG', true],
  [25, CREDIT, '4101-01', 'Intereses ordinarios cobrados', 'IN', true],
  [26, CREDIT, '4101-02', 'Intereses moratorios cobrados', 'IN', true],
  [35, CREDIT, '5102-01', 'Ejercicio de fondo común', 'EG', true],
  [36, CREDIT, '1105-01', 'Abono a capital de fondo común', 'IN', true],
  [40, CREDIT, '5201-01', 'Comisiones bancarias (microcrédito)', 'EG', false],
  [41, CREDIT, '4201-01', 'Intereses bancarios (microcrédito)', 'IN', false],
  [42, SAVINGS, '5201-02', 'Comisiones bancarias (ahorro)', 'EG', false],
  [43, SAVINGS, '4201-02', 'Rendimientos de inversión (ahorro)', 'IN', false],
  [44, CREDIT, '5301-01', 'Gastos de operación', 'EG', false],
  [45, CREDIT, '4301-01', 'Donativos y apoyos recibidos', 'IN', false],
  [46, SAVINGS, '3101-01', 'Traspasos entre cuentas', 'IE', false],
  [47, CREDIT, '3201-01', 'Fondeo del programa de microcrédito', 'IN', false],
];

const cents = (text: string): Cents => {
  const value = parseMoney(text);
  if (value === null) throw new Error(`demo seed: not money ${text}`);
  return value;
};

interface Booking {
  referencia_banco: string;
  fecha: IsoDate;
  tipo: BankDataType;
  referencia_alf: string | null;
  records: PlannedRecord[];
}

const compact = (d: IsoDate) => d.replaceAll('-', '');

/** Group items by a key, keeping first-seen order. */
/** Items grouped by key, in first-seen order; a group is never empty. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, [T, ...T[]]> {
  const out = new Map<string, [T, ...T[]]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

async function movementBookings(ctx: SeedContext): Promise<Booking[]> {
  const rows = await ctx.db
    .select({
      id: movimientos.id,
      fecha: movimientos.fecha_entrega,
      monto: movimientos.monto,
      aportacion: movimientos.aportacion,
      ordinario: movimientos.ordinario,
      proceso: movimientos.proceso,
    })
    .from(movimientos)
    .orderBy(desc(movimientos.fecha_entrega), desc(movimientos.id));
  const booked = rows.slice(PENDING_IN_DEMO.movimientos);
  // One deposit (or one withdrawal) per day, as the office takes the day's cash to the bank.
  return [...groupBy(booked, (m) => `${m.fecha}|${m.aportacion ? 'A' : 'R'}`).values()].map(
    (items) => ({
      referencia_banco: `${items[0].aportacion ? 'AP' : 'RE'}${compact(items[0].fecha)}`,
      fecha: items[0].fecha,
      tipo: 'Movimientos',
      referencia_alf: null,
      records: items.map((m) => movementRecord({ ...m, monto: cents(m.monto) })),
    }),
  );
}

async function paymentBookings(ctx: SeedContext): Promise<Booking[]> {
  const rows = await ctx.db
    .select({
      id: pagos.id,
      fecha: pagos.fecha_pago,
      abono_capital: pagos.abono_capital,
      interes_ord: pagos.interes_ord,
      interes_mor: pagos.interes_mor,
      estatus_previo: pagos.estatus_previo,
      proceso: contratos.proceso,
      fondo_comun: contratos.fondo_comun,
    })
    .from(pagos)
    .innerJoin(contratos, eq(pagos.credito, contratos.id))
    .orderBy(desc(pagos.fecha_pago), desc(pagos.id));
  const booked = rows.slice(PENDING_IN_DEMO.pagos);
  return [...groupBy(booked, (p) => p.fecha).values()].map((items) => ({
    referencia_banco: `PG${compact(items[0].fecha)}`,
    fecha: items[0].fecha,
    tipo: 'Pagos',
    referencia_alf: null,
    records: items.flatMap((p) =>
      paymentRecords({
        ...p,
        abono_capital: cents(p.abono_capital),
        interes_ord: cents(p.interes_ord),
        interes_mor: cents(p.interes_mor),
      }),
    ),
  }));
}

async function disbursementBookings(ctx: SeedContext): Promise<Booking[]> {
  const rows = await ctx.db
    .select({
      id: contratos.id,
      fecha_inicio: contratos.fecha_inicio,
      fecha_banco: contratos.fecha_banco,
      monto: contratos.monto,
      proceso: contratos.proceso,
      fondo_comun: contratos.fondo_comun,
    })
    .from(contratos)
    .where(eq(contratos.estatus_ejecucion, 'CO'))
    .orderBy(desc(contratos.fecha_inicio), desc(contratos.id));
  const regular = rows.filter((c) => !c.fondo_comun).slice(PENDING_IN_DEMO.ejercicios);
  const shared = rows.filter((c) => c.fondo_comun).slice(PENDING_IN_DEMO.fondosComunes);
  return [...regular, ...shared].map((c) => ({
    referencia_banco: `EJ${c.id}`,
    fecha: c.fecha_banco ?? present(c.fecha_inicio, `the start of contract ${c.id}`),
    tipo: c.fondo_comun ? 'FondosComunes.EjCredito' : 'EjCredito',
    referencia_alf: `Ejercicio del crédito ${c.id}`,
    records: [disbursementRecord({ ...c, monto: cents(c.monto) })],
  }));
}

/** Monthly bank fees on both accounts and quarterly interest, for the last two (xl: ten) years. */
function otherBookings(today: IsoDate, months: number): Booking[] {
  const out: Booking[] = [];
  for (let i = months; i >= 1; i -= 1) {
    const fecha = `${addMonths(today, -i).slice(0, 7)}-05`;
    const month = compact(fecha).slice(0, 6);
    out.push({
      referencia_banco: `COMC${month}`,
      fecha,
      tipo: 'Otros',
      referencia_alf: 'Comisión por manejo de cuenta',
      records: [otherRecord(40, 25_000, false)],
    });
    out.push({
      referencia_banco: `COMA${month}`,
      fecha,
      tipo: 'Otros',
      referencia_alf: 'Comisión por manejo de cuenta',
      records: [otherRecord(42, 18_000, false)],
    });
    if (i % 3 === 0)
      out.push({
        referencia_banco: `REND${month}`,
        fecha,
        tipo: 'Otros',
        referencia_alf: 'Rendimientos del trimestre',
        records: [otherRecord(43, 310_000 + i * 1_250, true)],
      });
  }
  return out;
}

const byDate = (a: Booking, b: Booking) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0);

const FUNDING_SUBACCOUNT = 47;
const FUNDING_STEP: Cents = 100_000_00;

/**
 * The microcredit account lends before it collects: a funding deposit on the first booking day
 * keeps its running balance above a cushion, as the cooperative's real capital does.
 */
function creditFunding(bookings: readonly Booking[]): Booking | null {
  const credit = new Set(DEMO_CHART.filter(([, account]) => account === CREDIT).map(([id]) => id));
  let running = 0;
  let lowest = 0;
  for (const booking of bookings)
    for (const record of booking.records) {
      if (!credit.has(record.subcuenta)) continue;
      running += record.ingr_egr ? record.cantidad : -record.cantidad;
      lowest = Math.min(lowest, running);
    }
  const first = bookings[0];
  if (!first) return null;
  const amount = Math.ceil((FUNDING_STEP * 2 - lowest) / FUNDING_STEP) * FUNDING_STEP;
  return {
    referencia_banco: `FONDEO${compact(first.fecha)}`,
    fecha: first.fecha,
    tipo: 'Otros',
    referencia_alf: 'Capital del programa de microcrédito',
    records: [otherRecord(FUNDING_SUBACCOUNT, amount, true)],
  };
}

export async function seedBanking(ctx: SeedContext, options: { today?: IsoDate } = {}) {
  const today = options.today ?? todayIn();
  const bankIds = new Map<string, number>();
  for (const bank of BANKS) {
    const { key, ...values } = bank;
    const rows = await ctx.db.insert(bancos).values(values).returning({ id: bancos.id });
    bankIds.set(key, theRow(rows, 'bank').id);
  }
  await ctx.db.insert(subcuentas).values(
    DEMO_CHART.map(([id, account, id_contable, nombre, tipo, sistema]) => ({
      id,
      banco: present(bankIds.get(account), `bank ${account}`),
      id_contable,
      nombre,
      tipo,
      sistema,
    })),
  );
  // Explicit ids: move the sequence past them so a sub-account added later gets a fresh one.
  await ctx.db.execute(
    sql`SELECT setval(pg_get_serial_sequence('subcuentas', 'id'), (SELECT max(id) FROM subcuentas))`,
  );

  const [office] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'coordinador'));
  if (!office) throw new Error('demo seed: banking needs the user coordinador');

  const bookings = [
    ...(await movementBookings(ctx)),
    ...(await paymentBookings(ctx)),
    ...(await disbursementBookings(ctx)),
    ...otherBookings(today, ctx.years > 5 ? ctx.years * 12 : 24),
  ].sort(byDate);
  const funding = creditFunding(bookings);
  if (funding) bookings.unshift(funding);

  const bookingIds = await takeIds(ctx.db, movimientosBanco, movimientosBanco.id, bookings.length);
  const idOf = (i: number): number => present(bookingIds[i], 'a taken booking id');
  await bulkInsert(
    ctx.db,
    movimientosBanco,
    bookings.map((b, i) => ({
      id: idOf(i),
      referencia_banco: b.referencia_banco,
      fecha: b.fecha,
      cantidad: centsToDecimalString(b.records.reduce((sum, r) => sum + r.cantidad, 0)),
      referencia_alf: b.referencia_alf,
      tipo: b.tipo,
      ingr_egr: present(b.records[0], 'a booking record').ingr_egr,
      usuario: office.id,
    })),
  );
  const records = bookings.flatMap((b, i) =>
    b.records.map((r) => ({
      ...r,
      cantidad: centsToDecimalString(r.cantidad),
      movimiento_banco: idOf(i),
      fecha: b.fecha,
      usuario: office.id,
    })),
  );
  await bulkInsert(ctx.db, registrosContables, records);
  return { movements: bookings.length, records: records.length };
}
