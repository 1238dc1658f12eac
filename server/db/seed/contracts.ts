/**
 * Demo contracts, payments and waivers (docs/business-rules.md#contracts). Deterministic for a
 * given day: dates are placed relative to today so the demo always shows current, overdue (≤30,
 * 31–180 and >180 days), paid, forgiven, extended and not-yet-activated contracts, fixed and
 * variable rates and a few shared funds. Every payment is computed with `#domain/debt` exactly as
 * POST /pagos/ would store it (parts ≤ what is owed, snapshot of the debt before it, the last
 * one of a paid contract settles it), so the stored history is always valid.
 * `large` makes ≥ 5,000 contracts and ≥ 20,000 payments for the benchmark, `xl` ten times that
 * over ten years.
 */
import { eq, inArray } from 'drizzle-orm';
import type { ContractStatus, CreditType, Process, RateType } from '#domain/codes';
import { addDays, addMonths, compareIsoDates, todayIn, type IsoDate } from '#domain/dates';
import { debtAt, dueDateFrom, statusAt, type DebtContract, type DebtPayment } from '#domain/debt';
import { present } from '#domain/guards';
import { centsToDecimalString, type Cents } from '#domain/money';
import { comunidades, condonaciones, contratos, pagos, socios, users } from '#server/db/schema';
import type { SeedContext } from './context.ts';
import { bulkInsert, takeIds } from './bulk.ts';
import { createRng, randomDate, type Rng } from './prng.ts';

const SEED = 6_006;
const DEMO_CONTRACTS = 150;
const WAIVABLE_CONTRACTS = 2;
const LARGE_CONTRACTS = 5_200;
const XL_CONTRACTS = 52_000;
const CONTRACTS: Record<SeedContext['size'], number> = {
  demo: DEMO_CONTRACTS,
  large: LARGE_CONTRACTS,
  xl: XL_CONTRACTS,
};

type Kind =
  | 'pending'
  | 'current'
  | 'extended'
  | 'overdue30'
  | 'overdue180'
  | 'overdueLong'
  | 'paid'
  | 'forgiven'
  | 'cancelled'
  // Not drawn from KINDS: all capital paid, interest still owed — ready to be waived (§6).
  | 'waivable';

const KINDS: readonly (readonly [Kind, number])[] = [
  ['pending', 6],
  ['current', 34],
  ['extended', 6],
  ['overdue30', 7],
  ['overdue180', 10],
  ['overdueLong', 8],
  ['paid', 22],
  ['forgiven', 5],
  ['cancelled', 2],
];

const TERMS = [3, 6, 6, 9, 12, 12, 18, 24] as const;
const RATES = ['1.0000', '1.5000', '2.0000', '2.5000'] as const;
const LATE_RATES = ['2.0000', '3.0000', '4.0000'] as const;
const PROCESSES: readonly Process[] = ['CF', 'CF', 'MI', 'JA', 'SL'];

interface PlannedPayment extends DebtPayment {
  estatus_previo: ContractStatus;
  deuda_prev_total: Cents;
  deuda_prev_capital: Cents;
  fecha_banco: IsoDate | null;
  referencia_banco: string | null;
}

interface PlannedContract {
  clave_socio: number;
  region: number;
  proceso: Process;
  tipo_credito: CreditType;
  debt: DebtContract;
  prorroga_justificacion: string | null;
  fecha_banco: IsoDate | null;
  referencia_banco: string | null;
  payments: PlannedPayment[];
  waiver: { fecha: IsoDate; total: Cents; ord: Cents; mor: Cents; previo: ContractStatus } | null;
}

function reference(rng: Rng): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let out = '';
  for (let i = 0; i < 10; i += 1) out += chars[rng.int(0, chars.length - 1)];
  return out;
}

/** A bank date a few days after `d` (never after today) and a reference, most of the time. */
function bankData(rng: Rng, d: IsoDate, today: IsoDate) {
  if (!rng.chance(0.7)) return { fecha_banco: null, referencia_banco: null };
  const fecha = addDays(d, rng.int(0, 3));
  return {
    fecha_banco: compareIsoDates(fecha, today) > 0 ? today : fecha,
    referencia_banco: reference(rng),
  };
}

/** Round down to whole pesos (payments are rarely in cents), at least 1 peso when possible. */
const pesos = (c: Cents) => Math.floor(c / 100) * 100;

/**
 * Record a payment at `d` computed from the debt then: all late interest, all (or, on some
 * variable-rate loans, half of the) ordinary interest, and `share` of the pending capital —
 * or the whole debt when `settle`. Returns null when nothing is owed.
 */
