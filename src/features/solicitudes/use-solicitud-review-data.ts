/**
 * What the control desk and the evaluation read, live from the replica (works offline): which
 * request to show, the request itself, its member and guarantor, and the member's history
 * (earlier requests, contracts with their payments).
 *
 * Which request: the one chosen on /solicitudes (selection `solicitud`, read once when the
 * screen opens, so clearing it after the decision does not send the screen away), or the one of
 * a refused decision reopened from the sync center (`?corregir=<mutation id>`). With neither,
 * the screen returns to `/` (spec part 1 §2).
 */
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router-dom';
import type { Socio } from '#domain/entities';
import { currentDbUserId, getDb } from '#db/database';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import type { SolicitudRecord } from './solicitud-record.ts';
import { selectedFolio } from './solicitud-selection.ts';
import {
  contractsOf,
  paymentsOf,
  type ContractInput,
  type PaymentInput,
} from './solicitud-review-replica.ts';

export interface ReviewTarget {
  /** false while a `corregir` row is still being read. */
  resolved: boolean;
  folio: number | null;
  /** The refused decision being corrected, if any. */
  fixRow: OutboxRow | null;
}

/** The request to show: the selection at opening, or the refused decision's request. */
export function useReviewTarget(kind: string): ReviewTarget {
  const [params] = useSearchParams();
  const [chosen] = useState(() => selectedFolio());
  const fixId = params.get('corregir');
  const fix = useLiveQuery(
    async () => ({ row: fixId ? await getDb().outbox.get(fixId) : undefined }),
    [fixId],
  );
  // The fix row is taken once: after the correction is queued the old row leaves the outbox.
  const [fixRow, setFixRow] = useState<OutboxRow | null>(null);
  const candidate = fix?.row;
  if (
    fixRow === null &&
    candidate &&
    candidate.kind === kind &&
    EDITABLE_STATUSES.includes(candidate.status)
  ) {
    setFixRow(candidate);
  }
  const fixFolio = fixRow ? (fixRow.payload as { folio: number }).folio : null;
  return {
    resolved: fixId === null || fix !== undefined,
    folio: fixFolio ?? chosen,
    fixRow,
  };
}

export function useSolicitud(folio: number | null): SolicitudRecord | null | undefined {
  const userId = currentDbUserId();
  return useLiveQuery(async () => {
    if (folio === null || userId === null) return null;
    const row = await getDb().solicitudes.get(folio);
    return (row as SolicitudRecord | undefined) ?? null;
  }, [folio, userId]);
}

export interface MemberHistory {
  socio: Socio | null;
  aval: Socio | null;
  /** The member's other requests, newest first. */
  requests: SolicitudRecord[];
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
  const db = getDb();
  const [socio, aval, requests, contractRows] = await Promise.all([
    db.socios.get(key.clave),
    db.socios.get(key.aval),
    db.solicitudes.where('clave_socio').equals(key.clave).toArray(),
    db.contratos.where('clave_socio').equals(key.clave).toArray(),
  ]);
  const contracts = contractsOf(contractRows);
  const paymentRows = contracts.length
    ? await db.pagos
        .where('credito')
        .anyOf(contracts.map((c) => c.id))
        .toArray()
    : [];
  const others = (requests as unknown as SolicitudRecord[])
    .filter((r) => r.folio_solicitud !== key.folio)
    .sort((a, b) => b.fecha_solicitud.localeCompare(a.fecha_solicitud));
  return {
    socio: (socio as Socio | undefined) ?? null,
    aval: (aval as Socio | undefined) ?? null,
    requests: others,
    contracts,
    payments: paymentsOf(paymentRows),
  };
}

export function useMemberHistory(
  record: SolicitudRecord | null | undefined,
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
