/**
 * Which form /solicitud-formato shows, from its address: a new request; `?reenviar=<folio>`
 * the correction of a rejected (RE) request; `?renegociar=<folio>` the answer to a negotiation
 * (AP + NE); `?corregir=<mutation id>` a write the server refused, reopened with its payload.
 */
import type { CreditRequestInput } from '#domain/forms/credit-request';
import type { OutboxRowOf } from '#commands/command-map';
import { fixableRow } from '#commands/outbox';
import type { SolicitudRow } from '#db/replica-rows';
import type { OutboxRow } from '#sync/types';
import { inputOf, inputOfRecord, newRequestInput } from './solicitud-form-values.ts';

export type FormMode =
  | { kind: 'loading' }
  | {
      kind: 'create';
      initial: CreditRequestInput;
      fixRow: OutboxRowOf<'solicitud.create'> | null;
    }
  | {
      kind: 'resubmit';
      folio: number;
      record: SolicitudRow | null;
      initial: CreditRequestInput;
      fixRow: OutboxRowOf<'solicitud.resubmit'> | null;
    }
  | {
      kind: 'renegotiate';
      folio: number;
      record: SolicitudRow | null;
      comment: string;
      fixRow: OutboxRowOf<'solicitud.renegotiate'> | null;
    }
  /** The address names a request this phone lacks, not in that state, or an item already fixed. */
  | { kind: 'unavailable'; reason: 'notFound' | 'wrongState' | 'notFixable' };

export interface FormModeInput {
  params: URLSearchParams;
  records: readonly SolicitudRow[] | undefined;
  /** The outbox row named by `corregir` ({row: undefined} once read and absent). */
  fix: { row: OutboxRow | undefined } | undefined;
  today: string;
}

const folioParam = (value: string | null) =>
  value !== null && /^\d+$/.test(value) ? Number(value) : null;

/** The form of a refused request write (one that needs a person), by its kind. */
function fixModeOf(row: OutboxRow | undefined, records: readonly SolicitudRow[]): FormMode {
  const create = fixableRow(row, 'solicitud.create');
  if (create) return { kind: 'create', initial: inputOf(create.payload.request), fixRow: create };
  const resubmit = fixableRow(row, 'solicitud.resubmit');
  if (resubmit) {
    const { folio, before, request } = resubmit.payload;
    return { kind: 'resubmit', folio, record: before, initial: inputOf(request), fixRow: resubmit };
  }
  const renegotiate = fixableRow(row, 'solicitud.renegotiate');
  if (renegotiate) {
    const { folio, before, comentarios_promotor } = renegotiate.payload;
    const record = records.find((r) => r.folio_solicitud === folio) ?? before;
    return {
      kind: 'renegotiate',
      folio,
      record,
      comment: comentarios_promotor,
      fixRow: renegotiate,
    };
  }
  return { kind: 'unavailable', reason: 'notFixable' };
}

/** The form of a request named by folio: its correction (RE) or its renegotiation (AP + NE). */
function folioModeOf(
  folio: number,
  action: 'resubmit' | 'renegotiate',
  records: readonly SolicitudRow[],
): FormMode {
  const record = records.find((r) => r.folio_solicitud === folio);
  if (!record) return { kind: 'unavailable', reason: 'notFound' };
  if (action === 'resubmit') {
    if (record.estatus_solicitud !== 'RE') return { kind: 'unavailable', reason: 'wrongState' };
    return { kind: 'resubmit', folio, record, initial: inputOfRecord(record), fixRow: null };
  }
  if (record.estatus_solicitud !== 'AP' || record.estatus_evaluacion !== 'NE')
    return { kind: 'unavailable', reason: 'wrongState' };
  return { kind: 'renegotiate', folio, record, comment: '', fixRow: null };
}

export function formModeOf({ params, records, fix, today }: FormModeInput): FormMode {
  if (params.has('corregir')) {
    if (fix === undefined || records === undefined) return { kind: 'loading' };
    return fixModeOf(fix.row, records);
  }
  const resend = folioParam(params.get('reenviar'));
  const renegotiate = folioParam(params.get('renegociar'));
  const folio = resend ?? renegotiate;
  if (folio === null) return { kind: 'create', initial: newRequestInput(today), fixRow: null };
  if (records === undefined) return { kind: 'loading' };
  return folioModeOf(folio, resend !== null ? 'resubmit' : 'renegotiate', records);
}
