/**
 * Which form /solicitud-formato shows, from its address: a new request; `?reenviar=<folio>`
 * the correction of a rejected (RE) request; `?renegociar=<folio>` the answer to a negotiation
 * (AP + NE); `?corregir=<mutation id>` a write the server refused, reopened with its payload.
 */
import type { CreditRequestInput } from '#domain/forms/credit-request';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import {
  type SolicitudCreatePayload,
  type SolicitudRenegotiatePayload,
  type SolicitudResubmitPayload,
} from '#commands/solicitudes';
import { inputOf, inputOfRecord, newRequestInput } from './solicitud-form-values.ts';
import type { SolicitudRecord } from './solicitud-record.ts';

export type FormMode =
  | { kind: 'loading' }
  | { kind: 'create'; initial: CreditRequestInput; fixRow: OutboxRow | null }
  | {
      kind: 'resubmit';
      folio: number;
      record: SolicitudRecord | null;
      initial: CreditRequestInput;
      fixRow: OutboxRow | null;
    }
  | {
      kind: 'renegotiate';
      folio: number;
      record: SolicitudRecord | null;
      comment: string;
      fixRow: OutboxRow | null;
    }
  /** The address names a request this phone lacks, not in that state, or an item already fixed. */
  | { kind: 'unavailable'; reason: 'notFound' | 'wrongState' | 'notFixable' };

export interface FormModeInput {
  params: URLSearchParams;
  records: readonly SolicitudRecord[] | undefined;
  /** The outbox row named by `corregir` ({row: undefined} once read and absent). */
  fix: { row: OutboxRow | undefined } | undefined;
  today: string;
}

const folioParam = (value: string | null) =>
  value !== null && /^\d+$/.test(value) ? Number(value) : null;

export function formModeOf({ params, records, fix, today }: FormModeInput): FormMode {
  if (params.has('corregir')) {
    if (fix === undefined || records === undefined) return { kind: 'loading' };
    const row = fix.row;
    if (!row || !EDITABLE_STATUSES.includes(row.status))
      return { kind: 'unavailable', reason: 'notFixable' };
    if (row.kind === 'solicitud.create') {
      const payload = row.payload as SolicitudCreatePayload;
      return { kind: 'create', initial: inputOf(payload.request), fixRow: row };
    }
    if (row.kind === 'solicitud.resubmit') {
      const payload = row.payload as SolicitudResubmitPayload;
      return {
        kind: 'resubmit',
        folio: payload.folio,
        record: payload.before,
        initial: inputOf(payload.request),
        fixRow: row,
      };
    }
    if (row.kind === 'solicitud.renegotiate') {
      const payload = row.payload as SolicitudRenegotiatePayload;
      const record = records.find((r) => r.folio_solicitud === payload.folio) ?? payload.before;
      return {
        kind: 'renegotiate',
        folio: payload.folio,
        record,
        comment: payload.comentarios_promotor,
        fixRow: row,
      };
    }
    return { kind: 'unavailable', reason: 'notFixable' };
  }

  const resend = folioParam(params.get('reenviar'));
  const renegotiate = folioParam(params.get('renegociar'));
  if (resend !== null || renegotiate !== null) {
    if (records === undefined) return { kind: 'loading' };
    const folio = (resend ?? renegotiate)!;
    const record = records.find((r) => r.folio_solicitud === folio);
    if (!record) return { kind: 'unavailable', reason: 'notFound' };
    if (resend !== null) {
      if (record.estatus_solicitud !== 'RE') return { kind: 'unavailable', reason: 'wrongState' };
      return { kind: 'resubmit', folio, record, initial: inputOfRecord(record), fixRow: null };
    }
    if (record.estatus_solicitud !== 'AP' || record.estatus_evaluacion !== 'NE')
      return { kind: 'unavailable', reason: 'wrongState' };
    return { kind: 'renegotiate', folio, record, comment: '', fixRow: null };
  }

  return { kind: 'create', initial: newRequestInput(today), fixRow: null };
}
