/**
 * Every write command of the app, one definition per kind of the `CommandMap` (checked by the
 * type below: a kind without its definition, or a definition under another kind, fails the
 * typecheck). The page and the service worker register the same catalog at boot.
 */
import { registerCommand } from '#sync/commands';
import type { Command, CommandKind } from './command-map.ts';
import { acopioCreateCommand } from './acopios.ts';
import { comunidadCreateCommand, comunidadUpdateCommand } from './comunidades.ts';
import { activateCommand, extendCommand, waiveCommand } from './creditos.ts';
import { movimientoBankCommand, movimientoCreateCommand } from './movimientos.ts';
import { pagoBankCommand, pagoCreateCommand } from './pagos.ts';
import { profileUpdateCommand } from './perfil.ts';
import { socioCreateCommand, socioUpdateCommand } from './socios.ts';
import { solicitudEvaluationCommand, solicitudReviewCommand } from './solicitud-review.ts';
import {
  solicitudCreateCommand,
  solicitudRenegotiateCommand,
  solicitudResubmitCommand,
} from './solicitudes.ts';
import { viajeCloseCommand } from './viajes.ts';
import { visitaMarcaCommand } from './visitas.ts';
import {
  traduccionApproveCommand,
  traduccionRevertCommand,
  traduccionSaveCommand,
} from './traducciones.ts';

export const COMMANDS: { readonly [K in CommandKind]: Command<K> } = {
  'profile.update': profileUpdateCommand,
  'socio.create': socioCreateCommand,
  'socio.update': socioUpdateCommand,
  'comunidad.create': comunidadCreateCommand,
  'comunidad.update': comunidadUpdateCommand,
  'solicitud.create': solicitudCreateCommand,
  'solicitud.resubmit': solicitudResubmitCommand,
  'solicitud.renegotiate': solicitudRenegotiateCommand,
  'solicitud.review': solicitudReviewCommand,
  'solicitud.evaluation': solicitudEvaluationCommand,
  'contrato.activate': activateCommand,
  'contrato.extend': extendCommand,
  'condonacion.create': waiveCommand,
  'pago.create': pagoCreateCommand,
  'pago.bank': pagoBankCommand,
  'acopio.create': acopioCreateCommand,
  'movimiento.create': movimientoCreateCommand,
  'movimiento.bank': movimientoBankCommand,
  'viaje.close': viajeCloseCommand,
  'visita.marca': visitaMarcaCommand,
  'traduccion.save': traduccionSaveCommand,
  'traduccion.approve': traduccionApproveCommand,
  'traduccion.revert': traduccionRevertCommand,
};

/** Register every command with the sync engine (at boot; again is harmless). */
export function registerAppCommands(): void {
  for (const command of Object.values(COMMANDS)) registerCommand(command);
}
