/**
 * The loan portfolio at a date (spec part 2 §2 "Portfolios", BUSINESS_RULES §10), computed on
 * the phone from the replica with #domain/portfolio — the code behind
 * GET /contratos/carteras/?detail=1 — so the office (which replicates every contract) and a
 * promoter (its region) see the server's figures offline. Each listed loan carries the table
 * columns of the spec plus the capital it adds to its side.
 */
import type { ContractStatus, ExecutionStatus } from '#domain/codes';
import {
  portfolioInputsOf,
  replicaCents,
  type ContractReplicaRow,
  type PaymentReplicaRow,
} from '#domain/credit-replica';
import type { IsoDate } from '#domain/dates';
import type { Cents } from '#domain/money';
import { portfolioAt, type PortfolioEntry, type PortfolioTotals } from '#domain/portfolio';

export interface CarteraLoan {
  id: number;
  clave_socio: number;
  nombres: string;
  nombre_region: string;
  fecha_inicio: IsoDate | null;
  estatus: Extract<ContractStatus, 'VI' | 'VE'>;
  estatus_ejecucion: ExecutionStatus;
  /** The amount lent. */
  monto: Cents;
  /** Pending capital at the date: what the loan adds to its side. */
  capital: Cents;
  dias_vencidos: number;
  fecha_banco: IsoDate | null;
  referencia_banco: string | null;
}

export interface CarteraFigures {
  fecha: IsoDate;
  totals: PortfolioTotals;
  vigentes: CarteraLoan[];
  vencidos: CarteraLoan[];
}

function loanOf(entry: PortfolioEntry, c: ContractReplicaRow): CarteraLoan {
  return {
    id: c.id,
    clave_socio: c.clave_socio,
    nombres: c.nombres,
    nombre_region: c.nombre_region,
    fecha_inicio: c.fecha_inicio,
    estatus: entry.estatus,
    estatus_ejecucion: c.estatus_ejecucion,
    monto: replicaCents(c.monto),
    capital: entry.capital,
    dias_vencidos: entry.dias_vencidos,
    fecha_banco: c.fecha_banco,
    referencia_banco: c.referencia_banco,
  };
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
    vigentes: vigentes.map((e) => loanOf(e, byId.get(e.id)!)),
    vencidos: vencidos.map((e) => loanOf(e, byId.get(e.id)!)),
  };
}
