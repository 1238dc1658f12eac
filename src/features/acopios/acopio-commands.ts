/** The collection (acopio) create writes as outbox commands (filled in by its area issue). */
export function registerAcopioCommands(): void {
  // No commands yet.
}
