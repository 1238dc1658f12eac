import { formatCurrency } from '#domain/format';
import { useLang } from '#ui/use-lang.ts';

/** Money (integer cents) as MXN currency in the current language; tabular figures. */
export function Currency({ cents }: { cents: number | null | undefined }) {
  const lang = useLang();
  if (cents == null || !Number.isFinite(cents)) return <span className="num">—</span>;
  return <span className="num">{formatCurrency(cents, lang)}</span>;
}
