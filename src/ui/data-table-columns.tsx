/**
 * Which columns a table shows: each table has a default set that fits a desk
 * screen, a "Columnas" chooser to show or hide any of the others, and the choice is kept on
 * the device per table. Plus the sideways-scroll hint: a shadow on the side where more
 * columns hide.
 */
import type { Column, ColumnVisibilityState, RowData, Updater } from '@tanstack/react-table';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableFeatures } from '#ui/data-table-features.ts';

const STORAGE_PREFIX = 'comonsit.table.columns.';

function defaultVisibility(hidden: readonly string[]): ColumnVisibilityState {
  return Object.fromEntries(hidden.map((id) => [id, false]));
}

function storedVisibility(tableId: string): ColumnVisibilityState | null {
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + tableId);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const visibility: ColumnVisibilityState = {};
    for (const [key, value] of Object.entries(parsed))
      if (typeof value === 'boolean') visibility[key] = value;
    return visibility;
  } catch {
    return null;
  }
}

/**
 * The table's column visibility: the device's last choice for this table, else its default.
 * A column the stored choice does not name (added since) follows the default.
 */
export function useStoredColumnVisibility(tableId: string, defaultHidden: readonly string[]) {
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() => ({
    ...defaultVisibility(defaultHidden),
    ...storedVisibility(tableId),
  }));
  const onVisibilityChange = useCallback(
    (updater: Updater<ColumnVisibilityState>) => {
      setVisibility((previous) => {
        const next = typeof updater === 'function' ? updater(previous) : updater;
        try {
          localStorage.setItem(STORAGE_PREFIX + tableId, JSON.stringify(next));
        } catch {
          // Storage full or blocked: the choice still holds on this page.
        }
        return next;
      });
    },
    [tableId],
  );
  const reset = useCallback(() => {
    try {
      localStorage.removeItem(STORAGE_PREFIX + tableId);
    } catch {
      // Nothing kept to forget.
    }
    setVisibility(defaultVisibility(defaultHidden));
  }, [defaultHidden, tableId]);
  return { visibility, onVisibilityChange, reset };
}

type ChooserColumn<Row extends RowData> = Column<DataTableFeatures, Row, unknown>;

interface ColumnChooserProps<Row extends RowData> {
  columns: ChooserColumn<Row>[];
  labelOf: (column: ChooserColumn<Row>) => string;
  onShowAll: () => void;
  onReset: () => void;
}

/** Fewer columns than this fit any screen: no chooser. */
const CHOOSER_MIN_COLUMNS = 5;

/**
 * The "Columnas" button and its list of checkboxes (the columns that can hide); closes on
 * Escape or a click outside.
 */
export function ColumnChooser<Row extends RowData>(props: ColumnChooserProps<Row>) {
  const { labelOf } = props;
  const columns = props.columns.filter((column) => column.getCanHide());
  const { t } = useTranslation();
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const shown = columns.filter((c) => c.getIsVisible()).length;

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      const details = ref.current;
      if (!details) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        details.open = false;
        details.querySelector('summary')?.focus();
        return;
      }
      if (event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (columns.length < CHOOSER_MIN_COLUMNS) return null;
  return (
    <details
      ref={ref}
      className="dt-columns"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="btn btn-ghost" data-testid="dt-columns">
        {t('ui.table.columns', { shown, total: columns.length })}
      </summary>
      <div className="dt-columns-panel">
        <fieldset className="dt-columns-list">
          <legend className="sr-only">{t('ui.table.columnsLegend')}</legend>
          {columns.map((column) => {
            const visible = column.getIsVisible();
            return (
              <label key={column.id} className="dt-columns-item">
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={visible}
                  // The last column shown stays: a table of no columns says nothing.
                  disabled={visible && shown === 1}
                  onChange={(event) => column.toggleVisibility(event.target.checked)}
                />
                <span>{labelOf(column)}</span>
              </label>
            );
          })}
        </fieldset>
        <div className="dt-columns-actions">
          <button type="button" className="btn btn-ghost" onClick={props.onShowAll}>
            {t('ui.table.columnsAll')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={props.onReset}>
            {t('ui.table.columnsReset')}
          </button>
        </div>
      </div>
    </details>
  );
}

/** Whether the box hides content to its left or right (for the scroll shadows). */
function useSidewaysOverflow<E extends HTMLElement>() {
  const [sides, setSides] = useState({ left: false, right: false });
  const attach = useCallback((element: E | null) => {
    if (!element) return () => undefined;
    const update = () => {
      const max = element.scrollWidth - element.clientWidth;
      const left = element.scrollLeft > 1;
      const right = max - element.scrollLeft > 1;
      setSides((previous) =>
        previous.left === left && previous.right === right ? previous : { left, right },
      );
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resizes?.observe(element);
    for (const child of element.children) resizes?.observe(child);
    return () => {
      element.removeEventListener('scroll', update);
      resizes?.disconnect();
    };
  }, []);
  return [attach, sides] as const;
}

/** The table's scrolling box, with a shadow on each side where columns hide. */
export function TableScrollFrame({ children }: { children: ReactNode }) {
  const [attach, sides] = useSidewaysOverflow<HTMLDivElement>();
  const className = `dt-scroll-frame${sides.left ? ' has-more-left' : ''}${
    sides.right ? ' has-more-right' : ''
  }`;
  return (
    <div className={className}>
      <div className="dt-scroll" ref={attach}>
        {children}
      </div>
    </div>
  );
}
