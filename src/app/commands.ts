/** Every feature's sync commands, registered once at boot (and by tests that need them). */
import { registerProfileCommand } from '#features/perfil/profile-command.ts';
import { registerSocioCommands } from '#features/socios/socio-commands.ts';
import { registerComunidadCommands } from '#features/tsumbalil/comunidad-commands.ts';

export function registerAppCommands(): void {
  registerProfileCommand();
  registerSocioCommands();
  registerComunidadCommands();
}
