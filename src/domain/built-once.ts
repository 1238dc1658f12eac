/**
 * A value built on its first use, then kept. For the schemas of modules a start loads but does
 * not use (a pull's answer, a forecast, the unlock form): zod builds each schema's methods when it
 * is created, tens of milliseconds on a throttled phone that the start would otherwise pay.
 */
export function builtOnce<T>(build: () => T): () => T {
  let kept: { value: T } | null = null;
  return () => {
    kept ??= { value: build() };
    return kept.value;
  };
}
