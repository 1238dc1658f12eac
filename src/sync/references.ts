/**
 * Generic exact-value replacement in a JSON payload: once the server gives records their ids,
 * every queued command that still names one by its client UUID names it by the server id.
 * UUIDs are unique, so an exact match cannot hit an unrelated value.
 */

/** Every string equal to a key of `ids` becomes that key's id. */
export function replaceValues(value: unknown, ids: ReadonlyMap<string, string | number>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => replaceValues(item, ids));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = replaceValues(v, ids);
    return out;
  }
  return value;
}

/** Whether `value` contains a key of `ids` anywhere (to skip rows that name none of them). */
export function containsAnyValue(value: unknown, ids: ReadonlyMap<string, unknown>): boolean {
  if (typeof value === 'string') return ids.has(value);
  if (Array.isArray(value)) return value.some((item) => containsAnyValue(item, ids));
  if (value && typeof value === 'object')
    return Object.values(value).some((v) => containsAnyValue(v, ids));
  return false;
}
