/**
 * Every figure the original computed on its credits, recomputed by this product from the
 * imported rows, read back through this product's own loaders (services/credit-bulk.ts):
 *
 * - each payment's debt snapshot (`deuda_prev_*`) and `estatus_previo`: `debtAt` at the
 *   payment's date with the payments before it, the contract as it stood before (pending);
 * - each waiver's forgiven amounts: `debtAt` at the waiver's date;
 * - each contract's stored status against its payments: DP still owes, PA was settled to zero
 *   on `fecha_final`, CN has its waiver on `fecha_final` with no capital left;
 * - each contract's status today, against the original's rule applied by SQL to its own rows.
 *
 * `total_deuda` one cent below the original's counts as equal: the original truncated the
 * full-precision total, this product sums the three truncated parts
 * (docs/business-rules.md#debt-arithmetic accepts both); how many such totals there were is a
 * footnote.
 */
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import { compareIsoDates, type IsoDate } from '#domain/dates';
import {
  debtAt,
  DebtDateError,
  statusAt,
  type Debt,
  type DebtContract,
  type DebtPayment,
} from '#domain/debt';
import type { Db } from '#server/db/client';
import { condonaciones, pagos } from '#server/db/schema';
import { loadContractsBulk, loadDebtPaymentsBulk } from '#server/services/credit-bulk';
import type { ContractRecord } from '#server/services/credit-records';
import type { MapContext } from './context.ts';
import { readJsonRows, type SourceDb } from './source.ts';
import { pesos, storedCents, targetRows, type Verification } from './verification.ts';

const OFFICE = { role: 'GE', region: null } as const;

export const FIGURES = {
  total: 'payment deuda_prev_total',
  capital: 'payment deuda_prev_capital',
  ord: 'payment deuda_prev_int_ord',
  mor: 'payment deuda_prev_int_mor',
  previo: 'payment estatus_previo',
  waiver: 'waiver amounts (total, ordinary, late, estatus_previo)',
  stored: 'contract stored status (DP owes, PA settled, CN forgiven)',
  today: 'contract status today',
} as const;

/** The contract as it stood while pending (before the payment that settled it, or its waiver). */
const pending = (c: DebtContract): DebtContract => ({ ...c, estatus: 'DP', fecha_final: null });

function debtOrNull(c: DebtContract, payments: readonly DebtPayment[], d: IsoDate): Debt | null {
  try {
    return debtAt(c, payments, d);
  } catch (error) {
    if (error instanceof DebtDateError) return null;
    throw error;
  }
}

/** Totals agree, or the original's is one cent above this product's sum of truncated parts. */
function totalsAgree(original: number | null, product: number | null, partsEqual: boolean) {
  if (original === product) return { equal: true, oneCent: false };
  const oneCent = partsEqual && original !== null && product !== null && original - product === 1;
  return { equal: oneCent, oneCent };
}

const snapshotRow = z.object({
  id: z.number(),
  credito: z.number(),
  total: z.string(),
  capital: z.string(),
  ord: z.string(),
  mor: z.string(),
  previo: z.string(),
});

const waiverRow = z.object({
  id: z.number(),
  credito: z.number(),
  fecha: z.string(),
  total: z.string(),
  ord: z.string(),
  mor: z.string(),
  previo: z.string(),
});

interface Loaded {
  contracts: ContractRecord[];
  payments: Map<number, DebtPayment[]>;
}

async function loadImported(tx: Db, ctx: MapContext): Promise<Loaded> {
  const imported = ctx.ids('contratos_contratocredito').imported;
  const [all, payments] = await Promise.all([
    loadContractsBulk(tx, OFFICE, sql`true`),
    loadDebtPaymentsBulk(tx, OFFICE, sql`true`),
  ]);
  return { contracts: all.filter((c) => imported.has(c.id)), payments };
}

