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
