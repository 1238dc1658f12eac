/**
 * What an import run tells: every row skipped with its reason, and every value adapted on the
 * way in (a NULL the product stores otherwise, a bank date on a cash movement…). Skips decide
 * the exit status; notes are information. Both are listed in full in the report.
 */

/** Why a row was not imported (grouped under these in the report). */
export const SKIP_REASONS = {
  unreadable: 'unreadable row',
  'missing-reference': 'refers to a row that is not imported',
  'impossible-date': 'impossible date',
  'unknown-code': 'code outside the lists',
  'missing-value': 'required value missing',
  'out-of-range': 'value out of range',
  'bad-format': 'value in a format the product does not take',
  inconsistent: 'inconsistent figures',
  duplicate: 'duplicate of another row',
  'database-refused': 'refused by the database',
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;

export interface SkippedRow {
  /** The original's table. */
  table: string;
  id: string | number;
  reason: SkipReason;
  detail: string;
}

export interface Note {
  table: string;
  id: string | number;
  /** Short kind the report groups by, e.g. "ordinario NULL read as ordinaria". */
  kind: string;
  detail: string;
}

/**
 * A row imported although it lacks what this product requires today (a member without birth
 * date or cargo) or holds figures it would refuse (a payment whose split does not add up):
 * kept as the original stored it, and listed so the office completes or reviews it.
 */
export interface IncompleteRow {
  table: 'socios_socio' | 'pagos_pago';
  id: number;
  /** Who or what, for the work list ("member 12 Juan Pérez Gómez"). */
  label: string;
  /** What it lacks or what to review, one item each. */
  lacks: string[];
}

export class ImportLog {
  readonly skipped: SkippedRow[] = [];
  readonly notes: Note[] = [];
  readonly incomplete: IncompleteRow[] = [];
  /** Original tables this database does not have (an older original): read as empty. */
  readonly missingTables: string[] = [];

  skip(table: string, id: string | number, reason: SkipReason, detail: string): void {
    this.skipped.push({ table, id, reason, detail });
  }

  note(table: string, id: string | number, kind: string, detail = ''): void {
    this.notes.push({ table, id, kind, detail });
  }

  markIncomplete(table: IncompleteRow['table'], id: number, label: string, lacks: string[]): void {
    this.incomplete.push({ table, id, label, lacks });
  }

  skippedIn(table: string): number {
    return this.skipped.filter((s) => s.table === table).length;
  }

  unreadableIn(table: string): number {
    return this.skipped.filter((s) => s.table === table && s.reason === 'unreadable').length;
  }
}