function verifySnapshots(
  v: Verification,
  ctx: MapContext,
  loaded: Loaded,
  snapshots: Map<number, z.infer<typeof snapshotRow>>,
): number {
  const imported = ctx.ids('pagos_pago').imported;
  // A snapshot the original left empty was computed by this product: nothing to compare.
  const computed = new Set(
    ctx.log.notes
      .filter((n) => n.table === 'pagos_pago' && n.kind.startsWith('debt snapshot empty'))
      .map((n) => Number(n.id)),
  );
  let oneCent = 0;
  for (const figure of [FIGURES.total, FIGURES.capital, FIGURES.ord, FIGURES.mor, FIGURES.previo])
    v.figure(figure);
  for (const contract of loaded.contracts) {
    const list = loaded.payments.get(contract.id) ?? [];
    const before = pending(contract.debt);
    list.forEach((payment, index) => {
      const id = payment.orden;
      const stored = snapshots.get(id);
      if (!stored || !imported.has(id) || computed.has(id)) return;
      const debt = debtOrNull(before, list.slice(0, index), payment.fecha_pago);
      const row = `payment ${id} (contract ${contract.id}, ${payment.fecha_pago})`;
      const original = {
        total: storedCents(stored.total),
        capital: storedCents(stored.capital),
        ord: storedCents(stored.ord),
        mor: storedCents(stored.mor),
      };
      const product = {
        total: debt?.total_deuda ?? null,
        capital: debt?.capital_por_pagar ?? null,
        ord: debt?.interes_ordinario_deuda ?? null,
        mor: debt?.interes_moratorio_deuda ?? null,
      };
      const partsEqual = (['capital', 'ord', 'mor'] as const).every(
        (k) => original[k] === product[k],
      );
      const total = totalsAgree(original.total, product.total, partsEqual);
      if (total.oneCent) oneCent += 1;
      v.compare(FIGURES.total, row, pesos(original.total), pesos(product.total), total.equal);
      for (const k of ['capital', 'ord', 'mor'] as const)
        v.compare(FIGURES[k], row, pesos(original[k]), pesos(product[k]));
      const status = debt ? statusAt(before, payment.fecha_pago) : '—';
      v.compare(FIGURES.previo, row, stored.previo, status);
    });
  }
  return oneCent;
}

function verifyWaivers(
  v: Verification,
  ctx: MapContext,
  loaded: Loaded,
  waivers: z.infer<typeof waiverRow>[],
): number {
  const imported = ctx.ids('pagos_condonacion').imported;
  const contracts = new Map(loaded.contracts.map((c) => [c.id, c]));
  let oneCent = 0;
  v.figure(FIGURES.waiver);
  for (const w of waivers) {
    const contract = contracts.get(w.credito);
    if (!imported.has(w.id) || !contract) continue;
    const before = pending(contract.debt);
    const payments = (loaded.payments.get(w.credito) ?? []).filter(
      (p) => compareIsoDates(p.fecha_pago, w.fecha) <= 0,
    );
    const debt = debtOrNull(before, payments, w.fecha);
    const row = `waiver ${w.id} (contract ${w.credito}, ${w.fecha})`;
    const ord = storedCents(w.ord);
    const mor = storedCents(w.mor);
    const partsEqual =
      ord === (debt?.interes_ordinario_deuda ?? null) &&
      mor === (debt?.interes_moratorio_deuda ?? null);
    const total = totalsAgree(storedCents(w.total), debt?.total_deuda ?? null, partsEqual);
    if (total.oneCent) oneCent += 1;
    const original = `total ${w.total}, ordinary ${w.ord}, late ${w.mor}, ${w.previo}`;
    const product = debt
      ? `total ${pesos(debt.total_deuda)}, ordinary ${pesos(debt.interes_ordinario_deuda)}, late ${pesos(debt.interes_moratorio_deuda)}, ${statusAt(before, w.fecha)}`
      : 'no debt at that date';
    v.compare(
      FIGURES.waiver,
      row,
      original,
      product,
      debt !== null && total.equal && partsEqual && w.previo === statusAt(before, w.fecha),
    );
  }
  return oneCent;
}

