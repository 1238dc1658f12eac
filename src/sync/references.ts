/**
 * Generic exact-value replacement in a JSON payload: once the server gives a record its id,
 * every queued command that still names the record by its client UUID names it by the server
 * id. UUIDs are unique, so an exact match cannot hit an unrelated value.
 */
export function replaceValue(value: unknown, from: string, to: string | number): unknown {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((item) => replaceValue(item, from, to));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = replaceValue(v, from, to);
    return out;
  }
  return value;
}

/** Whether `value` contains `needle` anywhere (to skip rewriting rows that don't mention it). */
export function containsValue(value: unknown, needle: string): boolean {
  if (value === needle) return true;
  if (Array.isArray(value)) return value.some((item) => containsValue(item, needle));
  if (value && typeof value === 'object')
    return Object.values(value).some((v) => containsValue(v, needle));
  return false;
}
