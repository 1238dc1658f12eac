/** Types of @mauricioinaz/say-tseltal (plain ESM without declarations). */
declare module '@mauricioinaz/say-tseltal' {
  /** A whole number 0–60,800,000 in Tseltal words; throws outside that range. */
  export function sayTseltal(n: number | string): string;
}
