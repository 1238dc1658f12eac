import { formatDate } from '#domain/format';
import { useLang } from '#ui/use-lang.ts';

/** A `YYYY-MM-DD` date as day, month, year in the current language, in a <time> element. */
export function DateText({ iso }: { iso: string | null | undefined }) {
  const lang = useLang();
  if (!iso) return <span>—</span>;
  return <time dateTime={iso}>{formatDate(iso, lang)}</time>;
}
