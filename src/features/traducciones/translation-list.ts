/** Filtering and progress of the strings on /traducciones (pure: the screen stays instant). */
import type { TranslationState } from '#domain/translations';
import type { TranslationItem } from './use-traducciones-data.ts';

export type StateFilter = 'all' | TranslationState;
export const STATE_FILTERS: readonly StateFilter[] = ['all', 'pending', 'draft', 'approved'];

export interface ListFilter {
  state: StateFilter;
  /** '' = every area. */
  area: string;
  query: string;
}

/** Lower case without accents: "sincronizacion" finds "Sincronización". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Each item's searchable text, folded once (typing then only compares strings). */
const haystacks = new WeakMap<TranslationItem, string>();

function haystackOf(item: TranslationItem): string {
  let text = haystacks.get(item);
  if (text === undefined) {
    text = folded([item.key, item.es, item.en, item.approved ?? '', item.draft ?? ''].join('\n'));
    haystacks.set(item, text);
  }
  return text;
}

export function filterItems(items: readonly TranslationItem[], filter: ListFilter) {
  const query = folded(filter.query.trim());
  return items.filter((item) => {
    if (filter.state !== 'all' && item.state !== filter.state) return false;
    if (filter.area !== '' && item.area !== filter.area) return false;
    return query === '' || haystackOf(item).includes(query);
  });
}

export interface AreaProgress {
  area: string;
  approved: number;
  total: number;
}

/** Approved / total per area, in the catalogue's order. */
export function progressByArea(items: readonly TranslationItem[]): AreaProgress[] {
  const areas = new Map<string, AreaProgress>();
  for (const item of items) {
    const entry = areas.get(item.area) ?? { area: item.area, approved: 0, total: 0 };
    entry.total += 1;
    if (item.approved !== null) entry.approved += 1;
    areas.set(item.area, entry);
  }
  return [...areas.values()];
}
