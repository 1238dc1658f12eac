/**
 * The duplicate rule of credit requests (docs/business-rules.md#credit-requests): a second request
 * for the same member with the same date and the same requested amount is refused. One function for
 * the server (over the stored requests of that member and date) and for the phone's form (over its
 * copy, its own pending captures included), so the phone stops a duplicate before queueing it
 * with the server's own message.
 */
import type { IsoDate } from './dates';
import { msg } from './messages';
import type { Cents } from './money';

export interface RequestKey {
  clave_socio: number;
  fecha_solicitud: IsoDate;
  monto_solicitado: Cents;
}

export interface KnownRequest extends RequestKey {
  /** The server's folio, or the client id of a request captured on the phone. */
  folio: number | string;
}

/** The first known request `values` would duplicate (`except`: the one being corrected). */
export function duplicateRequest(
  values: RequestKey,
  known: readonly KnownRequest[],
  except: number | string | null,
): KnownRequest | null {
  return (
    known.find(
      (r) =>
        r.folio !== except &&
        r.clave_socio === values.clave_socio &&
        r.fecha_solicitud === values.fecha_solicitud &&
        r.monto_solicitado === values.monto_solicitado,
    ) ?? null
  );
}

/** The server's message naming the request already there. */
export function duplicateMessage(folio: number): string {
  return msg('server.requests.duplicate', { folio });
}
