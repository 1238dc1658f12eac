import { formatRate } from '#domain/format';

/** A stored rate ("2.5000" = 2.5 %) as the spec shows it (value / 100, up to 4 decimals). */
export function Percent({ value }: { value: number | string | null | undefined }) {
  if (value == null || value === '') return <span className="num">—</span>;
  return <span className="num">{formatRate(value)}</span>;
}
