/**
 * Type guards for values whose type is only known at run time (JSON bodies, stored values,
 * thrown errors, list membership): checks that narrow, instead of casts that assert.
 */

/** A plain JSON-like object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value[key]` (own or inherited, getters included) when `value` is an object, else undefined. */
export function fieldOf(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const found: unknown = Reflect.get(value, key);
  return found;
}

/** Whether `value` is one of `list` (a code list, the languages…), narrowing it. */
export function isOneOf<T>(list: readonly T[], value: unknown): value is T {
  return list.some((item) => item === value);
}

/** JSON text as an unknown value (JSON.parse answers `any`). */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return value;
}

/**
 * A value the code knows is there (an index inside its list, a key it has just set, a match
 * group its pattern always fills): none is a bug, so it fails loudly instead of going on with
 * `undefined`. The lint forbids the silent `!` that would say the same.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null)
    throw new Error(`${what}: expected a value, found none`);
  return value;
}
