/**
 * A body the phone writes for a server route, tied to the schema the route parses it with (one
 * definition: the schema in src/domain that both ends import). The phone's type stays as
 * precise as what it builds (money as decimal text, a product code…), but it must be an input
 * the schema accepts — every field the schema requires, each of a type it takes — and name no
 * key the schema does not know (the routes' bodies are strict: an unknown key is a 400). A
 * change to the server's schema that the phone's body no longer meets fails the typecheck.
 */
import type * as z from 'zod';

/** The keys whose field accepts `undefined`: JSON may leave them out. */
type KeysTakingUndefined<I> = { [K in keyof I]-?: undefined extends I[K] ? K : never }[keyof I];

/** A schema's input as JSON may send it: a field that takes `undefined` may be missing. */
export type WireInput<S extends z.ZodType> = Omit<z.input<S>, KeysTakingUndefined<z.input<S>>> &
  Partial<Pick<z.input<S>, KeysTakingUndefined<z.input<S>>>>;

/** `B` may not hold a key that `I` does not name. */
type OnlyKeysOf<B, I> = { [K in Exclude<keyof B, keyof I>]: never };

export type WireBody<S extends z.ZodType, B extends WireInput<S> & OnlyKeysOf<B, z.input<S>>> = B;
