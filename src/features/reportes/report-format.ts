/** How the reports show a month and a percentage that may be missing. */
import type { Lang } from '#domain/codes';
import { formatDate, formatNumber, formatPercent } from '#domain/format';

/** 'YYYY-MM' as "mar 2025" (the month of `formatDate`, without a day). */
export function monthLabel(month: string, lang: Lang): string {
  return formatDate(`${month}-01`, lang).replace(/^1 /, '');
}

/** A percentage, or a dash when there is none (no outstanding capital, no requests). */
export const percentOrDash = (value: number | null): string =>
  value === null ? '—' : formatPercent(value);

export const daysOrDash = (value: number | null): string =>
  value === null ? '—' : formatNumber(value, 1);

/** Cents as pesos for a chart axis (the chart draws numbers, the table shows the money). */
export const pesos = (cents: number): number => cents / 100;
