/**
 * The manager's evaluation figures of a request (docs/business-rules.md#member-evaluation-figures),
 * computed on the device from the replica with #domain/evaluation-figures (the server's code), so
 * they show offline: the member's collections and movements, and the contracts (with payments) of
 * the member, its community and its region (read by #db/reads/requests). Also the member's yearly
 * delivery income for the chart.
 */
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { cachedConfig } from '#api/config';
import { PROCESSES } from '#domain/codes';
import { DEFAULT_TIME_ZONE, todayIn, type IsoDate } from '#domain/dates';
import { yearSums, type YearSum } from '#domain/deliveries';
import { evaluationFigures, type EvaluationFigures } from '#domain/evaluation-figures';
import { parseMoney } from '#domain/money';
import { currentDbUserId } from '#db/database';
import { evaluationRows } from '#db/reads/requests';
import type { SolicitudRow } from '#db/replica-rows';
import {
  acopiosForSum,
  acopiosOf,
  contractsOf,
  evaluationInputsOf,
  paymentsOf,
  saldoOf,
  type AcopioInput,
  type ContractInput,
  type PaymentInput,
} from './solicitud-review-replica.ts';

interface Rows {
  contracts: ContractInput[];
  payments: PaymentInput[];
  acopios: AcopioInput[];
  saldo: number | null;
}

interface Scope {
  clave: number;
  region: number;
}

async function loadRows(scope: Scope): Promise<Rows> {
  const rows = await evaluationRows(scope);
  return {
    contracts: contractsOf(rows.contracts),
    payments: paymentsOf(rows.payments),
    acopios: acopiosOf(rows.acopios),
    saldo: saldoOf(rows.movimientos),
  };
}

/** "Today" in the cooperative's calendar (the server's COOP_TIMEZONE, from its config). */
export function coopToday(): IsoDate {
  return todayIn(cachedConfig()?.timezone ?? DEFAULT_TIME_ZONE);
}

export interface EvaluacionData {
  figures: EvaluationFigures;
  /** The member's delivery income per year (cents), oldest first. */
  years: YearSum[];
  saldo: number | null;
  today: IsoDate;
}

export function useEvaluacionFigures(
  record: SolicitudRow | null | undefined,
): EvaluacionData | undefined {
  const userId = currentDbUserId();
  const clave = record?.clave_socio ?? null;
  const region = record?.region ?? null;
  const rows = useLiveQuery(
    async () =>
      clave === null || region === null || userId === null
        ? undefined
        : loadRows({ clave, region }),
    [clave, region, userId],
  );
  const comunidad = record?.comunidad ?? null;
  const monto = record ? parseMoney(record.monto_solicitado) : null;
  return useMemo(() => {
    if (!rows || clave === null || region === null || comunidad === null) return undefined;
    const today = coopToday();
    const figures = evaluationFigures(
      evaluationInputsOf({
        today,
        monto_solicitado: monto ?? 0,
        clave_socio: clave,
        comunidad,
        region,
        contracts: rows.contracts,
        payments: rows.payments,
        memberAcopios: rows.acopios,
        saldo: rows.saldo,
      }),
    );
    const years = yearSums(acopiosForSum(rows.acopios), { kg: false, processes: PROCESSES });
    return { figures, years, saldo: rows.saldo, today };
  }, [rows, clave, region, comunidad, monto]);
}
