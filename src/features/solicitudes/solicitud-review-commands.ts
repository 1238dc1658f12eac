/** The control-desk review and manager evaluation writes as outbox commands (filled in by its area issue). */
export function registerSolicitudReviewCommands(): void {
  // No commands yet.
}