function pay(
  rng: Rng,
  plan: PlannedContract,
  d: IsoDate,
  share: number,
  settle: boolean,
  today: IsoDate,
): PlannedPayment | null {
  const debt = debtAt(plan.debt, plan.payments, d);
  if (!debt || debt.total_deuda <= 0) return null;
  let capital: Cents;
  let ord: Cents;
  let mor: Cents;
  if (settle) {
    capital = debt.capital_por_pagar;
    ord = debt.interes_ordinario_deuda;
    mor = debt.interes_moratorio_deuda;
  } else {
    mor = debt.interes_moratorio_deuda;
    ord =
      plan.debt.tipo_tasa === 'VA' && rng.chance(0.3)
        ? Math.floor(debt.interes_ordinario_deuda / 2)
        : debt.interes_ordinario_deuda;
    capital = Math.min(debt.capital_por_pagar, pesos(debt.capital_por_pagar * share));
  }
  const cantidad = capital + ord + mor;
  if (cantidad <= 0) return null;
  const payment: PlannedPayment = {
    fecha_pago: d,
    cantidad,
    abono_capital: capital,
    interes_ord: ord,
    interes_mor: mor,
    deuda_prev_int_ord: debt.interes_ordinario_deuda,
    deuda_prev_int_mor: debt.interes_moratorio_deuda,
    orden: plan.payments.length,
    estatus_previo: statusAt(plan.debt, d),
    deuda_prev_total: debt.total_deuda,
    deuda_prev_capital: debt.capital_por_pagar,
    ...bankData(rng, d, today),
  };
  plan.payments.push(payment);
  if (settle) {
    plan.debt = { ...plan.debt, estatus: 'PA', fecha_final: d };
  }
  return payment;
}

/** `n` sorted dates strictly inside (from, to], at least a day apart when the span allows. */
function paymentDates(rng: Rng, from: IsoDate, to: IsoDate, n: number): IsoDate[] {
  if (compareIsoDates(to, from) <= 0) return [];
  const first = addDays(from, 1);
  const dates = Array.from({ length: n }, () => randomDate(rng, first, to));
  return [...new Set(dates)].sort(compareIsoDates);
}

/** Start date for a loan whose due date falls `daysPastDue` days before today. */
function startForOverdue(today: IsoDate, plazo: number, daysPastDue: number): IsoDate {
  return addMonths(addDays(today, -daysPastDue), -plazo);
}

/** The start date of a started loan of `kind` (it sets where its due date falls). */
function startDate(
  rng: Rng,
  kind: Kind,
  plazo: number,
  today: IsoDate,
  historyMonths: number,
): IsoDate {
  switch (kind) {
    case 'current':
      // Started within the term: due date still ahead.
      return randomDate(rng, addDays(addMonths(today, -plazo), 2), addDays(today, -5));
    case 'extended':
      return randomDate(
        rng,
        addDays(addMonths(today, -plazo), -40),
        addDays(addMonths(today, -plazo), -5),
      );
    case 'overdue30':
      return startForOverdue(today, plazo, rng.int(1, 30));
    case 'overdue180':
      return startForOverdue(today, plazo, rng.int(31, 180));
    case 'overdueLong':
      return startForOverdue(today, plazo, rng.int(181, 700));
    default:
      // Paid or forgiven: started one to four (xl: ten) years ago.
      return randomDate(rng, addMonths(today, -historyMonths), addMonths(today, -(plazo + 1)));
  }
}

