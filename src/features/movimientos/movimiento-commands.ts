/** The contribution/withdrawal create and bank-data edit writes as outbox commands (filled in by its area issue). */
export function registerMovimientoCommands(): void {
  // No commands yet.
}
