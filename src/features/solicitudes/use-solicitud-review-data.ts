/**
 * What the control desk and the evaluation read, live from the replica (works offline): which
 * request to show, the request itself, its member and guarantor, and the member's history
 * (earlier requests, contracts with their payments).
 *
 * Which request: the one of a refused decision reopened from the sync center
 * (`?corregir=<mutation id>`), else the one its address names (`/mesa-control/<folio>`), else
 * the one chosen on /solicitudes (selection `solicitud`, or `?folio=` from the field inbox, read
 * once when the screen opens). The screen then moves to the request's own address, so a reload
 * or a shared link opens it again; with none it returns to /solicitudes.
 */
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router-dom';
import type { RecordRoute } from '#domain/record-routes';
import type { OutboxRowOf } from '#commands/command-map';
import { fixableRow, outboxRowOf } from '#commands/outbox';
import { currentDbUserId } from '#db/database';
import { memberHistoryRows, requestByFolio } from '#db/reads/requests';
import type { SocioRow, SolicitudRow } from '#db/replica-rows';
import { useRecordId } from '#ui/record-route.ts';
import { selectedFolio } from './solicitud-selection.ts';
import {
  contractsOf,
  paymentsOf,
  type ContractInput,
  type PaymentInput,
} from './solicitud-review-replica.ts';

/** The kinds of the office decisions on a request. */
export type ReviewKind = 'solicitud.review' | 'solicitud.evaluation';

/** The screen of each decision. */
export const REVIEW_ROUTES: Readonly<Record<ReviewKind, RecordRoute>> = {
  'solicitud.review': '/mesa-control',
  'solicitud.evaluation': '/evaluacion',
};

export interface ReviewTarget<K extends ReviewKind> {
  /** false while a `corregir` row is still being read. */
  resolved: boolean;
  folio: number | null;
  /** Where the screen belongs when its address does not name `folio` yet (else null). */
  address: string | null;
  /** The refused decision being corrected, if any. */
  fixRow: OutboxRowOf<K> | null;
  /** Hold a decision refused after the screen let go of it, to correct it here. */
  reopen: (row: OutboxRowOf<K>) => void;
}

/** The request to show: the selection at opening, or the refused decision's request. */
function folioParam(text: string | null): number | null {
  return text !== null && /^\d{1,9}$/.test(text) ? Number(text) : null;
}

export function useReviewTarget<K extends ReviewKind>(kind: K): ReviewTarget<K> {
  const [params] = useSearchParams();
  const inAddress = useRecordId(REVIEW_ROUTES[kind]);
  // `?folio=` (older links of the office's field inbox) or the request chosen on /solicitudes.
  const [chosen] = useState(() => folioParam(params.get('folio')) ?? selectedFolio());
  const fixId = params.get('corregir');
  const fix = useLiveQuery(
    async () => ({ row: fixId ? await outboxRowOf(kind, fixId) : undefined }),
    [kind, fixId],
  );
  // The fix row is taken once: after the correction is queued the old row leaves the outbox.
  const [fixRow, setFixRow] = useState<OutboxRowOf<K> | null>(null);
  const candidate = fixableRow(fix?.row, kind);
  if (fixRow === null && candidate) setFixRow(candidate);
  const folio = fixRow?.payload.folio ?? inAddress ?? chosen;
  return {
    resolved: fixId === null || fix !== undefined,
    folio,
    address: folio === null || folio === inAddress ? null : addressOf(kind, folio, params),
    fixRow,
    reopen: setFixRow,
  };
}

/** The screen's address for `folio`, keeping a correction's `?corregir=`. */
function addressOf(kind: ReviewKind, folio: number, params: URLSearchParams): string {
  const rest = new URLSearchParams(params);
  rest.delete('folio');
  const query = rest.toString();
  return `${REVIEW_ROUTES[kind]}/${folio}${query ? `?${query}` : ''}`;
}

export function useSolicitud(folio: number | null): SolicitudRow | null | undefined {
  const userId = currentDbUserId();
  return useLiveQuery(async () => {
    if (folio === null || userId === null) return null;
    return (await requestByFolio(folio)) ?? null;
  }, [folio, userId]);
}

export interface MemberHistory {
  socio: SocioRow | null;
  aval: SocioRow | null;
  /** The member's other requests, newest first. */
  requests: SolicitudRow[];
  /** The member's contracts (server-known) and their payments. */
  contracts: ContractInput[];
  payments: PaymentInput[];
}

interface HistoryKey {
  clave: number;
  aval: number;
  folio: number | string;
}

async function loadHistory(key: HistoryKey): Promise<MemberHistory> {
  const rows = await memberHistoryRows(key);
  const others = rows.requests
    .filter((r) => r.folio_solicitud !== key.folio)
    .sort((a, b) => b.fecha_solicitud.localeCompare(a.fecha_solicitud));
  return {
    socio: rows.socio ?? null,
    aval: rows.aval ?? null,
    requests: others,
    contracts: contractsOf(rows.contracts),
    payments: paymentsOf(rows.payments),
  };
}

export function useMemberHistory(
  record: SolicitudRow | null | undefined,
): MemberHistory | undefined {
  // The record object changes on every read; what the history depends on does not.
  const clave = record?.clave_socio ?? null;
  const aval = record?.aval ?? null;
  const folio = record?.folio_solicitud ?? null;
  return useLiveQuery(
    async () =>
      clave === null || aval === null || folio === null
        ? undefined
        : loadHistory({ clave, aval, folio }),
    [clave, aval, folio],
  );
}