function planContract(
  rng: Rng,
  kind: Kind,
  member: { clave_socio: number; region: number },
  today: IsoDate,
  fondoComun: boolean,
  extraPayments: number,
  /** How far back settled loans started: four years, ten for the xl set. */
  historyMonths = 48,
): PlannedContract {
  const plazo = rng.pick(TERMS);
  const tipoTasa: RateType = rng.chance(0.6) ? 'FI' : 'VA';
  const monto = rng.int(2, 60) * 50_000; // 1,000 to 30,000 pesos in steps of 500
  const base: DebtContract = {
    monto,
    tasa: rng.pick(RATES),
    tasa_moratoria: rng.pick(LATE_RATES),
    tipo_tasa: null,
    plazo,
    prorroga: 0,
    fecha_inicio: null,
    estatus: 'DP',
    estatus_ejecucion: 'PC',
    fecha_final: null,
  };
  const plan: PlannedContract = {
    clave_socio: member.clave_socio,
    region: member.region,
    proceso: rng.pick(PROCESSES),
    tipo_credito: fondoComun ? 'FC' : rng.chance(0.8) ? 'MC' : 'CP',
    debt: base,
    prorroga_justificacion: null,
    fecha_banco: null,
    referencia_banco: null,
    payments: [],
    waiver: null,
  };
  if (kind === 'pending') return plan;
  if (kind === 'cancelled') {
    plan.debt = { ...base, estatus_ejecucion: 'CA' };
    return plan;
  }

  const start = startDate(rng, kind, plazo, today, historyMonths);
  const prorroga = kind === 'extended' ? rng.int(2, 6) : 0;
  plan.debt = {
    ...base,
    tipo_tasa: tipoTasa,
    fecha_inicio: start,
    estatus_ejecucion: 'CO',
    prorroga,
  };
  if (prorroga > 0) plan.prorroga_justificacion = 'Pérdida de cosecha por lluvias';
  Object.assign(plan, bankData(rng, start, today));

  if (kind === 'paid' || kind === 'forgiven' || kind === 'waivable') {
    const due = dueDateFrom(start, plan.debt);
    const end = randomDate(rng, addDays(start, 40), compareIsoDates(due, today) < 0 ? due : today);
    const dates = paymentDates(rng, start, addDays(end, -1), rng.int(1, 5) + extraPayments);
    dates.forEach((d, i) => pay(rng, plan, d, 1 / (dates.length - i + 1), false, today));
    if (kind === 'paid') {
      pay(rng, plan, end, 1, true, today);
    } else {
      // All capital paid, the interest still owed is forgiven.
      const last = debtAt(plan.debt, plan.payments, end);
      if (last && last.capital_por_pagar > 0) {
        const debt = last;
        plan.payments.push({
          fecha_pago: end,
          cantidad: debt.capital_por_pagar,
          abono_capital: debt.capital_por_pagar,
          interes_ord: 0,
          interes_mor: 0,
          deuda_prev_int_ord: debt.interes_ordinario_deuda,
          deuda_prev_int_mor: debt.interes_moratorio_deuda,
          orden: plan.payments.length,
          estatus_previo: statusAt(plan.debt, end),
          deuda_prev_total: debt.total_deuda,
          deuda_prev_capital: debt.capital_por_pagar,
          ...bankData(rng, end, today),
        });
      }
      if (kind === 'waivable') return plan;
      const waiverDay = end;
      const rest = present(debtAt(plan.debt, plan.payments, waiverDay), 'the forgiven debt');
      plan.waiver = {
        fecha: waiverDay,
        total: rest.total_deuda,
        ord: rest.interes_ordinario_deuda,
        mor: rest.interes_moratorio_deuda,
        previo: statusAt(plan.debt, waiverDay),
      };
      plan.debt = { ...plan.debt, estatus: 'CN', fecha_final: waiverDay };
    }
    return plan;
  }

  // Still pending: a few payments that never settle.
  const count = (kind === 'overdueLong' ? rng.int(0, 3) : rng.int(1, 5)) + extraPayments;
  for (const d of paymentDates(rng, start, addDays(today, -1), count)) {
    pay(rng, plan, d, rng.chance(0.5) ? 0.2 : 0.1, false, today);
  }
  return plan;
}

