/**
 * The loan portfolio at a date (docs/business-rules.md#portfolios),
 * computed on the phone from the replica with #domain/portfolio — the code behind
 * GET /contratos/carteras/?detail=1 — so the office (which replicates every contract) and a
 * promoter (its region) see the server's figures offline. Each listed loan carries the table
 * columns of the spec plus the capital it adds to its side.
 */
import {
  portfolioInputsOf,
  replicaCents,
  type ContractReplicaRow,
  type PaymentReplicaRow,
} from '#domain/credit-replica';
import { portfolioLoanOf, type PortfolioLoan } from '#domain/credit-shapes';
import type { IsoDate } from '#domain/dates';
import { present } from '#domain/guards';
import type { Cents } from '#domain/money';
import { portfolioAt, type PortfolioEntry, type PortfolioTotals } from '#domain/portfolio';

/** A listed loan: the domain's portfolio loan, the amount lent in cents. */
export interface CarteraLoan extends Omit<PortfolioLoan, 'monto'> {
  /** The amount lent. */
  monto: Cents;
}

export interface CarteraFigures {
  fecha: IsoDate;
  totals: PortfolioTotals;
  vigentes: CarteraLoan[];
  vencidos: CarteraLoan[];
}

function loanOf(entry: PortfolioEntry, c: ContractReplicaRow): CarteraLoan {
  return { ...portfolioLoanOf(entry, c), monto: replicaCents(c.monto) };
}

/** The portfolio at `fecha`: totals, bands and both lists (shared funds excluded). */
export function carteraAt(
  contracts: readonly ContractReplicaRow[],
  payments: readonly PaymentReplicaRow[],
  fecha: IsoDate,
): CarteraFigures {
  const byId = new Map(contracts.map((c) => [c.id, c]));
  const p = portfolioAt(portfolioInputsOf(contracts, payments), fecha);
  const { vigentes, vencidos, ...totals } = p;
  return {
    fecha,
    totals,
    vigentes: vigentes.map((e) => loanOf(e, present(byId.get(e.id), `contract ${e.id}`))),
    vencidos: vencidos.map((e) => loanOf(e, present(byId.get(e.id), `contract ${e.id}`))),
  };
}
