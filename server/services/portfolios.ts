/**
 * Loan portfolios (docs/business-rules.md#portfolios) from `#domain/portfolio`: the contracts that
 * can be in the portfolio at a date (started by then, execution CO, not settled before it) and
 * their payments up to that date, read with two queries, then split in one pass in memory.
 */
import { eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import {
  portfolioLoanOf,
  type PortfolioAnswer,
  type PortfolioLoanAnswer,
  type PortfolioTotalsAnswer,
  type RegionPortfolioAnswer,
} from '#domain/credit-shapes';
import type { IsoDate } from '#domain/dates';
import {
  portfolioAt,
  portfolioByRegion,
  type Band,
  type PortfolioEntry,
  type PortfolioInput,
  type PortfolioTotals,
} from '#domain/portfolio';
import { scopeFor } from '#domain/permissions';
import type { Db } from '#server/db/client';
import { comunidades, contratos, regiones } from '#server/db/schema';
import { centsNumber, type ContractRecord, type CreditReader } from './credit-records.ts';
import { loadContractsBulk, loadDebtPaymentsBulk } from './credit-bulk.ts';
import { allOf } from '#server/db/conditions';

const band = (b: Band) => ({ count: b.count, total: centsNumber(b.total) });

function totalsAnswer(t: PortfolioTotals): PortfolioTotalsAnswer {
  return {
    vigentes_total: centsNumber(t.vigentes_total),
    vigentes_count: t.vigentes_count,
    vencidos_total: centsNumber(t.vencidos_total),
    vencidos_count: t.vencidos_count,
    vencidosLT30: band(t.vencidosLT30),
    vencidos30to6M: band(t.vencidos30to6M),
    vencidosGT6M: band(t.vencidosGT6M),
  };
}

/** Contracts that may be in the portfolio at `date`, with their payments dated ≤ `date`. */
async function portfolioInputs(
  db: Db,
  reader: CreditReader,
  date: IsoDate,
  options: { fondocomun: boolean; region?: number },
): Promise<{ records: Map<number, ContractRecord>; inputs: PortfolioInput[] }> {
  const where = allOf(
    eq(contratos.fondo_comun, options.fondocomun),
    eq(contratos.estatus_ejecucion, 'CO'),
    isNotNull(contratos.fecha_inicio),
    lte(contratos.fecha_inicio, date),
    // Settled on or before the date: out. Settled later: it was still pending then.
    or(isNull(contratos.fecha_final), gt(contratos.fecha_final, date)),
    options.region === undefined ? undefined : eq(comunidades.region, options.region),
  );
  const [contracts, payments] = await Promise.all([
    loadContractsBulk(db, reader, where),
    loadDebtPaymentsBulk(db, reader, where, date),
  ]);
  const records = new Map(contracts.map((c) => [c.id, c]));
  const inputs = contracts.map((c) => ({
    id: c.id,
    region: c.region,
    fondo_comun: c.fondo_comun,
    contract: c.debt,
    payments: payments.get(c.id) ?? [],
  }));
  return { records, inputs };
}

/** A loan of the detailed answer: the domain's shaping, its capital in pesos. */
function loan(entry: PortfolioEntry, c: ContractRecord): PortfolioLoanAnswer {
  const shaped = portfolioLoanOf(entry, {
    ...c,
    fecha_inicio: c.debt.fecha_inicio,
    estatus_ejecucion: c.debt.estatus_ejecucion,
    monto: c.monto_text,
  });
  return { ...shaped, capital: centsNumber(shaped.capital) };
}

/** GET /contratos/carteras/: totals, bands and (with `detail`) both lists. */
export async function portfolioAnswer(
  db: Db,
  reader: CreditReader,
  date: IsoDate,
  options: { detail: boolean; fondocomun: boolean },
): Promise<PortfolioAnswer> {
  const { records, inputs } = await portfolioInputs(db, reader, date, options);
  const p = portfolioAt(inputs, date, { fondocomun: options.fondocomun });
  const answer: PortfolioAnswer = { fecha: date, ...totalsAnswer(p) };
  if (options.detail) {
    answer.vigentes = p.vigentes.map((e) => loan(e, records.get(e.id)!));
    answer.vencidos = p.vencidos.map((e) => loan(e, records.get(e.id)!));
  }
  return answer;
}

/**
 * GET /contratos/carteras-per-region/: every region the caller may see (all ten for the
 * office, its own for a promoter), each with its totals (zeros without loans).
 */
export async function portfolioPerRegion(
  db: Db,
  reader: CreditReader,
  date: IsoDate,
  options: { fondocomun: boolean },
): Promise<RegionPortfolioAnswer[]> {
  const regionRows = await db
    .select({ id: regiones.id, nombre: regiones.nombre_de_region })
    .from(regiones)
    .orderBy(regiones.id);
  const visible =
    scopeFor(reader.role, 'carteras', 'read') === 'all'
      ? regionRows
      : regionRows.filter((r) => r.id === reader.region);
  const names = new Map(visible.map((r) => [r.id, r.nombre]));
  const { inputs } = await portfolioInputs(db, reader, date, options);
  return portfolioByRegion(
    inputs,
    date,
    visible.map((r) => r.id),
    { fondocomun: options.fondocomun },
  ).map((r) => ({
    region: r.region,
    nombre_region: names.get(r.region) ?? '',
    ...totalsAnswer(r),
  }));
}
