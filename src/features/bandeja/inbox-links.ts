/**
 * Where the office acts on a field write: the existing screen of its record — a
 * request on the control desk, a payment's detail, a member's contributions, the closings —
 * and how long it waited on the phone.
 */
import type { InboxRow } from '#domain/field-inbox';

/** The route that opens a write's record, or null when there is none to open (a profile). */
export function recordRoute(
  kind: string,
  recordRef: string | null,
  member: number | null,
): string | null {
  switch (kind) {
    case 'solicitud.create':
    case 'solicitud.resubmit':
      if (!recordRef) return null;
      // A folio is the desk's own address; anything else still reaches it as before.
      return /^\d+$/.test(recordRef)
        ? `/mesa-control/${recordRef}`
        : `/mesa-control?folio=${encodeURIComponent(recordRef)}`;
    case 'pago.create':
      return recordRef ? `/pagos?abrir=${encodeURIComponent(recordRef)}` : null;
    case 'acopio.create':
      return recordRef ? `/acopios?abrir=${encodeURIComponent(recordRef)}` : null;
    case 'movimiento.create':
      if (!recordRef) return member ? `/movimientos?socio=${member}` : null;
      return `/movimientos?${member ? `socio=${member}&` : ''}abrir=${encodeURIComponent(recordRef)}`;
    case 'viaje.close':
      return recordRef ? `/cierres-viaje?abrir=${encodeURIComponent(recordRef)}` : '/cierres-viaje';
    case 'socio.create':
    case 'socio.update':
      return recordRef ? `/socios?abrir=${encodeURIComponent(recordRef)}` : null;
    default:
      return null;
  }
}

/** The row's own record, or — for a corrected refusal — the record that replaced it. */
export function rowRoute(row: InboxRow): string | null {
  const replacement = row.rechazo?.reemplazo;
  if (replacement) return recordRoute(replacement.kind, replacement.record_ref, row.clave_socio);
  if (row.rechazo) return null;
  return recordRoute(row.kind, row.record_ref, row.clave_socio);
}

/** Minutes → the parts of "2 d 3 h", "4 h 5 min", "12 min". */
export function delayParts(
  minutes: number,
):
  | { key: 'minutes'; count: number }
  | { key: 'hours'; h: number; m: number }
  | { key: 'days'; d: number; h: number } {
  if (minutes < 60) return { key: 'minutes', count: minutes };
  if (minutes < 24 * 60) return { key: 'hours', h: Math.floor(minutes / 60), m: minutes % 60 };
  return { key: 'days', d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60) };
}
