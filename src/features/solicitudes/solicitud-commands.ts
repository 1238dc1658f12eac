/** The credit request create / resubmit / renegotiate writes as outbox commands (filled in by its area issue). */
export function registerSolicitudCommands(): void {
  // No commands yet.
}
