/**
 * Query pieces whose presence the types cannot see: drizzle's `and`/`or` answer
 * `SQL | undefined` (undefined when every condition is), and a RETURNING or a read by key
 * answers a list. These say where the answer is known to be there, and fail loudly if not.
 */
import { and, or, type SQL } from 'drizzle-orm';

/** Every condition: the first one is always set, the others may be left out (`undefined`). */
export function allOf(first: SQL, ...rest: (SQL | undefined)[]): SQL {
  return and(first, ...rest) ?? first;
}

/** Any of the conditions: the first one is always set, the others may be left out. */
export function anyOf(first: SQL, ...rest: (SQL | undefined)[]): SQL {
  return or(first, ...rest) ?? first;
}

/**
 * The row a statement must give back (an INSERT … RETURNING, a read of a row the same
 * transaction just wrote): none is the server's bug, a 500, never a caller's 404.
 */
export function theRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`${what}: the statement gave back no row`);
  return row;
}
