/** Types of `@mauricioinaz/say-tseltal` (shipped as untyped ESM; bundled by Vite). */
declare module '@mauricioinaz/say-tseltal' {
  /** The Tseltal words of an integer 0–60800000; throws outside that range or on a non-integer. */
  export function sayTseltal(n: number | string): string;
}
