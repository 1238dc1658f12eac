/**
 * The visit's summary (docs/community-visit.md): what this phone collected today from the
 * chosen communities' members, per kind — payments, contributions, withdrawals, collections —
 * and the day's marks: who did not come, who promised to pay and when, who was visited. A
 * capture the server refused (or one waiting behind a refusal) counts nowhere, as in every
 * figure of the phone; one not sent yet counts and is said to be pending.
 */
import { sumCents, type Cents } from '#domain/money';
import type { VisitCapture } from '#commands/visitas';
import type { VisitMember } from './visit-model.ts';

export const SUMMARY_KINDS = ['pago', 'aportacion', 'retiro', 'acopio'] as const;
export type SummaryKind = (typeof SUMMARY_KINDS)[number];

export interface SummaryLine {
  count: number;
  cents: Cents;
}

export interface VisitSummary {
  collected: Record<SummaryKind, SummaryLine>;
  /** Captures counted above that this phone has not sent yet. */
  pending: number;
  absent: { clave: number; nombre: string }[];
  promises: { clave: number; nombre: string; fecha: string }[];
  visited: number;
}

const REFUSED = new Set(['rejected', 'blocked', 'conflict', 'stuck']);

export function visitSummary(
  members: readonly VisitMember[],
  captures: readonly VisitCapture[],
  contractMember: ReadonlyMap<number, number>,
): VisitSummary {
  const here = new Set(members.map((m) => m.clave));
  const collected: Record<SummaryKind, SummaryLine> = {
    pago: { count: 0, cents: 0 },
    aportacion: { count: 0, cents: 0 },
    retiro: { count: 0, cents: 0 },
    acopio: { count: 0, cents: 0 },
  };
  let pending = 0;
  for (const c of captures) {
    if (REFUSED.has(c.status)) continue;
    const clave = c.clave_socio ?? (c.credito === null ? undefined : contractMember.get(c.credito));
    if (clave === undefined || !here.has(clave)) continue;
    const line = collected[c.kind];
    line.count += 1;
    line.cents = sumCents([line.cents, c.cents]);
    if (c.status !== 'done') pending += 1;
  }
  const marked = (tipo: string) => members.filter((m) => m.mark?.tipo === tipo);
  return {
    collected,
    pending,
    absent: marked('ausente').map((m) => ({ clave: m.clave, nombre: m.nombre })),
    promises: marked('promesa').map((m) => ({
      clave: m.clave,
      nombre: m.nombre,
      fecha: m.mark?.fecha_promesa ?? '',
    })),
    visited: marked('visitado').length,
  };
}
