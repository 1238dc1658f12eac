/**
 * The visit sheet's rows (docs/community-visit.md) from the replica's rows of the chosen
 * communities (#db/reads/visit) and this phone's marks: per member its loans with today's
 * figures (#domain/visit-sheet), savings balance, last collections, open requests, what is
 * still on its way and what the server refused. Pure: tests give it rows directly.
 */
import { balanceOf } from '#domain/balance';
import type { Process, RequestStatus, EvaluationStatus } from '#domain/codes';
import { movementForBalance } from '#domain/delivery-rows';
import type { Cents } from '#domain/money';
import { parseMoney } from '#domain/money';
import {
  loanSheet,
  memberDebtFigures,
  searchKey,
  type LoanSheet,
  type MemberDebtFigures,
} from '#domain/visit-sheet';
import type { PhoneVisitMark } from '#commands/visitas';
import type { VisitRows } from '#db/reads/visit';
import { isLocalKey, type AcopioRow, type MovimientoRow, type PagoRow } from '#db/replica-rows';

export interface VisitLoan extends LoanSheet {
  /** A payment of this loan captured here and not sent yet. */
  pending: boolean;
}

export interface VisitCollection {
  key: string;
  fecha: string;
  producto: Process;
  kilos: string | null;
  ingreso: Cents;
  pending: boolean;
}

export interface VisitRequest {
  folio: number | string;
  monto: Cents;
  estatus: RequestStatus;
  evaluacion: EvaluationStatus;
}

export interface VisitRefusal {
  key: string;
  kind: 'pago' | 'movimiento' | 'acopio';
  monto: Cents;
}

export interface VisitMember {
  clave: number;
  nombre: string;
  comunidad: string;
  search: string;
  loans: VisitLoan[];
  figures: MemberDebtFigures;
  /** Savings balance (contributions − withdrawals), null without movements. */
  saldo: Cents | null;
  savingPending: boolean;
  collections: VisitCollection[];
  requests: VisitRequest[];
  refused: VisitRefusal[];
  mark: PhoneVisitMark | null;
}

/** Collections shown per member (the latest). */
export const LAST_COLLECTIONS = 3;

/** A request still in play: in review, negotiation or refused for correction, or approved and awaiting the evaluation. */
export function isOpenRequest(estatus: RequestStatus, evaluacion: EvaluationStatus): boolean {
  if (estatus === 'RV' || estatus === 'NE' || estatus === 'RE') return true;
  return estatus === 'AP' && (evaluacion === 'RV' || evaluacion === 'NE');
}

function groupBy<R, K>(rows: readonly R[], key: (row: R) => K): Map<K, R[]> {
  const out = new Map<K, R[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

const cents = (text: string | number | null | undefined) => parseMoney(text ?? null) ?? 0;

function refusalsOf(
  payments: readonly PagoRow[],
  movements: readonly MovimientoRow[],
  acopios: readonly AcopioRow[],
): VisitRefusal[] {
  return [
    ...payments.map((p) => ({
      key: String(p.id),
      kind: 'pago' as const,
      monto: cents(p.cantidad),
    })),
    ...movements.map((m) => ({
      key: String(m.id),
      kind: 'movimiento' as const,
      monto: cents(m.monto),
    })),
    ...acopios.map((a) => ({
      key: String(a.id),
      kind: 'acopio' as const,
      monto: cents(a.ingreso),
    })),
  ];
}

export function visitMembers(
  rows: VisitRows,
  marks: ReadonlyMap<number, PhoneVisitMark>,
  today: string,
): VisitMember[] {
  const contractsOf = groupBy(rows.contracts, (c) => c.clave_socio);
  const paymentsOf = groupBy(rows.payments, (p) => p.credito);
  const movementsOf = groupBy(rows.movements, (m) => m.clave_socio);
  const acopiosOf = groupBy(rows.acopios, (a) => a.clave_socio);
  const requestsOf = groupBy(rows.requests, (r) => r.clave_socio);
  const contractMember = new Map(rows.contracts.map((c) => [c.id, c.clave_socio]));
  const refusedPays = groupBy(
    rows.refused.payments,
    (p) => contractMember.get(p.credito) ?? p.clave_socio,
  );
  const refusedMovs = groupBy(rows.refused.movements, (m) => m.clave_socio);
  const refusedAcopios = groupBy(rows.refused.acopios, (a) => a.clave_socio);

  // A member created on this phone and not sent yet has no key the forms could name.
  const members = rows.members.flatMap((m) =>
    typeof m.clave_socio === 'number' ? [{ ...m, clave_socio: m.clave_socio }] : [],
  );
  return members.map((member) => {
    const clave = member.clave_socio;
    const loans: VisitLoan[] = [];
    for (const contract of contractsOf.get(clave) ?? []) {
      const payments = paymentsOf.get(contract.id) ?? [];
      const sheet = loanSheet(contract, payments, today);
      if (sheet.deuda === null) continue;
      loans.push({ ...sheet, pending: payments.some((p) => typeof p.id === 'string') });
    }
    loans.sort((a, b) => (a.fecha_vencimiento ?? '').localeCompare(b.fecha_vencimiento ?? ''));
    const movements = movementsOf.get(clave) ?? [];
    const readable = movements.flatMap((m) => movementForBalance(m) ?? []);
    const collections = [...(acopiosOf.get(clave) ?? [])]
      .sort((a, b) => b.fecha.localeCompare(a.fecha) || String(b.id).localeCompare(String(a.id)))
      .slice(0, LAST_COLLECTIONS)
      .map((a) => ({
        key: String(a.id),
        fecha: a.fecha,
        producto: a.tipo_de_producto,
        kilos: a.kilos_de_producto,
        ingreso: cents(a.ingreso),
        pending: isLocalKey(a.id),
      }));
    const requests = (requestsOf.get(clave) ?? [])
      .filter((r) => isOpenRequest(r.estatus_solicitud, r.estatus_evaluacion))
      .map((r) => ({
        folio: r.folio_solicitud,
        monto: cents(r.monto_solicitado),
        estatus: r.estatus_solicitud,
        evaluacion: r.estatus_evaluacion,
      }));
    return {
      clave,
      nombre: member.full_name,
      comunidad: member.nombre_comunidad,
      search: searchKey(`${member.full_name} ${clave}`),
      loans,
      figures: memberDebtFigures(loans),
      saldo: balanceOf(readable)?.saldo ?? null,
      savingPending: movements.some((m) => isLocalKey(m.id)),
      collections,
      requests,
      refused: refusalsOf(
        refusedPays.get(clave) ?? [],
        refusedMovs.get(clave) ?? [],
        refusedAcopios.get(clave) ?? [],
      ),
      mark: marks.get(clave) ?? null,
    };
  });
}

const signatures = new WeakMap<VisitMember, string>();
function signature(member: VisitMember): string {
  let sig = signatures.get(member);
  if (sig === undefined) {
    sig = JSON.stringify(member);
    signatures.set(member, sig);
  }
  return sig;
}

/**
 * The new rows with every unchanged member's previous object kept: the sheet is read again on
 * every capture, and a card (memoised on its member) then draws again only when its own
 * figures, mark or pending state changed — one card, not a hundred.
 */
export function keepUnchanged(
  previous: readonly VisitMember[],
  next: readonly VisitMember[],
): VisitMember[] {
  const before = new Map(previous.map((m) => [m.clave, m]));
  return next.map((m) => {
    const old = before.get(m.clave);
    return old !== undefined && signature(old) === signature(m) ? old : m;
  });
}
