/**
 * The one TanStack Table v9 feature registry every list of the app shares. Feature screens
 * build their column definitions with `createColumns<Row>()` so the column types match the
 * registry `DataTable` renders with.
 */
import {
  columnFilteringFeature,
  columnVisibilityFeature,
  constructFilterFn,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  metaHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/** Per-column presentation hints (`meta` of a column definition). */
export interface DataTableColumnMeta {
  /** Numbers and money read better right-aligned. */
  align?: 'start' | 'end';
  /** Accessible name of the column's filter input when the header is not plain text. */
  filterLabel?: string;
}

// Every keystroke filters every row, and the same few thousand names, communities and regions
// come back each time: normalising them once (not once per keystroke) keeps a 6,000-member
// search within its budget. Bounded, so a long session cannot grow it without limit.
const NORMALIZED_CACHE_LIMIT = 100_000;
const normalizedCache = new Map<string, string>();

/** Lower-case and strip accents so "gomez" finds "Gómez" (Spanish and Tseltal names). */
export function normalizeSearchText(value: unknown): string {
  if (value == null) return '';
  const text = String(value);
  const cached = normalizedCache.get(text);
  if (cached !== undefined) return cached;
  const normal = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
  if (normalizedCache.size >= NORMALIZED_CACHE_LIMIT) normalizedCache.clear();
  normalizedCache.set(text, normal);
  return normal;
}

/** Case- and accent-insensitive "contains"; empty filter values remove the filter. */
export const textFilter = constructFilterFn({
  filter: (dataValue: string, filterValue: string) => dataValue.includes(filterValue),
  resolveDataValue: normalizeSearchText,
  resolveFilterValue: (value: unknown) => normalizeSearchText(value).trim(),
  autoRemove: (value: unknown) => value == null || String(value).trim() === '',
});

export const dataTableFeatures = tableFeatures({
  columnFilteringFeature,
  columnVisibilityFeature,
  globalFilteringFeature,
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  filterFns: { text: textFilter },
  sortFns: {
    alphanumeric: sortFn_alphanumeric,
    text: sortFn_text,
    basic: sortFn_basic,
    datetime: sortFn_datetime,
  },
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;

/** A column definition of a `DataTable<Row>`. */
// Column value types differ per column, so the list is typed with `unknown` values.
export type DataTableColumn<Row extends RowData> = ColumnDef<DataTableFeatures, Row, unknown>;

/**
 * Column helper bound to the shared registry:
 * `const col = createColumns<Member>(); const columns = col.columns([col.accessor('nombres', {...})])`.
 */
export function createColumns<Row extends RowData>() {
  return createColumnHelper<DataTableFeatures, Row>();
}
