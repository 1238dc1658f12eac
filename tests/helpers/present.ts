/**
 * Reading fixtures that must be there. Under `noUncheckedIndexedAccess` an element of a list is
 * `T | undefined`; these fail the test at once, naming what was missing, instead of letting an
 * `undefined` travel into a request and fail later with a puzzling answer.
 */

/** A list of exactly `N` elements, as a tuple type (`Tuple<number, 2>` is `[number, number]`). */
export type Tuple<T, N extends number, Acc extends T[] = []> = Acc['length'] extends N
  ? Acc
  : Tuple<T, N, [...Acc, T]>;

/** Element `i` of `xs`; throws "expected <what>" when the list is too short. */
export function at<T>(xs: readonly T[], i: number, what: string): T {
  const x = xs[i];
  if (x === undefined)
    throw new Error(`expected ${what} (item ${i + 1} of a list of ${xs.length})`);
  return x;
}

/** The first element of `xs`; throws "expected <what>" when the list is empty. */
export function first<T>(xs: readonly T[], what: string): T {
  return at(xs, 0, what);
}

function hasLength<T, N extends number>(xs: readonly T[], n: N): xs is Tuple<T, N> {
  return xs.length === n;
}

/** `xs` as an `n`-tuple, for destructuring; throws "expected <what>" unless it has exactly `n`. */
export function exactly<T, N extends number>(xs: readonly T[], n: N, what: string): Tuple<T, N> {
  if (!hasLength(xs, n)) throw new Error(`expected ${n} × ${what}, got ${xs.length}`);
  return xs;
}
