/**
 * Parts of DataTable (#ui/data-table.tsx) kept apart so the table itself reads as one layout:
 * the selection column and its shared-store state, a header cell (sort button, column filter)
 * and the body rows.
 */
import {
  FlexRender,
  functionalUpdate,
  type Column,
  type Header,
  type Row as TableRow,
  type RowData,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import { useCallback, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn, DataTableFeatures } from '#ui/data-table-features.ts';
import { setSelection, useSelection } from '#ui/selection-store.ts';

type Features = DataTableFeatures;

const SELECT_COLUMN_ID = '_select';
const defaultRowId = (_row: unknown, index: number) => String(index);

/** `columns` led by a checkbox column when the table is selectable. */
export function useSelectableColumns<Row extends RowData>(
  columns: DataTableColumn<Row>[],
  selectable: boolean,
): DataTableColumn<Row>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!selectable) return columns;
    const selectColumn: DataTableColumn<Row> = {
      id: SELECT_COLUMN_ID,
      enableHiding: false,
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
}

/**
 * The table's selection, kept in the shared selection store under `id` (so other screens read
 * it), as TanStack's row-selection state and its change handler.
 */
export function useStoredSelection<Row extends RowData>(
  id: string,
  data: readonly Row[],
  getRowId: ((row: Row, index: number) => string) | undefined,
) {
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
      setSelection<Row>(id, byId);
    },
    [data, getRowId, id, rowSelection, selection.byId],
  );
  return { selectedCount: selection.ids.length, rowSelection, onRowSelectionChange };
}

export function columnLabel<Row extends RowData>(column: Column<Features, Row, unknown>): string {
  const def = column.columnDef;
  if (def.meta?.filterLabel) return def.meta.filterLabel;
  return typeof def.header === 'string' ? def.header : column.id;
}

function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return 'none';
}

type HeaderCellProps<Row extends RowData> = {
  header: Header<Features, Row, unknown>;
  /** The column's filter box is shown (the filter row is open). */
  filtersOpen: boolean;
  filterValue: string;
  /** Sorting or filtering changed the rows: back to the first page. */
  onRowsReordered: () => void;
};

export function HeaderCell<Row extends RowData>(props: HeaderCellProps<Row>) {
  const { header, filtersOpen, filterValue, onRowsReordered } = props;
  const { t } = useTranslation();
  const column = header.column;
  const sorted = column.getIsSorted();
  const canSort = column.getCanSort();
  const align = column.columnDef.meta?.align === 'end' ? ' is-end' : '';
  return (
    <th
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
            onRowsReordered();
          }}
        >
          <FlexRender header={header} />
          <span className="dt-sort-mark" aria-hidden="true">
            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
          </span>
        </button>
      ) : (
        <FlexRender header={header} />
      )}
      {filtersOpen && column.getCanFilter() ? (
        <input
          type="search"
          className="input dt-col-filter"
          aria-label={t('ui.table.filterColumn', { column: columnLabel(column) })}
          value={filterValue}
          onChange={(event) => {
            column.setFilterValue(event.target.value);
            onRowsReordered();
          }}
        />
      ) : null}
    </th>
  );
}

type BodyRowsProps<Row extends RowData> = {
  rows: TableRow<Features, Row>[];
  columnCount: number;
  emptyText: ReactNode;
  onRowClick?: (row: Row) => void;
};

/** The page's rows; one full-width cell saying so when none match. */
export function BodyRows<Row extends RowData>(props: BodyRowsProps<Row>) {
  const { rows, onRowClick } = props;
  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: Row) {
    if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick?.(row);
  }
  if (rows.length === 0)
    return (
      <tr>
        <td className="dt-empty" colSpan={props.columnCount}>
          {props.emptyText}
        </td>
      </tr>
    );
  return rows.map((row) => (
    <tr
      key={row.id}
      className={`${onRowClick ? 'is-clickable' : ''}${row.getIsSelected() ? ' is-selected' : ''}`}
      tabIndex={onRowClick ? 0 : undefined}
      onClick={onRowClick ? () => onRowClick(row.original) : undefined}
      onKeyDown={onRowClick ? (event) => onRowKeyDown(event, row.original) : undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <td
          key={cell.id}
          className={cell.column.columnDef.meta?.align === 'end' ? 'is-end' : undefined}
        >
          <FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  ));
}

type SearchBoxProps = { id: string; value: string; onChange: (text: string) => void };

/** The table's global search, its label read by screen readers only. */
export function SearchBox({ id, value, onChange }: SearchBoxProps) {
  const { t } = useTranslation();
  return (
    <div className="dt-search">
      <label htmlFor={id} className="sr-only">
        {t('ui.table.search')}
      </label>
      <input
        id={id}
        type="search"
        className="input"
        placeholder={t('ui.table.searchPlaceholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The button that shows or hides the row of column filters. */
export function FilterToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`btn btn-ghost${open ? ' is-active' : ''}`}
      aria-pressed={open}
      onClick={onToggle}
    >
      {t('ui.table.columnFilters')}
    </button>
  );
}

type FooterRowProps<Row extends RowData> = {
  columns: Column<Features, Row, unknown>[];
  cells: Partial<Record<string, ReactNode>>;
};

/** The footer: one cell per column, aligned as the column is. */
export function FooterRow<Row extends RowData>({ columns, cells }: FooterRowProps<Row>) {
  return (
    <tfoot>
      <tr>
        {columns.map((column) => (
          <td
            key={column.id}
            className={column.columnDef.meta?.align === 'end' ? 'is-end' : undefined}
          >
            {cells[column.id] ?? null}
          </td>
        ))}
      </tr>
    </tfoot>
  );
}
