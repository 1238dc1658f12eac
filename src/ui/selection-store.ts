/**
 * Selected rows of every selectable table, keyed by the table's stable id: the
 * selected rows are kept as shared state and cleared after a successful save. A form
 * elsewhere on the screen reads them with `getSelection`/`useSelection` and calls
 * `clearSelection` once its save succeeded.
 */
import { useMemo } from 'react';
import { create } from 'zustand';

/** Row id → the row object as it was when selected. */
export type SelectedRows<Row = unknown> = Readonly<Record<string, Row>>;

interface SelectionState {
  tables: Readonly<Record<string, SelectedRows>>;
}

const EMPTY: SelectedRows = Object.freeze({});

export const useSelectionStore = create<SelectionState>(() => ({ tables: {} }));

export interface TableSelection<Row> {
  /** Selected row ids, in selection order. */
  ids: string[];
  /** Selected row objects, same order as `ids`. */
  rows: Row[];
  byId: SelectedRows<Row>;
}

function toSelection<Row>(byId: SelectedRows<Row>): TableSelection<Row> {
  return { ids: Object.keys(byId), rows: Object.values(byId), byId };
}

/** Replace a table's selection (the DataTable calls this; features rarely need it). */
export function setSelection<Row>(tableId: string, byId: SelectedRows<Row>): void {
  useSelectionStore.setState((state) => ({ tables: { ...state.tables, [tableId]: byId } }));
}

/** Forget a table's selection (after a successful save, or when its screen closes). */
export function clearSelection(tableId: string): void {
  useSelectionStore.setState((state) => {
    if (!(tableId in state.tables)) return state;
    const tables = Object.fromEntries(
      Object.entries(state.tables).filter(([id]) => id !== tableId),
    );
    return { tables };
  });
}

/** Current selection of a table, outside React (event handlers, save functions). */
export function getSelection<Row = unknown>(tableId: string): TableSelection<Row> {
  // The table that wrote the entry is the one that knows its row type.
  const byId = (useSelectionStore.getState().tables[tableId] ?? EMPTY) as SelectedRows<Row>;
  return toSelection(byId);
}

/** Subscribe a component to a table's selection. */
export function useSelection<Row = unknown>(tableId: string): TableSelection<Row> {
  const byId = useSelectionStore((state) => (state.tables[tableId] ?? EMPTY) as SelectedRows<Row>);
  return useMemo(() => toSelection(byId), [byId]);
}
