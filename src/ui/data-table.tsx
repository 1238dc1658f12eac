/**
 * DataTable: the generic list of spec part 1 §2 on TanStack Table v9 — global search,
 * per-column filter toggle, sorting, pagination (10/20/30/40/50; default 10, 40 with hidden
 * search), go-to-page, optional row selection kept in `#ui/selection-store.ts`, optional
 * footer, clickable rows. Only the current page is rendered, so 6,000 rows stay fast.
 *
 * Pass STABLE `columns` (module scope or `useMemo`) built with `createColumns<Row>()` from
 * `#ui/data-table-features.ts`, and a `getRowId` returning the record's key whenever rows
 * are selectable (the index default breaks when the data changes order).
 */
import {
  functionalUpdate,
  useTable,
  type Column,
  type ColumnFiltersState,
  type Header,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, HIDDEN_SEARCH_PAGE_SIZE } from '#domain/codes';
import { PaginationBar } from '#ui/data-table-pagination.tsx';
import {
  dataTableFeatures,
  normalizeSearchText,
  type DataTableColumn,
  type DataTableFeatures,
} from '#ui/data-table-features.ts';
import { setSelection, useSelection, type SelectedRows } from '#ui/selection-store.ts';

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
}

type Features = DataTableFeatures;

/** Run `work` once the browser is idle (a timer where there is no idle callback); cancellable. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 50);
  return () => window.clearTimeout(handle);
}
const SELECT_COLUMN_ID = '_select';
const defaultRowId = (_row: unknown, index: number) => String(index);

function columnLabel<Row extends RowData>(column: Column<Features, Row, unknown>): string {
  const def = column.columnDef;
  if (def.meta?.filterLabel) return def.meta.filterLabel;
  return typeof def.header === 'string' ? def.header : column.id;
}

function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return 'none';
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

  const selection = useSelection<Row>(id);
  const rowSelection = useMemo<RowSelectionState>(() => {
    const state: RowSelectionState = {};
    for (const key of selection.ids) state[key] = true;
    return state;
  }, [selection.ids]);

  const onRowSelectionChange = useCallback(
    (updater: Updater<RowSelectionState>) => {
      const next = functionalUpdate(updater, rowSelection);
      const rowId = getRowId ?? defaultRowId;
      const byId: Record<string, Row> = {};
      // Keep rows selected earlier that are no longer in `data` (e.g. filtered upstream).
      for (const [key, row] of Object.entries(selection.byId)) if (next[key]) byId[key] = row;
      data.forEach((row, index) => {
        const key = rowId(row, index);
        if (next[key]) byId[key] = row;
      });
      setSelection<Row>(id, byId as SelectedRows<Row>);
    },
    [data, getRowId, id, rowSelection, selection.byId],
  );

  const allColumns = useMemo<DataTableColumn<Row>[]>(() => {
    if (!selectable) return columns;
    const selectColumn: DataTableColumn<Row> = {
      id: SELECT_COLUMN_ID,
      enableSorting: false,
      enableColumnFilter: false,
      enableGlobalFilter: false,
      // Each box sits in a label as big as a fingertip; a tap on it never opens the row.
      header: ({ table }) => (
        <label className="dt-check">
          <input
            type="checkbox"
            className="checkbox"
            aria-label={t('ui.table.selectPage')}
            checked={table.getIsAllPageRowsSelected()}
            ref={(el) => {
              if (el) el.indeterminate = table.getIsSomePageRowsSelected();
            }}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        </label>
      ),
      cell: ({ row }) => (
        <label className="dt-check" onClick={(event) => event.stopPropagation()}>
          <input
            type="checkbox"
            className="checkbox"
            aria-label={t('ui.table.selectRow')}
            checked={row.getIsSelected()}
            onClick={(event) => event.stopPropagation()}
            onKeyDown={(event) => event.stopPropagation()}
            onChange={row.getToggleSelectedHandler()}
          />
        </label>
      ),
    };
    return [selectColumn, ...columns];
  }, [columns, selectable, t]);

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
    state: { globalFilter, columnFilters: deferredColumnFilters, rowSelection },
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
  const leafColumns = table.getAllLeafColumns();
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

  function filterValue(columnId: string): string {
    const entry = columnFilters.find((filter) => filter.id === columnId);
    return typeof entry?.value === 'string' ? entry.value : '';
  }

  function renderHeader(header: Header<Features, Row, unknown>) {
    const column = header.column;
    const sorted = column.getIsSorted();
    const canSort = column.getCanSort();
    const align = column.columnDef.meta?.align === 'end' ? ' is-end' : '';
    return (
      <th
        key={header.id}
        scope="col"
        colSpan={header.colSpan}
        className={`dt-th${align}`}
        aria-sort={canSort ? ariaSort(sorted) : undefined}
      >
        {header.isPlaceholder ? null : canSort ? (
          <button
            type="button"
            className="dt-sort"
            onClick={() => {
              column.toggleSorting();
              table.setPageIndex(0);
            }}
          >
            <table.FlexRender header={header} />
            <span className="dt-sort-mark" aria-hidden="true">
              {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
            </span>
          </button>
        ) : (
          <table.FlexRender header={header} />
        )}
        {filtersOpen && column.getCanFilter() ? (
          <input
            type="search"
            className="input dt-col-filter"
            aria-label={t('ui.table.filterColumn', { column: columnLabel(column) })}
            value={filterValue(column.id)}
            onChange={(event) => {
              column.setFilterValue(event.target.value);
              table.setPageIndex(0);
            }}
          />
        ) : null}
      </th>
    );
  }

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: Row) {
    if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick?.(row);
  }

  return (
    <section
      className="dt card"
      aria-labelledby={props.caption ? `${searchId}-caption` : undefined}
    >
      <div className="dt-toolbar">
        {hideSearch ? null : (
          <div className="dt-search">
            <label htmlFor={searchId} className="sr-only">
              {t('ui.table.search')}
            </label>
            <input
              id={searchId}
              type="search"
              className="input"
              placeholder={t('ui.table.searchPlaceholder')}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                table.setPageIndex(0);
              }}
            />
          </div>
        )}
        {hasFilterableColumns ? (
          <button
            type="button"
            className={`btn btn-ghost${filtersOpen ? ' is-active' : ''}`}
            aria-pressed={filtersOpen}
            onClick={() => {
              // Closing the filter row also removes its filters, so no hidden filter remains.
              if (filtersOpen) setColumnFilters([]);
              setFiltersOpen(!filtersOpen);
            }}
          >
            {t('ui.table.columnFilters')}
          </button>
        ) : null}
        {props.toolbar}
      </div>
      <div className="dt-scroll">
        <table className="dt-table">
          {props.caption ? (
            <caption id={`${searchId}-caption`} className="sr-only">
              {props.caption}
            </caption>
          ) : null}
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>{group.headers.map(renderHeader)}</tr>
            ))}
          </thead>
          <tbody>
            {pageRows.length === 0 ? (
              <tr>
                <td className="dt-empty" colSpan={leafColumns.length}>
                  {props.emptyText ?? t('ui.table.empty')}
                </td>
              </tr>
            ) : (
              pageRows.map((row) => (
                <tr
                  key={row.id}
                  className={`${onRowClick ? 'is-clickable' : ''}${row.getIsSelected() ? ' is-selected' : ''}`}
                  tabIndex={onRowClick ? 0 : undefined}
                  onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                  onKeyDown={onRowClick ? (event) => onRowKeyDown(event, row.original) : undefined}
                >
                  {row.getAllCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cell.column.columnDef.meta?.align === 'end' ? 'is-end' : undefined}
                    >
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {footerCells ? (
            <tfoot>
              <tr>
                {leafColumns.map((column) => (
                  <td
                    key={column.id}
                    className={column.columnDef.meta?.align === 'end' ? 'is-end' : undefined}
                  >
                    {footerCells[column.id] ?? null}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
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
      {selectable && selection.ids.length > 0 ? (
        <p className="dt-selected" aria-live="polite">
          {t('ui.table.selectedCount', { n: selection.ids.length })}
        </p>
      ) : null}
    </section>
  );
}
