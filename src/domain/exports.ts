/**
 * The spreadsheet exports (BUSINESS_RULES §12): the pure table a workbook is built from. The
 * server's …XLSX endpoints and the phone's offline export both use it, with the column orders
 * of each area's module, so the two files can never differ in columns or values.
 */

/** One spreadsheet cell. */
export type Cell = string | number | boolean | null;

/** One list value as a cell: lists joined with ", ", objects as JSON, missing as empty. */
export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (Array.isArray(value)) return value.map((item) => String(toCell(item) ?? '')).join(', ');
  return JSON.stringify(value);
}

/** The sheet as rows of cells: `columns` as the header row, then one row per item. */
export function exportTable<T extends object, K extends keyof T & string>(
  columns: readonly K[],
  rows: readonly T[],
): Cell[][] {
  return [[...columns], ...rows.map((row) => columns.map((column) => toCell(row[column])))];
}

// The column orders and shapings live with their areas (./member-shapes, ./community-shapes);
// named here too for the phone's existing imports.
export {
  MEMBER_EXPORT,
  MEMBER_LIST_COLUMNS,
  toMemberListRow,
  type MemberLabels,
  type MemberListRow,
  type MemberListSource,
} from './member-shapes';
export {
  COMMUNITY_EXPORT,
  COMMUNITY_LIST_COLUMNS,
  HERMITAGE_EXPORT,
  HERMITAGE_LIST_COLUMNS,
} from './community-shapes';
