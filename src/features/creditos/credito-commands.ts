/** The contract activation, waiver and extension writes as outbox commands (filled in by its area issue). */
export function registerCreditoCommands(): void {
  // No commands yet.
}
