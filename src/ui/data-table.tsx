/**
 * DataTable: the generic list of every screen on TanStack Table v9 — global search,
 * per-column filter toggle, sorting, pagination (10/20/30/40/50; default 10, 40 with hidden
 * search), go-to-page, optional row selection kept in `#ui/selection-store.ts`, optional
 * footer, clickable rows, a column chooser (default set per table, the choice kept on the
 * device) and a shadow where columns hide sideways. Only the current page is rendered, so
 * 6,000 rows stay fast.
 *
 * Pass STABLE `columns` (module scope or `useMemo`) built with `createColumns<Row>()` from
 * `#ui/data-table-features.ts`, and a `getRowId` returning the record's key whenever rows
 * are selectable (the index default breaks when the data changes order).
 */
import {
  useTable,
  type ColumnFiltersState,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { useDeferredValue, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, HIDDEN_SEARCH_PAGE_SIZE } from '#domain/codes';
import { PaginationBar } from '#ui/data-table-pagination.tsx';
import {
  ColumnChooser,
  TableScrollFrame,
  useStoredColumnVisibility,
} from '#ui/data-table-columns.tsx';
import {
  BodyRows,
  columnLabel,
  FilterToggle,
  FooterRow,
  HeaderCell,
  SearchBox,
  useSelectableColumns,
  useStoredSelection,
} from '#ui/data-table-parts.tsx';
import {
  dataTableFeatures,
  normalizeSearchText,
  type DataTableColumn,
} from '#ui/data-table-features.ts';

export interface DataTableProps<Row extends RowData> {
  /** Stable id: keys the shared selection and labels the table's controls. */
  id: string;
  data: readonly Row[];
  columns: DataTableColumn<Row>[];
  /** The record's key; required in practice when `selectable`. */
  getRowId?: (row: Row, index: number) => string;
  hideSearch?: boolean;
  selectable?: boolean;
  onRowClick?: (row: Row) => void;
  /** Footer cells by column id, computed from every row that passes the filters. */
  footer?: (rows: Row[]) => Partial<Record<string, ReactNode>>;
  initialSorting?: SortingState;
  /** Shown instead of rows when none match (already translated). */
  emptyText?: string;
  /** Accessible name of the table (already translated). */
  caption?: string;
  /** Extra controls beside the search box (export, new record…). */
  toolbar?: ReactNode;
  /**
   * Columns hidden until the user shows them (the chooser): what does not fit a 1366 px
   * screen beside the others. STABLE (module scope), like `columns`.
   */
  defaultHidden?: readonly string[];
}

const NONE_HIDDEN: readonly string[] = [];

/** Run `work` once the browser is idle (a timer where there is no idle callback); cancellable. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 50);
  return () => window.clearTimeout(handle);
}

function filterValueOf(filters: ColumnFiltersState, columnId: string): string {
  const entry = filters.find((filter) => filter.id === columnId);
  return typeof entry?.value === 'string' ? entry.value : '';
}

export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { id, data, columns, getRowId, hideSearch, selectable, onRowClick, footer } = props;
  const { t } = useTranslation();
  const searchId = useId();

  // Search and column filters are typed into React state and reach the table deferred, so
  // typing stays responsive while thousands of rows are filtered.
  const [search, setSearch] = useState('');
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const globalFilter = useDeferredValue(search);
  const deferredColumnFilters = useDeferredValue(columnFilters);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const { selectedCount, rowSelection, onRowSelectionChange } = useStoredSelection(
    id,
    data,
    getRowId,
  );
  const allColumns = useSelectableColumns(columns, Boolean(selectable));
  const shownColumns = useStoredColumnVisibility(id, props.defaultHidden ?? NONE_HIDDEN);

  const table = useTable({
    features: dataTableFeatures,
    columns: allColumns,
    data,
    getRowId,
    defaultColumn: { filterFn: 'text' },
    globalFilterFn: 'text',
    // Every accessor column is searchable (not only those whose first value is a string);
    // a column opts out with `enableGlobalFilter: false`.
    getColumnCanGlobalFilter: () => true,
    enableRowSelection: Boolean(selectable),
    // Replica refreshes (sync pulls) must not send the user back to page 1; searching,
    // filtering and sorting do, explicitly, below.
    autoResetPageIndex: false,
    initialState: {
      sorting: props.initialSorting ?? [],
      pagination: {
        pageIndex: 0,
        pageSize: hideSearch ? HIDDEN_SEARCH_PAGE_SIZE : DEFAULT_PAGE_SIZE,
      },
    },
    state: {
      globalFilter,
      columnFilters: deferredColumnFilters,
      rowSelection,
      columnVisibility: shownColumns.visibility,
    },
    onColumnVisibilityChange: shownColumns.onVisibilityChange,
    onGlobalFilterChange: setSearch,
    onColumnFiltersChange: setColumnFilters,
    onRowSelectionChange,
  });

  const filteredModel = table.getFilteredRowModel();
  const footerCells = useMemo(
    () => (footer ? footer(filteredModel.rows.map((row) => row.original)) : null),
    [footer, filteredModel],
  );

  const pageRows = table.getRowModel().rows;
  const leafColumns = table.getVisibleLeafColumns();
  const hasFilterableColumns = leafColumns.some((column) => column.getCanFilter());
  const { pageIndex, pageSize } = table.state.pagination;
  const pageCount = table.getPageCount();

  // Normalise the searchable texts while the phone is idle after the data arrive, so the first
  // keystroke filters thousands of rows as fast as the later ones (the texts are cached).
  useEffect(() => {
    if (hideSearch) return;
    return whenIdle(() => {
      const searchable = table.getAllLeafColumns().filter((c) => c.getCanGlobalFilter());
      for (const row of table.getCoreRowModel().rows)
        for (const column of searchable) normalizeSearchText(row.getValue(column.id));
    });
  }, [data, hideSearch, table]);

  // Data shrank under the current page (rows removed upstream): show the last page that exists.
  useEffect(() => {
    if (pageIndex > 0 && pageIndex >= pageCount) table.setPageIndex(Math.max(pageCount - 1, 0));
  }, [pageIndex, pageCount, table]);

  return (
    <section
      className="dt card"
      aria-labelledby={props.caption ? `${searchId}-caption` : undefined}
    >
      <div className="dt-toolbar">
        {hideSearch ? null : (
          <SearchBox
            id={searchId}
            value={search}
            onChange={(text) => {
              setSearch(text);
              table.setPageIndex(0);
            }}
          />
        )}
        {hasFilterableColumns ? (
          <FilterToggle
            open={filtersOpen}
            onToggle={() => {
              // Closing the filter row also removes its filters, so no hidden filter remains.
              if (filtersOpen) setColumnFilters([]);
              setFiltersOpen(!filtersOpen);
            }}
          />
        ) : null}
        <ColumnChooser
          columns={table.getAllLeafColumns()}
          labelOf={columnLabel}
          onShowAll={() => table.setColumnVisibility({})}
          onReset={shownColumns.reset}
        />
        {props.toolbar}
      </div>
      <TableScrollFrame>
        <table className="dt-table">
          {props.caption ? (
            <caption id={`${searchId}-caption`} className="sr-only">
              {props.caption}
            </caption>
          ) : null}
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell
                    key={header.id}
                    header={header}
                    filtersOpen={filtersOpen}
                    filterValue={filterValueOf(columnFilters, header.column.id)}
                    onRowsReordered={() => table.setPageIndex(0)}
                  />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            <BodyRows
              rows={pageRows}
              columnCount={leafColumns.length}
              emptyText={props.emptyText ?? t('ui.table.empty')}
              onRowClick={onRowClick}
            />
          </tbody>
          {footerCells ? <FooterRow columns={leafColumns} cells={footerCells} /> : null}
        </table>
      </TableScrollFrame>
      <PaginationBar
        pageIndex={pageIndex}
        pageCount={pageCount}
        pageSize={pageSize}
        rowCount={filteredModel.rows.length}
        canPrevious={table.getCanPreviousPage()}
        canNext={table.getCanNextPage()}
        onPageIndex={(index) => table.setPageIndex(index)}
        onPageSize={(size) => table.setPageSize(size)}
      />
      {selectable && selectedCount > 0 ? (
        <p className="dt-selected" aria-live="polite">
          {t('ui.table.selectedCount', { n: selectedCount })}
        </p>
      ) : null}
    </section>
  );
}
