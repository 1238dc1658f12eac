/** The payment create and bank-data edit writes as outbox commands (filled in by its area issue). */
export function registerPagoCommands(): void {
  // No commands yet.
}
