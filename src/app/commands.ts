/** Every feature's sync commands, registered once at boot (and by tests that need them). */
import { registerProfileCommand } from '#features/perfil/profile-command.ts';

export function registerAppCommands(): void {
  registerProfileCommand();
}
