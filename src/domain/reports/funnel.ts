/**
 * The credit requests funnel: of the requests received in a period, how many
 * were approved by the manager (which creates the contract,
 * docs/business-rules.md#credit-requests), how many contracts were started (disbursed), and how
 * many were paid off; with the median days between each step and the one before it.
 */
import { daysBetween, type IsoDate } from '#domain/dates';
import { FUNNEL_STEP_CODES } from '#domain/codes';
import { present } from '#domain/guards';

// One list with the code lists, so a spreadsheet writes each step's label beside it.
export const FUNNEL_STEPS = FUNNEL_STEP_CODES;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** A request and the day it reached each later step (null = not reached, or day unknown). */
export interface FunnelRequest {
  fecha_solicitud: IsoDate;
  aprobada: boolean;
  /** The manager's approval day (its comment in the request's conversation). */
  fecha_aprobacion: IsoDate | null;
  /** The contract's start date (execution CO). */
  fecha_inicio: IsoDate | null;
  /** The day the contract was paid off (PA). */
  fecha_pagada: IsoDate | null;
}

export interface FunnelRow {
  paso: FunnelStep;
  solicitudes: number;
  /** Percent of the requests received (two decimals); null without requests. */
  porcentaje: number | null;
  /** Median days from the previous step (null for the first, or when no day is known). */
  mediana_dias: number | null;
}

/** The median of a list of numbers (mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = present(sorted[mid], 'the middle value');
  if (sorted.length % 2 === 1) return upper;
  return (present(sorted[mid - 1], 'the lower middle value') + upper) / 2;
}

/** The day a request reached each step, null when it did not (or the day is unknown). */
function stepDays(r: FunnelRequest): [IsoDate, IsoDate | null, IsoDate | null, IsoDate | null] {
  return [r.fecha_solicitud, r.fecha_aprobacion, r.fecha_inicio, r.fecha_pagada];
}

function reached(r: FunnelRequest, step: number): boolean {
  switch (step) {
    case 0:
      return true;
    case 1:
      return r.aprobada;
    case 2:
      return r.aprobada && r.fecha_inicio !== null;
    default:
      return r.aprobada && r.fecha_inicio !== null && r.fecha_pagada !== null;
  }
}

export function requestFunnel(requests: readonly FunnelRequest[]): FunnelRow[] {
  const received = requests.length;
  return FUNNEL_STEPS.map((paso, step) => {
    const at = requests.filter((r) => reached(r, step));
    const gaps =
      step === 0
        ? []
        : at.flatMap((r) => {
            const days = stepDays(r);
            const from = days[step - 1];
            const to = days[step];
            return from && to ? [daysBetween(from, to)] : [];
          });
    return {
      paso,
      solicitudes: at.length,
      porcentaje: received === 0 ? null : Math.round((at.length / received) * 10_000) / 100,
      mediana_dias: median(gaps),
    };
  });
}
