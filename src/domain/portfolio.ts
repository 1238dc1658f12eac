/**
 * Loan portfolios (docs/business-rules.md#portfolios): which contracts are in the portfolio at a
 * date, current (VI) or overdue (VE), their pending capital, the overdue bands, and the region
 * colour of the portfolio map. Pure: the server answers /contratos/carteras/ with it and the phone
 * computes the same figures offline from its replica.
 */
import { compareIsoDates, daysBetween, type IsoDate } from './dates';
import { dueDateFrom, pendingCapitalAt, type DebtContract, type DebtPayment } from './debt';
import type { Cents } from './money';

export interface PortfolioInput {
  id: number;
  region: number;
  fondo_comun: boolean;
  contract: DebtContract;
  payments: readonly DebtPayment[];
}

export interface PortfolioEntry {
  id: number;
  region: number;
  estatus: 'VI' | 'VE';
  /** Pending capital at the date: the amount this contract adds to its side. */
  capital: Cents;
  /** Days past the due date (0 when current). */
  dias_vencidos: number;
}

export interface Band {
  count: number;
  total: Cents;
}

export interface PortfolioTotals {
  vigentes_total: Cents;
  vigentes_count: number;
  vencidos_total: Cents;
  vencidos_count: number;
  /** Overdue by at most 30 days. */
  vencidosLT30: Band;
  /** Overdue by 31 to 180 days. */
  vencidos30to6M: Band;
  /** Overdue by more than 180 days. */
  vencidosGT6M: Band;
}

export interface Portfolio extends PortfolioTotals {
  vigentes: PortfolioEntry[];
  vencidos: PortfolioEntry[];
}

export interface PortfolioOptions {
  /** Only shared-fund contracts when true; shared funds are excluded otherwise. */
  fondocomun?: boolean;
}

/** The contract's place in the portfolio at d, or null when it is not in it. */
export function portfolioEntry(item: PortfolioInput, d: IsoDate): PortfolioEntry | null {
  const c = item.contract;
  if (!c.fecha_inicio || compareIsoDates(c.fecha_inicio, d) > 0) return null;
  const capital = pendingCapitalAt(c, item.payments, d);
  if (capital === null) return null;
  const due = dueDateFrom(c.fecha_inicio, c);
  const overdue = compareIsoDates(d, due) > 0;
  return {
    id: item.id,
    region: item.region,
    estatus: overdue ? 'VE' : 'VI',
    capital,
    dias_vencidos: overdue ? daysBetween(due, d) : 0,
  };
}

function emptyTotals(): PortfolioTotals {
  return {
    vigentes_total: 0,
    vigentes_count: 0,
    vencidos_total: 0,
    vencidos_count: 0,
    vencidosLT30: { count: 0, total: 0 },
    vencidos30to6M: { count: 0, total: 0 },
    vencidosGT6M: { count: 0, total: 0 },
  };
}

function addEntry(totals: PortfolioTotals, e: PortfolioEntry): void {
  if (e.estatus === 'VI') {
    totals.vigentes_count += 1;
    totals.vigentes_total += e.capital;
    return;
  }
  totals.vencidos_count += 1;
  totals.vencidos_total += e.capital;
  const band =
    e.dias_vencidos <= 30
      ? totals.vencidosLT30
      : e.dias_vencidos <= 180
        ? totals.vencidos30to6M
        : totals.vencidosGT6M;
  band.count += 1;
  band.total += e.capital;
}

function inScope(item: PortfolioInput, options: PortfolioOptions): boolean {
  return options.fondocomun ? item.fondo_comun : !item.fondo_comun;
}

/** The whole portfolio at d, with both lists (`detail=1`). One pass over the contracts. */
export function portfolioAt(
  items: readonly PortfolioInput[],
  d: IsoDate,
  options: PortfolioOptions = {},
): Portfolio {
  const totals = emptyTotals();
  const vigentes: PortfolioEntry[] = [];
  const vencidos: PortfolioEntry[] = [];
  for (const item of items) {
    if (!inScope(item, options)) continue;
    const entry = portfolioEntry(item, d);
    if (!entry) continue;
    addEntry(totals, entry);
    (entry.estatus === 'VI' ? vigentes : vencidos).push(entry);
  }
  return { ...totals, vigentes, vencidos };
}

/** The portfolio per region (`/contratos/carteras-per-region/`), every listed region present. */
export function portfolioByRegion(
  items: readonly PortfolioInput[],
  d: IsoDate,
  regions: readonly number[],
  options: PortfolioOptions = {},
): Array<PortfolioTotals & { region: number }> {
  const byRegion = new Map<number, PortfolioTotals>(regions.map((r) => [r, emptyTotals()]));
  for (const item of items) {
    if (!inScope(item, options)) continue;
    const entry = portfolioEntry(item, d);
    if (!entry) continue;
    let totals = byRegion.get(entry.region);
    if (!totals) {
      totals = emptyTotals();
      byRegion.set(entry.region, totals);
    }
    addEntry(totals, entry);
  }
  return [...byRegion.entries()]
    .sort(([a], [b]) => a - b)
    .map(([region, totals]) => ({ region, ...totals }));
}

export type RegionColour = 'grey' | 'green' | 'yellow' | 'red';

/**
 * Map colour of a region (docs/business-rules.md#portfolios): grey without loans; green with
 * current loans and none overdue; red when the overdue total exceeds the current total; yellow
 * otherwise.
 */
export function regionColour(
  p: Pick<
    PortfolioTotals,
    'vigentes_count' | 'vencidos_count' | 'vigentes_total' | 'vencidos_total'
  >,
): RegionColour {
  if (p.vigentes_count === 0 && p.vencidos_count === 0) return 'grey';
  if (p.vencidos_count === 0) return 'green';
  if (p.vencidos_total > p.vigentes_total) return 'red';
  return 'yellow';
}
