/** Every feature's sync commands, registered once at boot (and by tests that need them). */
import { registerProfileCommand } from '#features/perfil/profile-command.ts';
import { registerSocioCommands } from '#features/socios/socio-commands.ts';
import { registerComunidadCommands } from '#features/tsumbalil/comunidad-commands.ts';
import { registerSolicitudCommands } from '#features/solicitudes/solicitud-commands.ts';
import { registerSolicitudReviewCommands } from '#features/solicitudes/solicitud-review-commands.ts';
import { registerCreditoCommands } from '#features/creditos/credito-commands.ts';
import { registerPagoCommands } from '#features/pagos/pago-commands.ts';
import { registerAcopioCommands } from '#features/acopios/acopio-commands.ts';
import { registerMovimientoCommands } from '#features/movimientos/movimiento-commands.ts';

export function registerAppCommands(): void {
  registerProfileCommand();
  registerSocioCommands();
  registerComunidadCommands();
  registerSolicitudCommands();
  registerSolicitudReviewCommands();
  registerCreditoCommands();
  registerPagoCommands();
  registerAcopioCommands();
  registerMovimientoCommands();
}