function verifyStoredStatus(
  v: Verification,
  loaded: Loaded,
  waivers: z.infer<typeof waiverRow>[],
  today: IsoDate,
): void {
  const waiverOf = new Map(waivers.map((w) => [w.credito, w]));
  v.figure(FIGURES.stored);
  for (const contract of loaded.contracts) {
    const c = contract.debt;
    const payments = loaded.payments.get(contract.id) ?? [];
    const row = `contract ${contract.id}`;
    if (c.estatus === 'DP') {
      if (c.estatus_ejecucion !== 'CO' || !c.fecha_inicio) continue;
      if (compareIsoDates(today, c.fecha_inicio) < 0) continue;
      const debt = debtOrNull(c, payments, today);
      const owes = debt !== null && debt.total_deuda > 0;
      v.compare(
        FIGURES.stored,
        row,
        'DP (debt pending)',
        owes ? 'DP (debt pending)' : `nothing owed today (${pesos(debt?.total_deuda ?? null)})`,
        owes,
      );
    } else if (c.estatus === 'PA') {
      const end = c.fecha_final;
      const debt = end
        ? debtOrNull(
            pending(c),
            payments.filter((p) => compareIsoDates(p.fecha_pago, end) <= 0),
            end,
          )
        : null;
      const settled = debt !== null && debt.total_deuda === 0;
      v.compare(
        FIGURES.stored,
        row,
        `PA on ${end ?? '—'}`,
        settled ? `PA on ${end}` : `owed on ${end ?? '—'}: ${pesos(debt?.total_deuda ?? null)}`,
        settled,
      );
    } else if (c.estatus === 'CN') {
      const waiver = waiverOf.get(contract.id);
      const end = c.fecha_final;
      const debt =
        waiver && end
          ? debtOrNull(
              pending(c),
              payments.filter((p) => compareIsoDates(p.fecha_pago, end) <= 0),
              end,
            )
          : null;
      const forgiven = waiver?.fecha === end && debt !== null && debt.capital_por_pagar === 0;
      v.compare(
        FIGURES.stored,
        row,
        `CN on ${end ?? '—'}`,
        forgiven
          ? `CN on ${end}`
          : waiver
            ? `waiver on ${waiver.fecha}, capital pending ${pesos(debt?.capital_por_pagar ?? null)}`
            : 'no waiver',
        forgiven,
      );
    }
  }
}

const sourceStatus = z.object({ id: z.number(), status: z.string() });

/** The original's status today, by its own rule on its own rows (fact sheet quirk 12). */
async function verifyStatusToday(
  v: Verification,
  source: SourceDb,
  ctx: MapContext,
  loaded: Loaded,
  today: IsoDate,
): Promise<void> {
  // An older original without contracts has no status to compare.
  if (ctx.log.missingTables.includes('contratos_contratocredito')) return;
  const rows = await readJsonRows(
    source,
    `SELECT id, CASE WHEN estatus = 'DP' AND fecha_inicio IS NOT NULL THEN
         CASE WHEN DATE '${today}' <= (fecha_inicio + make_interval(months => plazo + prorroga))::date
           THEN 'VI' ELSE 'VE' END
       ELSE estatus END AS status
     FROM contratos_contratocredito`,
  );
  const original = new Map(rows.map((r) => sourceStatus.parse(r)).map((r) => [r.id, r.status]));
  v.figure(FIGURES.today);
  for (const contract of loaded.contracts) {
    v.compare(
      FIGURES.today,
      `contract ${contract.id}`,
      original.get(contract.id) ?? '—',
      statusAt(contract.debt, today),
    );
  }
}

export async function verifyCredits(
  tx: Db,
  source: SourceDb,
  ctx: MapContext,
  v: Verification,
  today: IsoDate,
): Promise<void> {
  const loaded = await loadImported(tx, ctx);
  const snapshots = await targetRows(
    tx,
    sql`SELECT ${pagos.id} AS id, ${pagos.credito} AS credito,
          ${pagos.deuda_prev_total}::text AS total, ${pagos.deuda_prev_capital}::text AS capital,
          ${pagos.deuda_prev_int_ord}::text AS ord, ${pagos.deuda_prev_int_mor}::text AS mor,
          ${pagos.estatus_previo} AS previo FROM ${pagos}`,
    snapshotRow,
  );
  const waivers = await targetRows(
    tx,
    sql`SELECT ${condonaciones.id} AS id, ${condonaciones.credito} AS credito,
          ${condonaciones.fecha} AS fecha, ${condonaciones.total}::text AS total,
          ${condonaciones.interes_ord}::text AS ord, ${condonaciones.interes_mor}::text AS mor,
          ${condonaciones.estatus_previo} AS previo FROM ${condonaciones}`,
    waiverRow,
  );
  const oneCentPayments = verifySnapshots(v, ctx, loaded, new Map(snapshots.map((s) => [s.id, s])));
  const oneCentWaivers = verifyWaivers(v, ctx, loaded, waivers);
  if (oneCentPayments + oneCentWaivers > 0)
    v.footnotes.push(
      `${oneCentPayments} payment and ${oneCentWaivers} waiver totals are one cent below the ` +
        `original's and counted equal: the original truncated the full-precision total, this ` +
        `product adds the three truncated parts (BUSINESS_RULES §4 accepts both).`,
    );
  verifyStoredStatus(v, loaded, waivers, today);
  await verifyStatusToday(v, source, ctx, loaded, today);
}
