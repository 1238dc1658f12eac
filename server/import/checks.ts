/**
 * Checking one original row against what this product can store: each check returns the value
 * in the product's form, or records the row's first problem (and returns a placeholder the
 * caller never writes, since a row with a problem is skipped).
 */
import { isIsoDate, type IsoDate } from '#domain/dates';
import { parseMoney, type Cents } from '#domain/money';
import { parseFixed } from '#domain/rules';
import type { SkipReason } from './log.ts';

/** Business dates outside these years are typing slips ("0201-03-05"), not history. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;

export function plausibleDate(value: string): value is IsoDate {
  if (!isIsoDate(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** Ids known to the import: read from the original, and actually written to this product. */
export interface IdSet {
  /** Label in messages, e.g. "contract". */
  label: string;
  read: ReadonlySet<number>;
  imported: ReadonlySet<number>;
}

export class RowCheck {
  private problem: { reason: SkipReason; detail: string } | null = null;

  get failed(): boolean {
    return this.problem !== null;
  }

  get reason(): SkipReason {
    return this.problem?.reason ?? 'inconsistent';
  }

  get detail(): string {
    return this.problem?.detail ?? '';
  }

  fail(reason: SkipReason, detail: string): void {
    this.problem ??= { reason, detail };
  }

  /** A required business date. */
  date(field: string, value: string): IsoDate {
    if (!plausibleDate(value)) this.fail('impossible-date', `${field} ${value}`);
    return value;
  }

  /** An optional business date: NULL stays null. */
  optionalDate(field: string, value: string | null): IsoDate | null {
    return value === null ? null : this.date(field, value);
  }

  /** A required value the original allows to be NULL (`placeholder` is never written). */
  present<T>(field: string, value: T | null, placeholder: T): T {
    if (value !== null) return value;
    this.fail('missing-value', `${field} is empty`);
    return placeholder;
  }

  /** A money amount (numeric text) as cents; `positive` demands > 0. */
  cents(field: string, value: string, rules: { positive?: boolean } = {}): Cents {
    const cents = parseMoney(value);
    if (cents === null) {
      this.fail('out-of-range', `${field} ${value}`);
      return 0;
    }
    if (rules.positive && cents <= 0) this.fail('out-of-range', `${field} ${value} is not > 0`);
    return cents;
  }

  /** A monthly rate in percent with ≤ 4 decimals, ≥ 0, as the product stores it ("1.5000"). */
  rate(field: string, value: string): string {
    const units = parseFixed(value, 4);
    if (typeof units !== 'number' || units < 0) this.fail('out-of-range', `${field} ${value}`);
    return value;
  }

  /** One of a code list. */
  code<const C extends string>(field: string, value: string, allowed: readonly [C, ...C[]]): C {
    const found = allowed.find((code) => code === value);
    if (found !== undefined) return found;
    this.fail('unknown-code', `${field} '${value}' (allowed: ${allowed.join(', ')})`);
    return allowed[0];
  }

  /** An integer in [min, max]. */
  range(field: string, value: number, min: number, max: number): number {
    if (value < min || value > max) this.fail('out-of-range', `${field} ${value} (${min}–${max})`);
    return value;
  }

  /** A reference to a row of another table that must have been imported. */
  ref(ids: IdSet, id: number): number {
    if (!ids.imported.has(id))
      this.fail(
        'missing-reference',
        `${ids.label} ${id} ${ids.read.has(id) ? 'was skipped' : 'does not exist'}`,
      );
    return id;
  }

  /** An optional reference: NULL stays null. */
  optionalRef(ids: IdSet, id: number | null): number | null {
    return id === null ? null : this.ref(ids, id);
  }
}

/** '' (the original's "no value" in NOT NULL text columns) and NULL both as null. */
export const emptyToNull = (value: string | null): string | null =>
  value === null || value.trim() === '' ? null : value;