async function insertPlans(ctx: SeedContext, plans: PlannedContract[], authors: Authors) {
  const money = centsToDecimalString;
  const contractIds = await takeIds(ctx.db, contratos, contratos.id, plans.length);
  const idOf = (i: number): number => present(contractIds[i], 'a taken contract id');
  await bulkInsert(
    ctx.db,
    contratos,
    plans.map((p, i) => ({
      id: idOf(i),
      solicitud: null,
      clave_socio: p.clave_socio,
      proceso: p.proceso,
      tipo_credito: p.tipo_credito,
      fondo_comun: p.tipo_credito === 'FC',
      monto: money(p.debt.monto),
      plazo: p.debt.plazo,
      prorroga: p.debt.prorroga,
      prorroga_justificacion: p.prorroga_justificacion,
      tasa: String(p.debt.tasa),
      tasa_moratoria: String(p.debt.tasa_moratoria),
      tipo_tasa: p.debt.tipo_tasa,
      fecha_inicio: p.debt.fecha_inicio,
      fecha_final: p.debt.fecha_final,
      estatus: p.debt.estatus,
      estatus_ejecucion: p.debt.estatus_ejecucion,
      fecha_banco: p.fecha_banco,
      referencia_banco: p.referencia_banco,
    })),
  );
  const paymentRows = plans.flatMap((p, i) =>
    p.payments.map((m) => ({
      credito: idOf(i),
      fecha_pago: m.fecha_pago,
      cantidad: money(m.cantidad),
      abono_capital: money(m.abono_capital),
      interes_ord: money(m.interes_ord),
      interes_mor: money(m.interes_mor),
      autor: authors.forRegion(p.region),
      fecha_banco: m.fecha_banco,
      referencia_banco: m.referencia_banco,
      estatus_previo: m.estatus_previo,
      deuda_prev_total: money(m.deuda_prev_total),
      deuda_prev_capital: money(m.deuda_prev_capital),
      deuda_prev_int_ord: money(m.deuda_prev_int_ord),
      deuda_prev_int_mor: money(m.deuda_prev_int_mor),
    })),
  );
  await bulkInsert(ctx.db, pagos, paymentRows);
  const waivers = plans.flatMap((p, i) =>
    p.waiver
      ? [
          {
            credito: idOf(i),
            fecha: p.waiver.fecha,
            autor: authors.manager,
            total: money(p.waiver.total),
            interes_ord: money(p.waiver.ord),
            interes_mor: money(p.waiver.mor),
            estatus_previo: p.waiver.previo,
            justificacion: 'Capital pagado; intereses condonados por contingencia',
          },
        ]
      : [],
  );
  await bulkInsert(ctx.db, condonaciones, waivers);
  return { contracts: contractIds.length, payments: paymentRows.length };
}

interface Authors {
  manager: number;
  forRegion(region: number): number;
}

async function loadAuthors(ctx: SeedContext): Promise<Authors> {
  const rows = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['gerente', 'coordinador', 'promotor', 'promotor2']));
  const id = (name: string) => {
    const row = rows.find((r) => r.username === name);
    if (!row) throw new Error(`demo seed: contracts need the user ${name}`);
    return row.id;
  };
  const byRegion = new Map([
    [1, id('promotor')],
    [2, id('promotor2')],
  ]);
  const office = id('coordinador');
  return { manager: id('gerente'), forRegion: (region) => byRegion.get(region) ?? office };
}

/** Seed contracts with payments and waivers (runs after the demo users exist). */
export async function seedContracts(
  ctx: SeedContext,
  options: { today?: IsoDate } = {},
): Promise<{ contracts: number; payments: number }> {
  const today = options.today ?? todayIn();
  const rng = createRng(SEED);
  const members = await ctx.db
    .select({ clave_socio: socios.clave_socio, region: comunidades.region })
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .orderBy(socios.clave_socio);
  if (members.length === 0) return { contracts: 0, payments: 0 };
  const total = CONTRACTS[ctx.size];
  // The benchmark sets need ≥ 4 payments per contract on average.
  const extra = ctx.size === 'demo' ? 0 : 2;
  const historyMonths = ctx.years > 5 ? ctx.years * 12 : 48;
  const plans: PlannedContract[] = [];
  for (let i = 0; i < total; i += 1) {
    const kind = rng.weighted(KINDS);
    const fondoComun = rng.chance(0.06);
    plans.push(planContract(rng, kind, rng.pick(members), today, fondoComun, extra, historyMonths));
  }
  const authors = await loadAuthors(ctx);
  // Oldest start first, so ids grow with the start date like real approvals.
  plans.sort((a, b) =>
    compareIsoDates(a.debt.fecha_inicio ?? '9999-12-31', b.debt.fecha_inicio ?? '9999-12-31'),
  );
  plans.push(...waivablePlans(members, today, extra));
  return insertPlans(ctx, plans, authors);
}

/**
 * Contracts a manager can waive today (docs/business-rules.md#waiver: DP, collected, no capital
 * left, interest still owed), appended after the others with their own random stream so that the
 * rest of the demo set keeps its ids and figures.
 */
function waivablePlans(
  members: readonly { clave_socio: number; region: number }[],
  today: IsoDate,
  extra: number,
): PlannedContract[] {
  const rng = createRng(SEED + 1);
  const plans: PlannedContract[] = [];
  for (let tries = 0; plans.length < WAIVABLE_CONTRACTS && tries < 50; tries += 1) {
    const plan = planContract(rng, 'waivable', rng.pick(members), today, false, extra);
    const debt = debtAt(plan.debt, plan.payments, today);
    if (debt && debt.capital_por_pagar === 0 && debt.total_deuda > 0) plans.push(plan);
  }
  return plans;
}
