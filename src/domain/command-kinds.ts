/**
 * The kinds of write a phone queues in its outbox, here in the domain so the server may name
 * them too; src/commands/command-map.ts types each one's payload and fails the typecheck when
 * its keys and this list differ.
 */

/** The writes a phone queues in its outbox. */
export const FIELD_COMMAND_KINDS = [
  'profile.update',
  'socio.create',
  'socio.update',
  'comunidad.create',
  'comunidad.update',
  'solicitud.create',
  'solicitud.resubmit',
  'solicitud.renegotiate',
  'solicitud.review',
  'solicitud.evaluation',
  'contrato.activate',
  'contrato.extend',
  'condonacion.create',
  'pago.create',
  'pago.bank',
  'acopio.create',
  'movimiento.create',
  'movimiento.bank',
  'viaje.close',
  'visita.marca',
  'traduccion.save',
  'traduccion.approve',
  'traduccion.revert',
] as const;
export type CommandKind = (typeof FIELD_COMMAND_KINDS)[number];

/**
 * Writes only the server names: the office's own decisions and imports, a request's PATCH that
 * names no decision, and the reports a phone sends beside its outbox.
 */
export const SERVER_WRITE_KINDS = [
  'solicitud.update',
  'banco.movimiento',
  'bandeja.review',
  'recibo.dispositivo',
  'sync.queueReport',
  'traduccion.import',
  'user.translator',
  'user.deviceLost',
] as const;
export type ServerWriteKind = (typeof SERVER_WRITE_KINDS)[number];

/** The kind a server write route records on its Idempotency-Key row (the office view's kind). */
export type WriteKind = CommandKind | ServerWriteKind;

/**
 * Names a stored key row may carry from before its kind was renamed, with today's name: the
 * server recorded a renegotiation as 'solicitud.renegotiation' while the phone queues it as
 * 'solicitud.renegotiate' (one write, one name now).
 */
const OLD_WRITE_KIND_NAMES: Readonly<Record<string, WriteKind>> = {
  'solicitud.renegotiation': 'solicitud.renegotiate',
};

/** A stored kind under its current name (an unknown one stays as it is). */
export function currentWriteKind(stored: string): string {
  return OLD_WRITE_KIND_NAMES[stored] ?? stored;
}
